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
  /**
   * The time to draw as "now": under a pacer, where playback has got to between two timers (it
   * moves smoothly while the clock waits); otherwise `now()`.
   */
  displayNow(): number;
}

/**
 * Paces a virtual clock to real time (the page's playback): the clock fires a timer only once the
 * pacer's limit has reached it, and waits on `changed` in between. Without a pacer the clock jumps
 * straight to the next timer (headless replays and tests). Pacing changes when things happen in
 * real time, never the virtual times of the run, so a paced run records what a headless one does.
 */
export interface Pacer {
  /** How far virtual time may go now (`Infinity`: no limit). */
  limit(): number;
  /** Resolves when the limit may have moved towards `target`: some real time passed, or a control changed. */
  changed(target: number): Promise<void>;
  /** The clock moved to `time` (it fired the timers due then). */
  reached(time: number): void;
}

/**
 * A deterministic clock: time stands still while anything can still make progress (pending
 * microtasks, a macrotask hop, tracked real work) and then jumps to the earliest timer, or, with a
 * `pacer`, moves to it as fast as the pacer allows. With a pacer, a run waiting on something
 * outside (a person answering a permission prompt) lets time run on instead of failing.
 */
export function createVirtualClock(options: { pacer?: Pacer } = {}): VirtualClock {
  const { pacer } = options;
  let time = 0;
  let seq = 0;
  let inFlight = 0;
  const timers: Timer[] = [];

  // A macrotask hop: every microtask queued before it has run by the time it fires. In a browser a
  // message port hops without setTimeout's 4 ms clamp on nested timers.
  const hop: (callback: () => void) => void = typeof setImmediate === 'function' ? (callback) => setImmediate(callback) : messageHop();
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
    displayNow() {
      if (!pacer) return time;
      const next = timers.reduce((earliest, timer) => Math.min(earliest, timer.at), Infinity);
      const limit = pacer.limit();
      return Math.max(time, Math.min(limit === Infinity ? time : limit, next));
    },
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
          if (!pacer) throw new Error('Virtual clock: nothing is running and no timer is set, but the run has not ended');
          // Waiting on the outside world: time runs on in real time.
          const limit = pacer.limit();
          if (limit !== Infinity) time = Math.max(time, limit);
          await pacer.changed(Infinity);
          continue;
        }
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers[0]!;
        if (pacer && pacer.limit() < next.at) {
          await pacer.changed(next.at);
          continue;
        }
        time = Math.max(time, next.at);
        pacer?.reached(time);
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

/** A macrotask hop over a MessageChannel (browsers), falling back to setTimeout. */
function messageHop(): (callback: () => void) => void {
  if (typeof MessageChannel !== 'function') return (callback) => setTimeout(callback, 0);
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (callback) => {
    queue.push(callback);
    channel.port2.postMessage(null);
  };
}
