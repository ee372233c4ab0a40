import { useDeferredValue, useMemo, useState } from 'react';
import { filterLayout, parseLaneQuery, type LaneQuery } from './laneFilter';
import type { TimelineLayout } from './layout';
import { windowLayout } from './timeWindow';

/** What of a run's layout the timeline shows: the lanes the filter keeps, and the track near the view. */
export interface ShownLayout {
  readonly layout: TimelineLayout;
  readonly query: string;
  readonly setQuery: (query: string) => void;
  /** The query as the lanes follow it (a frame behind the box while typing); `null`: no filter. */
  readonly laneQuery: LaneQuery | null;
  /** Tells where the view is along the track (its scroll position): the header draws near it. */
  readonly scrolledTo: (scrollLeft: number) => void;
}

/**
 * The filter's lanes of `whole`, and of its header and frames only what is within a view's width
 * of the view (a deep zoom lays out thousands of ticks and stream bars otherwise). `viewPx`: the
 * visible track's width.
 */
export function useShownLayout(whole: TimelineLayout, viewPx: number): ShownLayout {
  const [query, setQuery] = useState('');
  // Typing stays quick on a long session: the lanes follow the query a frame later.
  const deferredQuery = useDeferredValue(query);
  const laneQuery = useMemo(() => parseLaneQuery(deferredQuery), [deferredQuery]);
  // Which stretch of the track the view is over, in steps of a view's width.
  const [column, setColumn] = useState(0);
  const columnPx = Math.max(200, viewPx);
  const layout = useMemo(() => windowLayout(filterLayout(whole, laneQuery), (column - 1) * columnPx, (column + 2) * columnPx), [whole, laneQuery, column, columnPx]);
  return { layout, query, setQuery, laneQuery, scrolledTo: (scrollLeft) => setColumn(Math.floor(scrollLeft / columnPx)) };
}
