import { activeRunOf, usePlayground } from '../store';
import { dispatchRun } from './runs';

/** Pause or resume a running replay (a live run cannot pause: the model does not wait). */
export function togglePause(): void {
  const { run } = usePlayground.getState();
  if (run.status !== 'running' || run.kind !== 'replay') return;
  const paused = !run.paused;
  usePlayground.setState({ run: { ...run, paused } });
  if (paused) run.active.playback?.pause();
  else run.active.playback?.resume();
}

/** Step: while a replay runs, pause it and move to the next moment something happens; with no run going, start one paused. */
export function step(): void {
  const { run } = usePlayground.getState();
  if (run.status !== 'running') {
    dispatchRun({ kind: 'replay', paused: true });
    return;
  }
  const { playback } = run.active;
  if (run.kind !== 'replay' || !playback) return;
  if (!run.paused) {
    usePlayground.setState({ run: { ...run, paused: true } });
    playback.pause();
  }
  playback.step();
}

/** The replay speed, now and for the next runs. */
export function setSpeed(speed: number): void {
  usePlayground.setState({ speed });
  activeRunOf(usePlayground.getState().run)?.playback?.setSpeed(speed);
}

/** The scrubber: show the run after `cursor` events (`null`: the end). */
export function scrub(cursor: number | null): void {
  usePlayground.setState({ cursor });
}

/** The time of the playback's "now" for the timeline (ms from the run's start). */
export function playbackNow(): number {
  const { run, record } = usePlayground.getState();
  return run.status === 'running' ? run.active.now() : record.endedAt;
}
