import { useEffect, useRef, useState } from 'react';
import type { RunEvent } from '../../tools/events';
import { usePlayground } from '../store';
import { createBashFeedWriter } from './bashFeedFromEvents';
import { ANSI, createTerminalFeed, type TerminalFeed } from './terminalFeed';

/** How far the feed has followed the store's event log, and the writer that turns events into output. */
interface Followed {
  events: readonly RunEvent[] | null;
  count: number;
  write: (event: RunEvent) => void;
}

/**
 * The terminal's run output: Bash calls' output as the run's events reach the store. A new log (a
 * new run, a reset) starts a fresh writer. The events are written from a store subscription, so a
 * run's frames do not re-render the pane. Opening another scenario marks the switch with a short
 * line (`── opened ID ──`, one line at a laptop's width), so what is above it is plainly the last one's.
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
    let scenarioId = usePlayground.getState().scenario?.id;
    const markSwitch = (scenario: { id: string } | null) => {
      if (!scenario || scenario.id === scenarioId) return;
      if (scenarioId !== undefined) feed.write(`${ANSI.dim}── opened ${scenario.id} ──${ANSI.reset}\n`);
      scenarioId = scenario.id;
    };
    follow(usePlayground.getState().events);
    return usePlayground.subscribe((state) => {
      markSwitch(state.scenario);
      follow(state.events);
    });
  }, [feed]);
  return feed;
}
