import { beginPageLoad, partLoaded } from './pageLoad';
import { loadRunEngines } from './runEngines';
import { breathe } from './sandbox';

let warming: Promise<void> | undefined;
let warmedUp!: () => void;
/** Resolves once the warm-up is done; never before one started. */
const whenWarmedUp = new Promise<void>((resolve) => (warmedUp = resolve));

/**
 * Warms the engine up for the page's first run, once: when a person first reaches for the run
 * controls (the pointer over them, focus in them), or at the first run, which waits for it (a run
 * started as the engine compiles drew its lanes late and all at once). Not at load: a visitor who
 * reads the lesson and the timeline does not pay for a headless run and the later panes' code,
 * about 0.2 CPU-seconds of a page load's 1.1 (docs/performance.md, A loop light on CPU). While it runs, the page's `loading`
 * names the engine (pageLoad.ts), and a run asked for meanwhile starts once it is done.
 */
export function warmUpForRuns(): Promise<void> {
  warming ??= (async () => {
    beginPageLoad(['engine']);
    await warmUpEngine().catch(() => undefined);
    await warmUpDrawing().catch(() => undefined);
    partLoaded('engine');
    warmedUp();
  })();
  return warming;
}

/** Runs `then` once the warm-up is done (what loads after it: the panes not yet opened). */
export function afterWarmingUp(then: () => unknown): void {
  void whenWarmedUp.then(then).catch(() => undefined);
}

/**
 * Replays the first lesson once, headless, on a virtual sandbox of its own and an unpaced clock,
 * while the page loads: the engine's and the sandbox's code is parsed and compiled then, not in
 * the first run a person watches, whose long tasks were that compiling (docs/performance.md, the
 * first run after load). Nothing of it is shown or kept; it touches no network and no
 * state of the page. A failure only means the first run compiles as it goes.
 */
export async function warmUpEngine(): Promise<void> {
  const [{ runScenario }, { createVirtualSandbox }, { validateScenario }, { BUILT_IN_SCENARIOS }, { createVirtualClock }] = await Promise.all([
    import('../../run/runScenario'),
    import('../../sandbox/virtualSandbox'),
    import('../../scenarios/validate'),
    import('../../scenarios/library'),
    import('../../time/virtualClock'),
    loadRunEngines(),
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

/** The timeline's hatched fills (lanes.css, timeline.css): simulated latency and stream, a tool block, a prompt, a background shell. */
const HATCHED = ['tl-seg tl-seg--latency', 'tl-stream tl-stream--stream tl-stream--simulated', 'tl-stream tl-stream--tool_use', 'tl-seg tl-seg--asking', 'tl-seg tl-seg--background'];

/**
 * Paints each of the timeline's hatched fills once, two pixels at 1% opacity for two frames, while
 * the page loads: the first paint of a CSS gradient in a fresh page costs the browser 13 to 38 ms
 * of setting up (on two cores, software raster), which otherwise fell inside the first run, in
 * the frame that drew its first hatched lane (docs/performance.md, the first run after load).
 */
export async function warmUpDrawing(): Promise<void> {
  const probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = 'position:fixed;left:0;top:0;width:2px;height:2px;opacity:0.01;pointer-events:none;overflow:hidden';
  for (const className of HATCHED) {
    const fill = document.createElement('span');
    fill.className = className;
    fill.style.cssText = 'position:absolute;left:0;top:0;width:2px;height:2px;margin:0';
    probe.append(fill);
  }
  document.body.append(probe);
  try {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  } finally {
    probe.remove();
  }
}
