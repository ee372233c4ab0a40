/** SGR sequences the feed and its writers use; every styled piece ends with `reset`. */
export const ANSI = {
  reset: '\x1b[0m',
  // A light grey rather than SGR 2 (faint): faint text fails contrast on the dark theme.
  dim: '\x1b[38;5;248m',
  red: '\x1b[31m',
  header: '\x1b[1;38;5;75m',
} as const;

/** How much output a late subscriber is replayed, in characters. */
export const DEFAULT_BACKLOG_CHARS = 200_000;

/**
 * Run output on its way to a terminal. The app writes to it whether or not a terminal is shown;
 * a terminal that subscribes later first receives the backlog (the last ~200 KB), then live
 * chunks. Line ends are converted to CRLF, as a terminal expects.
 */
export interface TerminalFeed {
  /** Writes output. With `callId`, output of a call other than the last one is re-headed first. */
  write(text: string, callId?: string): void;
  /** Starts a call's section with a header line `▶ title`, on a fresh line. */
  callHeader(callId: string, title: string): void;
  /** Forgets the backlog and clears subscribed terminals (a new run). */
  reset(): void;
  /** Receives the backlog at once (when there is one), then every chunk; returns the unsubscribe. */
  subscribe(listener: (chunk: string) => void): () => void;
  /** What a new subscriber would be replayed. */
  backlog(): string;
}

const TRIMMED_NOTE = `${ANSI.dim}[earlier output trimmed]${ANSI.reset}\r\n`;
const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

/** Converts lone `\n` to `\r\n` (and keeps existing `\r\n` and lone `\r` as they are). */
export function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function createTerminalFeed(maxBacklogChars = DEFAULT_BACKLOG_CHARS): TerminalFeed {
  const listeners = new Set<(chunk: string) => void>();
  const titles = new Map<string, string>();
  let buffer = '';
  let trimmed = false;
  let atLineStart = true;
  let lastCall: string | undefined;

  const emit = (chunk: string) => {
    if (chunk === '') return;
    buffer += chunk;
    if (buffer.length > maxBacklogChars) {
      // Cut at a line start so the backlog never begins inside an escape sequence or a character.
      const cut = buffer.indexOf('\n', buffer.length - maxBacklogChars);
      buffer = cut === -1 ? '' : buffer.slice(cut + 1);
      trimmed = true;
    }
    atLineStart = chunk.endsWith('\n');
    for (const listener of listeners) listener(chunk);
  };
  const freshLine = () => (atLineStart ? '' : '\r\n');

  return {
    write(text, callId) {
      if (text === '') return;
      if (callId !== undefined && callId !== lastCall) {
        const title = titles.get(callId);
        if (title !== undefined) emit(`${freshLine()}${ANSI.dim}… ${title}${ANSI.reset}\r\n`);
        lastCall = callId;
      }
      emit(toCrlf(text));
    },
    callHeader(callId, title) {
      titles.set(callId, title);
      lastCall = callId;
      emit(`${freshLine()}${ANSI.header}▶ ${toCrlf(title)}${ANSI.reset}\r\n`);
    },
    reset() {
      buffer = '';
      trimmed = false;
      atLineStart = true;
      lastCall = undefined;
      titles.clear();
      for (const listener of listeners) listener(CLEAR_SCREEN);
    },
    subscribe(listener) {
      const replay = this.backlog();
      if (replay !== '') listener(replay);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    backlog() {
      return buffer === '' ? '' : (trimmed ? TRIMMED_NOTE : '') + buffer;
    },
  };
}
