import { terminalSafe } from './terminalText';
/** Where a progress line is drawn: a terminal's standard error, or a stand-in in tests. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** A one-line progress display that redraws itself in place. */
export interface Progress {
  /** Whether anything is drawn at all (a terminal, not CI). */
  readonly active: boolean;
  /** Sets how much is done (of `total`) and what is going on now, and redraws. */
  update(done: number, detail?: string): void;
  /** Prints a line of its own above the progress line (the line is redrawn after it). */
  log(text: string): void;
  /** Clears the line for good. */
  end(): void;
}

/** Whether the environment asks for no progress: CI (any value but "false" or "0") or a dumb terminal. */
export function progressWanted(stream: ProgressStream, env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stream.isTTY === true && !ci && env.TERM !== 'dumb';
}

const CLEAR_LINE = '\r\u001b[2K';

/**
 * A progress line on `stream` (by default standard error): `label [12/18] detail`, redrawn at most
 * every `intervalMs` and always at the end. It draws nothing when the stream is not a terminal or
 * under CI, so logs and pipes stay clean; `log` then just writes the line.
 */
export function createProgress(
  label: string,
  total: number,
  options: { stream?: ProgressStream; env?: Readonly<Record<string, string | undefined>>; intervalMs?: number; now?: () => number } = {},
): Progress {
  const stream = options.stream ?? process.stderr;
  const active = progressWanted(stream, options.env ?? process.env);
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 80;
  let done = 0;
  let detail = '';
  let drawnAt = -Infinity;
  let shown = false;

  const line = () => {
    const width = Math.max(20, (stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80) - 1);
    const text = terminalSafe(`${label} [${done}/${total}]${detail ? ` ${detail}` : ''}`);
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
  };
  const draw = () => {
    stream.write(`${CLEAR_LINE}${line()}`);
    shown = true;
    drawnAt = now();
  };

  return {
    active,
    update(value, what) {
      done = value;
      detail = what ?? detail;
      if (!active) return;
      if (done >= total || now() - drawnAt >= interval) draw();
    },
    log(said) {
      const text = terminalSafe(said);
      if (!active) {
        stream.write(text.endsWith('\n') ? text : `${text}\n`);
        return;
      }
      stream.write(`${CLEAR_LINE}${text.endsWith('\n') ? text : `${text}\n`}`);
      draw();
    },
    end() {
      if (active && shown) stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}
