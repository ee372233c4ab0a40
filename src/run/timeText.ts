/**
 * Time as people read it, the same on the page's axis, in its sentences and in the exported
 * report: round tick steps, tick labels and durations.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Above this step, ticks go by the clock: half-minutes, minutes, quarter-hours, hours. */
const CLOCK_FROM_MS = 20_000;
const CLOCK_STEPS = [30_000, ...[1, 2, 5, 10, 15, 30].map((m) => m * MINUTE_MS), ...[1, 2, 3, 6, 12, 24].map((h) => h * HOUR_MS)];

/**
 * The smallest 1, 2, 2.5 or 5 × 10ⁿ that is at least `rough` (and positive): ticks at 250 ms, 500 ms,
 * 1 s…; past 20 s, the clock's steps (30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 3, 6, 12, 24 h).
 */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  if (rough > CLOCK_FROM_MS) {
    for (const step of CLOCK_STEPS) if (step >= rough * (1 - 1e-9)) return step;
    return Math.ceil(rough / DAY_MS) * DAY_MS;
  }
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

/** A tick label: milliseconds below one second ("0 ms", "500 ms"), seconds above ("1 s", "1.5 s"), the clock for steps of 30 s and more ("12:30"). */
export function formatTick(ms: number, stepMs: number): string {
  if (stepMs >= CLOCK_STEPS[0]!) return clockText(ms);
  if (Math.abs(ms) < 1000) return `${trimmed(ms, decimalsFor(stepMs))} ms`;
  return `${trimmed(ms / 1000, decimalsFor(stepMs / 1000))} s`;
}

/** A moment on a long run's clock: "0:30", "12:00", "1:05:00". */
function clockText(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A stretch of time people wait through, to the nearest unit that matters: "45 s", "12 min", "2 h 5 min". */
export function idleText(ms: number): string {
  if (ms < MINUTE_MS) return `${Math.round(ms / 1000)} s`;
  if (ms < HOUR_MS) return `${Math.round(ms / MINUTE_MS)} min`;
  const minutes = Math.round((ms % HOUR_MS) / MINUTE_MS);
  return `${Math.floor(ms / HOUR_MS)} h${minutes > 0 ? ` ${minutes} min` : ''}`;
}

/** A total of tool time in a table or summary, to a tenth of a second: "103.7 s". */
export function secondsText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A duration or moment for reading: "12 ms", "12.5 ms", "1.25 s". */
export function formatMs(ms: number): string {
  if (Math.abs(ms) < 1000) return `${trimmed(ms, 1)} ms`;
  return `${trimmed(ms / 1000, 2)} s`;
}
