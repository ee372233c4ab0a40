let runEngines: (typeof import('./engineRuns') & typeof import('../app/manualCall')) | undefined;

/**
 * Loads what starts each kind of run (a replay, a live model, a call by hand): not part of the
 * first paint, it loads with the engine's warm-up (warmUp.ts) or the first run, whichever is first.
 */
export async function loadRunEngines(): Promise<NonNullable<typeof runEngines>> {
  const [engine, manual] = await Promise.all([import('./engineRuns'), import('../app/manualCall')]);
  return (runEngines ??= { ...engine, ...manual });
}

/** What {@link loadRunEngines} loaded, or `undefined` before it has. */
export function loadedRunEngines(): typeof runEngines {
  return runEngines;
}
