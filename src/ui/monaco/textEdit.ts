/** The smallest single replacement that turns one text into another, as offsets into the old text. */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

/**
 * Finds the common prefix and suffix of `current` and `next` and returns the middle that differs.
 * Applying this instead of a full replace keeps the cursor, the selection and the scroll position
 * of the parts that did not change. `null` when the texts are equal.
 */
export function minimalReplacement(current: string, next: string): TextReplacement | null {
  if (current === next) return null;
  const shorter = Math.min(current.length, next.length);
  let prefix = 0;
  while (prefix < shorter && current.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix++;
  // Never split a surrogate pair: step back onto its first half.
  if (prefix > 0 && isHighSurrogate(current.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  const maxSuffix = shorter - prefix;
  while (
    suffix < maxSuffix &&
    current.charCodeAt(current.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)
  ) {
    suffix++;
  }
  if (suffix > 0 && isLowSurrogate(current.charCodeAt(current.length - suffix))) suffix--;
  return { start: prefix, end: current.length - suffix, text: next.slice(prefix, next.length - suffix) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
