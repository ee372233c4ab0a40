import type { RunEvent } from '../../tools/events';
import { messageHop } from '../../time/nextTask';

/**
 * How often, at most, a run's events reach React. The now line and the open bars move every frame
 * on their own (a CSS variable, outside React); what waits for a flush is new lanes, states and
 * results, which read fine at 30 updates a second and leave the frames between them to the
 * browser's own drawing (a 1,000-call replay dropped frames when every frame re-rendered).
 */
const FLUSH_INTERVAL_MS = 32;

/**
 * Batches events into calls of `sink`, paced by animation frames, at most one per
 * {@link FLUSH_INTERVAL_MS}. The flush itself runs in a task of its own after the frame's
 * callback, not inside it: React's render and commit of a long run's record then make one task
 * and the browser's style, layout and paint of it another, instead of one long task holding both
 * (a 1,000-call replay's frames ran 50–120 ms with the two together).
 */
export function frameBatcher(sink: (events: RunEvent[]) => void): { push(event: RunEvent): void; flush(): void } {
  let buffer: RunEvent[] = [];
  let scheduled = false;
  let lastFlush = -Infinity;
  const flush = () => {
    scheduled = false;
    lastFlush = performance.now();
    const events = buffer;
    buffer = [];
    if (events.length > 0) sink(events);
  };
  const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (callback: (time: number) => void) => setTimeout(() => callback(performance.now()), 16);
  const afterFrame = messageHop();
  const onFrame = (time: number) => {
    if (time - lastFlush < FLUSH_INTERVAL_MS) schedule(onFrame);
    else afterFrame(() => scheduled && flush());
  };
  return {
    push(event) {
      buffer.push(event);
      if (!scheduled) {
        scheduled = true;
        schedule(onFrame);
      }
    },
    flush,
  };
}
