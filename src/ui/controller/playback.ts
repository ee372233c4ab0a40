import { usePlayground } from '../store';
import { dispatchRun } from './runs';

/** Pause or resume a running replay (a live run cannot pause: the model does not wait). */
export function togglePause(): void {
  const { run, activeRun } = usePlayground.getState();
  if (run.status !== 'running' || run.kind !== 'replay') return;
  const paused = !run.paused;
  usePlayground.setState({ run: { ...run, paused } });
  if (paused) activeRun?.playback?.pause();
  else activeRun?.playback?.resume();
}

/** Step: while a replay runs, pause it and move to the next moment something happens; with no run going, start one paused. */
export function step(): void {
  const { run, activeRun } = usePlayground.getState();
  if (!activeRun) {
    dispatchRun({ kind: 'replay', paused: true });
    return;
  }
  const { playback } = activeRun;
  if (run.status !== 'running' || run.kind !== 'replay' || !playback) return;
  if (!run.paused) {
    usePlayground.setState({ run: { ...run, paused: true } });
    playback.pause();
  }
  playback.step();
}

/** The replay speed, now and for the next runs. */
export function setSpeed(speed: number): void {
  usePlayground.setState({ speed });
  usePlayground.getState().activeRun?.playback?.setSpeed(speed);
}

/** The scrubber: show the run after `cursor` events (`null`: the end). */
export function scrub(cursor: number | null): void {
  usePlayground.setState({ cursor });
}

/** The time of the playback's "now" for the timeline (ms from the run's start). */
export function playbackNow(): number {
  const { activeRun, record } = usePlayground.getState();
  return activeRun ? activeRun.now() : record.endedAt;
}
