/**
 * Time as the engine sees it. The executor, the replay source and simulated latency all read time
 * and wait through a Clock, so tests and headless replays can run scenarios without real waiting.
 */
export interface Clock {
  /** Milliseconds since an arbitrary origin. */
  now(): number;
  /** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Marks real work in flight (a sandbox operation: a process, file I/O). A virtual clock does not
   * move while any is held, so real work takes no virtual time; a real clock ignores it. Only for
   * work that never waits on this clock itself, or time would stand still for good.
   */
  track<T>(work: Promise<T>): Promise<T>;
}

/** The error a sleep rejects with when its signal aborts. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** Wall-clock time, scaled by `speed` (2 = twice as fast): what the page and `--realtime` use. */
export function createRealClock(speed = 1): Clock {
  const origin = performance.now();
  return {
    now: () => (performance.now() - origin) * speed,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        const onAbort = () => {
          clearTimeout(timer);
          reject(abortError(signal));
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, Math.max(0, ms / speed));
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    track: (work) => work,
  };
}

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** A clock that only moves when told to (see {@link createVirtualClock}). */
export interface VirtualClock extends Clock {
  /** Moves time forward to the next timer whenever nothing runs, until `done` settles. */
  runUntil<T>(done: Promise<T>): Promise<T>;
  /** Number of timers waiting. */
  pending(): number;
}

/**
 * A deterministic clock: time stands still while anything can still make progress (pending
 * microtasks, a macrotask hop, tracked real work) and then jumps to the earliest timer.
 */
export function createVirtualClock(): VirtualClock {
  let time = 0;
  let seq = 0;
  let inFlight = 0;
  const timers: Timer[] = [];

  // A macrotask hop: every microtask queued before it has run by the time it fires.
  const hop: (callback: () => void) => void =
    typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : (callback) => setTimeout(callback, 0);
  const settle = () => new Promise<void>((resolve) => hop(resolve));

  const clock: VirtualClock = {
    now: () => time,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        const timer: Timer = {
          at: time + Math.max(0, ms),
          seq: seq++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = timers.indexOf(timer);
          if (index >= 0) timers.splice(index, 1);
          reject(abortError(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        timers.push(timer);
      });
    },
    async track(work) {
      inFlight++;
      try {
        return await work;
      } finally {
        inFlight--;
      }
    },
    pending: () => timers.length,
    async runUntil<T>(done: Promise<T>): Promise<T> {
      let finished = false;
      let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
      done.then(
        (value) => {
          finished = true;
          outcome = { ok: true, value };
        },
        (error: unknown) => {
          finished = true;
          outcome = { ok: false, error };
        },
      );
      for (;;) {
        await settle();
        if (finished) break;
        if (inFlight > 0) continue;
        // Nothing real is running: a second hop makes sure nothing was about to be scheduled.
        await settle();
        if (finished) break;
        if (inFlight > 0) continue;
        if (timers.length === 0) {
          throw new Error('Virtual clock: nothing is running and no timer is set, but the run has not ended');
        }
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers[0]!;
        time = Math.max(time, next.at);
        // Fire every timer due at this instant, in the order they were set.
        while (timers.length > 0 && timers[0]!.at <= time) timers.shift()!.resolve();
      }
      if (!outcome) throw new Error('unreachable');
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
  return clock;
}
