/**
 * Time as people read it, the same on the page's axis, in its sentences and in the exported
 * report: round tick steps, tick labels and durations.
 */

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ that is at least `rough` (and positive): ticks at 250 ms, 500 ms, 1 s… */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = factor * power;
    if (step >= rough * (1 - 1e-9)) return step;
  }
  return 10 * power;
}

/** A number with at most `decimals` decimals and no trailing zeros. */
function trimmed(value: number, decimals: number): string {
  const text = value.toFixed(Math.max(0, Math.min(6, decimals)));
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The decimals a multiple of `step` needs. */
function decimalsFor(step: number): number {
  return step >= 1 ? 0 : Math.ceil(-Math.log10(step) - 1e-9);
}

/** A tick label: milliseconds below one second ("0 ms", "500 ms"), seconds above ("1 s", "1.5 s"). */
export function formatTick(ms: number, stepMs: number): string {
  if (Math.abs(ms) < 1000) return `${trimmed(ms, decimalsFor(stepMs))} ms`;
  return `${trimmed(ms / 1000, decimalsFor(stepMs / 1000))} s`;
}

/** A duration or moment for reading: "12 ms", "12.5 ms", "1.25 s". */
export function formatMs(ms: number): string {
  if (Math.abs(ms) < 1000) return `${trimmed(ms, 1)} ms`;
  return `${trimmed(ms / 1000, 2)} s`;
}
