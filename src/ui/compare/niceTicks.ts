/** A tick of a time axis: where it sits (ms) and what it says. */
export interface Tick {
  ms: number;
  label: string;
}

const STEPS = [1, 2, 2.5, 5, 10];

/**
 * Round ticks for a time axis from 0 to `extentMs`: a step of 1, 2, 2.5 or 5 times a power of ten,
 * about `count` of them, labelled in ms under a second and in seconds from there (`0`, `0.5 s`,
 * `1 s`), every label with the same number of decimals.
 */
export function niceTicks(extentMs: number, count = 6): Tick[] {
  const extent = Math.max(1, extentMs);
  const raw = extent / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // The round step nearest the raw one (by ratio), so there are about `count` ticks.
  const step = STEPS.map((candidate) => candidate * magnitude).reduce((best, candidate) => (Math.abs(Math.log(candidate / raw)) < Math.abs(Math.log(best / raw)) ? candidate : best));
  const seconds = extent >= 1000;
  const decimals = seconds ? Math.max(0, -Math.floor(Math.log10(step / 1000) + 1e-9)) : Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const places = seconds && step % 250 === 0 && step % 500 !== 0 ? Math.max(decimals, 2) : decimals;
  const ticks: Tick[] = [];
  for (let i = 0; i * step <= extent + 1e-6; i++) {
    const ms = Math.round(i * step * 1e6) / 1e6;
    ticks.push({ ms, label: ms === 0 ? '0' : seconds ? `${(ms / 1000).toFixed(places)} s` : `${ms.toFixed(places)} ms` });
  }
  return ticks;
}

/** A duration as the compare view writes it: `2.60 s`, or `850 ms` under a second. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
