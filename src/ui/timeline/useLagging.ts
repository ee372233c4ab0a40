import { useEffect, useState } from 'react';
import { messageHop } from '../../time/nextTask';

const hop = messageHop();

/**
 * `value`, or while `lag` is on, `value` as it was one task ago: the update reaches this
 * component in a task of its own instead of in the one that changed it. A pane that redraws a
 * long list on every flush of a run then costs a task of its own, not a share of the timeline's
 * (the page's long tasks are what the budget counts). With `lag` off it is `value`, at once.
 */
export function useLagging<T>(value: T, lag: boolean): T {
  const [lagged, setLagged] = useState(value);
  useEffect(() => {
    if (!lag) return;
    let live = true;
    hop(() => {
      if (live) setLagged(value);
    });
    return () => {
      live = false;
    };
  }, [value, lag]);
  return lag ? lagged : value;
}
