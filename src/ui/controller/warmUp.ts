import { createVirtualClock } from '../../time/virtualClock';
import { breathe } from './sandbox';

/**
 * Replays the first lesson once, headless, on a virtual sandbox of its own and an unpaced clock,
 * while the page loads: the engine's and the sandbox's code is parsed and compiled then, not in
 * the first run a person watches, whose long tasks were that compiling (docs/performance.md, the
 * first run after load). Nothing of it is shown or kept; it touches no network and no
 * state of the page. A failure only means the first run compiles as it goes.
 */
export async function warmUpEngine(): Promise<void> {
  const [{ runScenario }, { createVirtualSandbox }, { validateScenario }, { BUILT_IN_SCENARIOS }] = await Promise.all([
    import('../../run/runScenario'),
    import('../../sandbox/virtualSandbox'),
    import('../../scenarios/validate'),
    import('../../scenarios/library'),
  ]);
  const checked = validateScenario(BUILT_IN_SCENARIOS[0]);
  if (!checked.ok) return;
  const sandbox = createVirtualSandbox({});
  const clock = createVirtualClock();
  try {
    await clock.runUntil(runScenario({ scenario: checked.scenario, sandbox, clock, pause: breathe }));
  } finally {
    await sandbox.dispose().catch(() => undefined);
  }
}
