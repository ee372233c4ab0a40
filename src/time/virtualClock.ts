import { nextTask } from './nextTask';
import { abortError, type Clock } from './clock';

/** A clock that moves on its own terms (see {@link createVirtualClock}). */
export interface VirtualClock extends Clock {
  /** Drives time until `done` settles: jumping over simulated waits, keeping pace with real work. */
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
 * straight to the next timer (headless replays and tests). Pacing changes when simulated waits
 * end in real time, never the run's times, so a paced run records what a headless one does.
 */
export interface Pacer {
  /** How far virtual time may go now (`Infinity`: no limit). */
  limit(): number;
  /** Resolves when the limit may have moved towards `target`: some real time passed, or a control changed. */
  changed(target: number): Promise<void>;
  /** The clock moved to `time`: it fired the timers due then, or real work carried it there. */
  reached(time: number): void;
}

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

/** The longest real wait between two looks at the timers while time keeps the wall clock's pace. */
const MAX_REAL_WAIT_MS = 50;

/**
 * A clock for replays, honest about what is real. Simulated waits (stream timings, latency,
 * scripted answers) are timers: when nothing can make progress and nothing real is in flight,
 * time jumps to the earliest one, or, under a pacer, moves to it as fast as the pacer allows.
 * While real work is in flight ({@link Clock.track}: a command, file I/O, a fetch) time moves at
 * the wall clock's pace, so that work takes its real time in the record, and timers falling due
 * meanwhile fire on time (a scripted Stop reaches a running command). When the run waits on
 * something that is neither (a person answering a prompt), time runs on in real time too: the
 * clock never stalls or fails for want of a timer.
 */
export function createVirtualClock(options: { pacer?: Pacer; realNow?: () => number } = {}): VirtualClock {
  const { pacer } = options;
  const realNow = options.realNow ?? (() => performance.now());
  let time = 0;
  let seq = 0;
  let inFlight = 0;
  /** While time keeps the wall clock's pace: the real moment `time` was last brought up to date. */
  let realSince: number | undefined;
  /** Real time moved the clock since the pacer last heard where it is. */
  let movedByRealTime = false;
  let workListeners: (() => void)[] = [];
  const timers: Timer[] = [];

  const sync = () => {
    if (realSince === undefined) return;
    const real = realNow();
    if (real > realSince) movedByRealTime = true;
    time += Math.max(0, real - realSince);
    realSince = real;
  };
  const keepPace = () => {
    if (realSince === undefined) realSince = realNow();
  };
  const holdStill = () => {
    sync();
    realSince = undefined;
  };
  const workChanged = () => new Promise<void>((resolve) => workListeners.push(resolve));

  // A macrotask hop: every microtask queued before it has run by the time it fires (nextTask.ts).
  const settle = () => new Promise<void>((resolve) => nextTask(resolve));
  const realDelay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  const earliest = (): Timer | undefined => {
    timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    return timers[0];
  };
  /**
   * Fires the timers of the earliest moment due by now, in the order they were set. One moment
   * at a time: when real work carried time far ahead (a busy page stalls a frame), the moments
   * it passed are caught up one task each, not all in one long task.
   */
  const fireDue = (): boolean => {
    const first = earliest();
    if (!first || first.at > time) return false;
    while (timers.length > 0 && earliest()!.at === first.at) timers.shift()!.resolve();
    return true;
  };

  const clock: VirtualClock = {
    // Time moves between tasks, never within one: code that reads the time twice without waiting
    // sees one moment, so calls started together start at the same time.
    now: () => time,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        const timer: Timer = {
          at: time + Math.max(0, Number.isFinite(ms) ? ms : 0),
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
      keepPace();
      try {
        return await work;
      } finally {
        sync();
        inFlight--;
        // Only the time real work is in flight counts: the engine's own code in between does not.
        if (inFlight === 0) realSince = undefined;
        const listeners = workListeners;
        workListeners = [];
        for (const listener of listeners) listener();
      }
    },
    pending: () => timers.length,
    displayNow() {
      if (realSince !== undefined) return time + Math.max(0, realNow() - realSince);
      if (!pacer) return time;
      const next = timers.reduce((soonest, timer) => Math.min(soonest, timer.at), Infinity);
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
        if (inFlight > 0) {
          // Real work runs: time keeps its pace, and timers due meanwhile fire on time.
          keepPace();
          sync();
          if (fireDue()) continue;
          const next = earliest();
          const wait = next ? Math.min(MAX_REAL_WAIT_MS, Math.max(1, next.at - time)) : MAX_REAL_WAIT_MS;
          await Promise.race([workChanged(), realDelay(wait)]);
          continue;
        }
        // Nothing real is running: a second hop makes sure nothing was about to be scheduled.
        await settle();
        if (finished) break;
        if (inFlight > 0) continue;
        if (movedByRealTime) {
          // Real work carried the clock ahead: playback goes on from there.
          movedByRealTime = false;
          pacer?.reached(time);
        }
        const next = earliest();
        if (!next) {
          // Waiting on the outside world (a person, an untracked request): time runs on in real time.
          keepPace();
          if (pacer) await pacer.changed(Infinity);
          else await realDelay(MAX_REAL_WAIT_MS);
          if (inFlight === 0) holdStill();
          continue;
        }
        if (pacer && pacer.limit() < next.at) {
          await pacer.changed(next.at);
          continue;
        }
        time = Math.max(time, next.at);
        pacer?.reached(time);
        fireDue();
      }
      holdStill();
      if (!outcome) throw new Error('the virtual clock stopped before the run settled');
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
  return clock;
}
