/**
 * What the commands print, made unable to drive the terminal it lands in. A session log's results,
 * a file name or a bad line quoted in a message can hold escape sequences: clearing the screen,
 * moving the cursor over earlier lines, a hyperlink that shows one address and opens another, and
 * on some terminals a write to the clipboard. Every control character but the line break and the
 * tab (C0, DEL, C1: `\x9b` opens a sequence as `ESC [` does), and the bidirectional overrides that
 * make a line read other than its bytes, is printed as its `\uXXXX` escape. Inside JSON output
 * that is the same string (JSON.stringify leaves C1 and the overrides raw); in text it is visible.
 * A file written with `--out` keeps its bytes: it is not a terminal.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with each control character as `\uXXXX`, line breaks and tabs kept. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A writer for `stream` that prints every text through {@link terminalSafe}. */
export function safeWriter(stream: { write(text: string): unknown }): (text: string) => void {
  return (text) => void stream.write(terminalSafe(text));
}
