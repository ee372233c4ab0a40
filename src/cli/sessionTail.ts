import { open, readdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MAX_LINE_CHARS } from '../scenarios/import/logLines';
import type { TailedLines } from '../scenarios/import/sessionStream';

export type { TailedLines };

export interface SessionTail {
  stop(): void;
}

/** How often the files are looked at: polling works on every file system, network mounts too. */
const POLL_MS = 250;
/** The most of a file read at once; a 50 MB log arrives in slices, not one allocation. */
const SLICE_BYTES = 4 << 20;

/**
 * Follows a Claude Code session while it is written: the main log, and the sub-agents' logs in
 * `SESSION/subagents/` as they appear. Hands out complete lines only (a line still being written
 * waits for its newline), everything already there first. Errors end nothing: a file that
 * vanishes is looked for again.
 */
export function tailSession(logPath: string, onLines: (lines: TailedLines) => void, options: { pollMs?: number } = {}): SessionTail {
  // `skipped`: the characters of a line still being written that grew past what an import reads,
  // let go as they came instead of held (a log with no newline would otherwise grow without end).
  const offsets = new Map<string, { offset: number; partial: string; skipped: number }>();
  const subagents = join(dirname(logPath), basename(logPath, '.jsonl'), 'subagents');
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const readNew = async (path: string, file: string): Promise<void> => {
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      return;
    }
    const seen = offsets.get(path) ?? { offset: 0, partial: '', skipped: 0 };
    let reset = false;
    if (size < seen.offset) {
      seen.offset = 0;
      seen.partial = '';
      seen.skipped = 0;
      reset = true;
    }
    if (size === seen.offset && !reset) return;
    const handle = await open(path, 'r');
    try {
      while (seen.offset < size && !stopped) {
        const buffer = Buffer.alloc(Math.min(SLICE_BYTES, size - seen.offset));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, seen.offset);
        if (bytesRead === 0) break;
        // Cut at the last newline, so a character split across slices is never decoded in halves.
        const cut = buffer.lastIndexOf(0x0a, bytesRead - 1);
        const take = cut === -1 ? bytesRead : cut + 1;
        seen.offset += take;
        const text = seen.partial + buffer.subarray(0, take).toString('utf8');
        const lines = text.split('\n');
        seen.partial = lines.pop() ?? '';
        if (seen.skipped > 0 && lines.length > 0) {
          lines[0] = tooLong(seen.skipped + lines[0]!.length);
          seen.skipped = 0;
        }
        // A line that ended in this slice may be past the bound too.
        for (let i = 0; i < lines.length; i++) if (lines[i]!.length > MAX_LINE_CHARS) lines[i] = tooLong(lines[i]!.length);
        if (seen.partial.length > MAX_LINE_CHARS) {
          seen.skipped += seen.partial.length;
          seen.partial = '';
        }
        const complete = lines.filter((line) => line.trim() !== '');
        if (complete.length > 0 || reset) onLines({ file, lines: complete, ...(reset ? { reset: true } : {}) });
        reset = false;
        if (cut === -1) break;
      }
    } finally {
      await handle.close();
      offsets.set(path, seen);
    }
  };

  /** What stands for a line too long to import: not JSON, so the import names it, at its own line. */
  const tooLong = (characters: number) =>
    `npm run watch left this line out: it is ${characters.toLocaleString('en-US')} characters long, over the ${MAX_LINE_CHARS.toLocaleString('en-US')} an import reads`;

  const poll = async (): Promise<void> => {
    await readNew(logPath, basename(logPath));
    let names: string[] = [];
    try {
      names = (await readdir(subagents)).filter((name) => name.endsWith('.jsonl')).sort();
    } catch {
      // No sub-agents (yet).
    }
    for (const name of names) await readNew(join(subagents, name), `subagents/${name}`);
  };

  const loop = (): void => {
    if (stopped) return;
    poll()
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, options.pollMs ?? POLL_MS);
      });
  };
  loop();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
