/**
 * Time as the engine sees it. The executor, the replay source and simulated latency all read time
 * and wait through a Clock, so tests and headless replays run scenarios without waiting out their
 * simulated delays (design.md, Time).
 */
export interface Clock {
  /** Milliseconds since an arbitrary origin. */
  now(): number;
  /** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Marks real work in flight (a process, file I/O, a fetch, an MCP request). A virtual clock moves
   * at the wall clock's pace while any is held, so real work takes its real time while simulated
   * waits stay instant; a real clock ignores it.
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

/**
 * Sleeps `ms` on `clock` unless `signal` aborts: true when the time passed, false when the signal
 * aborted (before or during the sleep). Any other failure of the sleep is thrown.
 */
export async function sleepUnlessAborted(clock: Clock, ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await clock.sleep(ms, signal);
  } catch (error: unknown) {
    if (signal.aborted) return false;
    throw error;
  }
  return !signal.aborted;
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
