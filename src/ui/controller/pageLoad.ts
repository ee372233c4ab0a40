import { usePlayground, type PagePart } from '../store';

/** How long the page must go without a long task, once its parts loaded, before a run may start. */
const QUIET_MS = 250;

/** What each part is, for Run's title while it waits. */
export const PAGE_PART_NAMES: Record<PagePart, string> = {
  engine: 'the engine',
  editor: 'the editor',
  terminal: 'the terminal',
  settle: 'the page to settle',
};

/**
 * The page's own loading, which a run started during it would share the main thread with: the
 * engine's code (compiled by a headless warm-up run), and, when a person reaches for them as the
 * page loads, Monaco creating its first editor and xterm its terminal (ui/onDemand.ts). Each takes tasks of 50 to
 * 400 ms on a 2-core machine; a first run started under them drew its lanes late and all at once.
 * So a run waits for them: Run is disabled while they load (its title says what it waits for),
 * and every other way to start one (Space, a link's autorun, `window.playground.run()`) waits
 * too. Once the named parts loaded, the page must go `QUIET_MS` without a long task (`settle`).
 * Whatever has not reported after `capMs` (a pane the layout did not draw) is no longer waited for.
 */
export function beginPageLoad(parts: readonly Exclude<PagePart, 'settle'>[], capMs = 8000): void {
  usePlayground.setState({ loading: [...parts, 'settle'] });
  setTimeout(() => usePlayground.setState({ loading: [] }), capMs);
}

/** `part` has loaded; once every named part has, the page is watched until it goes quiet. */
export function partLoaded(part: Exclude<PagePart, 'settle'>): void {
  if (!usePlayground.getState().loading.includes(part)) return;
  usePlayground.setState((state) => ({ loading: state.loading.filter((each) => each !== part) }));
  const left = usePlayground.getState().loading;
  if (left.length === 1 && left[0] === 'settle') void untilQuiet().then(() => usePlayground.setState((state) => ({ loading: state.loading.filter((each) => each !== 'settle') })));
}

/** Resolves once the main thread went `QUIET_MS` without a task over 50 ms (one frame where the browser cannot tell). */
function untilQuiet(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    let timer = setTimeout(done, QUIET_MS);
    const observer = new PerformanceObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, QUIET_MS);
    });
    observer.observe({ type: 'longtask' });
    function done() {
      observer.disconnect();
      resolve();
    }
  });
}

/** Resolves once the page has loaded what a run would otherwise wait on (at once when it has). */
export function whenPageLoaded(): Promise<void> {
  if (usePlayground.getState().loading.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = usePlayground.subscribe((state) => {
      if (state.loading.length > 0) return;
      stop();
      resolve();
    });
  });
}
