import { useEffect, useRef, useState } from 'react';
import type { RunEvent } from '../../tools/events';
import { usePlayground } from '../store';
import { createBashFeedWriter } from './bashFeedFromEvents';
import { createTerminalFeed, type TerminalFeed } from './terminalFeed';

/** How far the feed has followed the store's event log, and the writer that turns events into output. */
interface Followed {
  events: readonly RunEvent[] | null;
  count: number;
  write: (event: RunEvent) => void;
}

/**
 * The terminal's run output: Bash calls' output as the run's events reach the store. A new log (a
 * new run, a reset) starts a fresh writer. The events are written from a store subscription, so a
 * run's frames do not re-render the pane.
 */
export function useTerminalFeed(): TerminalFeed {
  const [feed] = useState(createTerminalFeed);
  const followed = useRef<Followed | null>(null);
  useEffect(() => {
    followed.current ??= { events: null, count: 0, write: createBashFeedWriter(feed) };
    const seen = followed.current;
    const follow = (events: readonly RunEvent[]) => {
      if (events === seen.events) return;
      if (events.length < seen.count || (seen.events !== null && events[0] !== seen.events[0])) {
        seen.count = 0;
        seen.write = createBashFeedWriter(feed);
      }
      for (let i = seen.count; i < events.length; i++) seen.write(events[i]!);
      seen.count = events.length;
      seen.events = events;
    };
    follow(usePlayground.getState().events);
    return usePlayground.subscribe((state) => follow(state.events));
  }, [feed]);
  return feed;
}
