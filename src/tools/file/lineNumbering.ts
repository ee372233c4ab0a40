/** Splits text into lines without their terminators; a final newline does not start a new line. */
export function splitLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** One line in `cat -n` style: the number right-aligned in six columns, a tab, the text. */
export function numberLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(6)}\t${text}`;
}

/** `lines` numbered from `firstLineNumber`, one per row. */
export function numberLines(lines: readonly string[], firstLineNumber: number): string {
  return lines.map((text, index) => numberLine(firstLineNumber + index, text)).join('\n');
}

/** "1 line", "3 lines". */
export function linesLabel(count: number): string {
  return `${count} ${count === 1 ? 'line' : 'lines'}`;
}
