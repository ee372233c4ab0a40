/**
 * The most of one output stream a command's result keeps, in characters. A command that prints
 * more (a runaway loop, `yes`, a 300 MB log) has the rest counted, not kept: unbounded, it ended a
 * replay with `Invalid string length` at 1.9 GB of memory. The model sees far less anyway (the Bash
 * tool truncates its result); the display and the terminal keep up to this.
 */
export const MAX_KEPT_OUTPUT = 4 * 1024 * 1024;

/** The line that stands for what was not kept. */
export function truncationNote(dropped: number): string {
  return `\n[output truncated: ${dropped} more characters were not kept; at most ${MAX_KEPT_OUTPUT} are]\n`;
}

/** One stream's output, kept up to a limit; what comes after is counted. */
export class KeptOutput {
  private readonly parts: string[] = [];
  private kept = 0;
  private dropped = 0;

  constructor(private readonly limit = MAX_KEPT_OUTPUT) {}

  /** Adds a chunk; returns the part of it that was kept ('' once the limit is reached). */
  add(chunk: string): string {
    const room = this.limit - this.kept;
    const part = room >= chunk.length ? chunk : chunk.slice(0, Math.max(0, room));
    if (part.length > 0) {
      this.parts.push(part);
      this.kept += part.length;
    }
    this.dropped += chunk.length - part.length;
    return part;
  }

  /** The kept text, with a note of what was not kept. */
  text(): string {
    return `${this.parts.join('')}${this.note()}`;
  }

  /** The note of what was not kept; '' when everything was. */
  note(): string {
    return this.dropped > 0 ? truncationNote(this.dropped) : '';
  }
}
