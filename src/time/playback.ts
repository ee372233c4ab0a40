import type { Pacer } from './virtualClock';

/** The page's playback controls over a paced virtual clock. */
export interface Playback extends Pacer {
  readonly paused: boolean;
  readonly speed: number;
  pause(): void;
  resume(): void;
  /** While paused: let the clock move to its next timer (the next moment something happens). */
  step(): void;
  setSpeed(speed: number): void;
}

/** Longest real wait between two looks at the limit, so a paced clock stays responsive. */
const MAX_WAIT_MS = 50;

/**
 * Playback at `speed` × real time (0.25–4 on the page; it scales the scenario's timings), with
 * pause, step and speed changes. `now` is injectable for tests.
 */
export function createPlayback(options: { speed?: number; paused?: boolean; now?: () => number } = {}): Playback {
  const realNow = options.now ?? (() => performance.now());
  let speed = options.speed ?? 1;
  let paused = options.paused ?? false;
  let anchorReal = realNow();
  let anchorVirtual = 0;
  let stepping = false;
  let wake: (() => void) | undefined;

  const position = () => (paused ? anchorVirtual : anchorVirtual + (realNow() - anchorReal) * speed);
  const reanchor = () => {
    anchorVirtual = position();
    anchorReal = realNow();
  };
  const poke = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };

  return {
    get paused() {
      return paused;
    },
    get speed() {
      return speed;
    },
    limit: () => (stepping ? Infinity : position()),
    changed(target) {
      return new Promise<void>((resolve) => {
        const due = paused || target === Infinity ? MAX_WAIT_MS : Math.max(0, (target - position()) / speed);
        const timer = setTimeout(() => {
          wake = undefined;
          resolve();
        }, Math.min(MAX_WAIT_MS, due));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    reached(time) {
      // A step ends at the moment it reached; real work may have carried the clock past where
      // playback had got to, and playback goes on from there.
      if (stepping || time > position()) {
        stepping = false;
        anchorVirtual = time;
        anchorReal = realNow();
      }
    },
    pause() {
      if (paused) return;
      reanchor();
      paused = true;
      poke();
    },
    resume() {
      if (!paused) return;
      paused = false;
      anchorReal = realNow();
      poke();
    },
    step() {
      if (!paused) return;
      stepping = true;
      poke();
    },
    setSpeed(next) {
      if (!(next > 0) || !Number.isFinite(next)) throw new RangeError(`playback speed must be a positive number, not ${next}`);
      reanchor();
      speed = next;
      poke();
    },
  };
}
