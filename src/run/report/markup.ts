/** Text made safe for HTML and SVG content and attribute values. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Milliseconds as people read them: `850 ms`, `1.25 s`. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Round tick steps (1, 2, 5 × a power of ten) so a span gets at most `most` ticks. */
export function tickStep(span: number, most: number): number {
  const raw = Math.max(span, 1) / most;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/** A tick's label: round values without trailing zeros (`250 ms`, `1 s`, `1.5 s`, `50 s`). */
export function formatTick(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}
