/**
 * When OpenCode made each part, read from its id (packages/opencode/src/id/id.ts,
 * `Identifier.ascending`): `prt_` then the hex of `ms * 0x1000 + counter`, then random base62.
 * Older ids keep 6 bytes (12 hex digits: the time modulo 2^36 ms, about 795 days), newer ones 7
 * (14 digits, the whole time). A part is made as its first event is handled: a tool part when the
 * model began writing the call (`tool-input-start`), a text when it began the text. So a block has
 * closed by the time the next part of its step was made, whatever its own `time.end` says (some
 * providers send `text-end` only when the whole stream ends).
 */

const WRAP = 2 ** 36;

/**
 * The moment a part id encodes, checked to fall within `[from, to]` (its message's own times,
 * widened by a minute): the 14-digit form first, then the 12-digit form unwrapped to the cycle
 * nearest `from`. `null` when the id encodes neither (a hand-made id, another format).
 */
export function idTime(id: string, from: number, to: number): number | null {
  const match = /^[a-z]{3}_([0-9a-f]{12})([0-9a-f]{2})?/.exec(id);
  if (!match) return null;
  const lo = from - 60_000;
  const hi = to + 60_000;
  if (match[2] !== undefined) {
    const whole = Number(BigInt(`0x${match[1]!}${match[2]}`) >> 12n);
    if (whole >= lo && whole <= hi) return whole;
  }
  const low = Number(BigInt(`0x${match[1]!}`) >> 12n);
  const cycle = Math.round((from - low) / WRAP);
  const unwrapped = cycle * WRAP + low;
  return unwrapped >= lo && unwrapped <= hi ? unwrapped : null;
}
