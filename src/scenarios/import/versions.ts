/**
 * Agents' version strings compared part by part ("2.1.9" < "2.1.47" < "2.1.161"); a part that is
 * not a number counts as 0, and what follows a `-` (a pre-release: "0.145.0-alpha.30") is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split('-')[0]!.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** One step of an agent's rules: from this version on (until the next step), its logs replay under `preset`. */
export interface VersionStep<Preset extends string> {
  readonly from: string;
  readonly preset: Preset;
}

/**
 * The preset of a version: the last step at or before it, so a version between two known ones
 * takes the last rules known before it (and one before the first step, the first).
 */
export function presetForVersion<Preset extends string>(steps: readonly VersionStep<Preset>[], version: string): Preset {
  let found = steps[0]!.preset;
  for (const step of steps) if (compareVersions(version, step.from) >= 0) found = step.preset;
  return found;
}
