/** A piece of a description: plain text, or the inside of a `code span`. */
export interface DescriptionPart {
  code: boolean;
  text: string;
}

/**
 * Splits Markdown-ish text into plain text and inline code spans. A span opens with a run of
 * backticks and closes at the next run of the same length (so ``a`b`` holds a backtick); a
 * backtick that never closes stays text. Everything else (emphasis, links) is left as written.
 */
export function splitInlineCode(text: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  const push = (code: boolean, piece: string) => {
    if (piece === '') return;
    const last = parts[parts.length - 1];
    if (last && !last.code && !code) last.text += piece;
    else parts.push({ code, text: piece });
  };
  const span = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  let at = 0;
  for (let match = span.exec(text); match; match = span.exec(text)) {
    push(false, text.slice(at, match.index));
    const inside = match[2]!;
    // CommonMark: one space padding on both sides is stripped, so `` `x` `` can show backticks.
    push(true, /^ .* $/s.test(inside) && inside.trim() !== '' ? inside.slice(1, -1) : inside);
    at = match.index + match[0].length;
  }
  push(false, text.slice(at));
  return parts;
}
