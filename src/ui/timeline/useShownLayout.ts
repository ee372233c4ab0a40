import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { filterLayout, parseLaneQuery, type LaneQuery } from './laneFilter';
import type { TimelineLayout } from './layout';
import { windowLayout } from './timeWindow';
import { foldTurns } from './turnFolds';

/** What of a run's layout the timeline shows: the lanes the filter keeps, and the track near the view. */
export interface ShownLayout {
  readonly layout: TimelineLayout;
  readonly query: string;
  readonly setQuery: (query: string) => void;
  /** The query as the lanes follow it (a frame behind the box while typing); `null`: no filter. */
  readonly laneQuery: LaneQuery | null;
  /** Tells where the view is along the track (its scroll position): the header draws near it. */
  readonly scrolledTo: (scrollLeft: number) => void;
  /** Turns are folded into a row each (a filter shows its matches unfolded all the same). */
  readonly turnsFolded: boolean;
  readonly setTurnsFolded: (folded: boolean) => void;
  /** Unfolds or folds one turn's row (`open`: the state wanted; `undefined`: the other one). */
  readonly toggleTurn: (turn: number, open?: boolean) => void;
}

/**
 * The filter's lanes of `whole` (or, with no filter and `turnsFolded`, its turns folded into rows),
 * and of its header and frames only what is within a view's width of the view (a deep zoom lays
 * out thousands of ticks and stream bars otherwise). `viewPx`: the visible track's width.
 */
export function useShownLayout(whole: TimelineLayout, viewPx: number, foldInitially = false): ShownLayout {
  const [query, setQuery] = useState('');
  // Typing stays quick on a long session: the lanes follow the query a frame later.
  const deferredQuery = useDeferredValue(query);
  const laneQuery = useMemo(() => parseLaneQuery(deferredQuery), [deferredQuery]);
  const [turnsFolded, setTurnsFolded] = useState(foldInitially);
  const [openTurns, setOpenTurns] = useState<ReadonlySet<number>>(() => new Set());
  const toggleTurn = useCallback((turn: number, open?: boolean) => {
    setOpenTurns((old) => {
      const next = new Set(old);
      if (open ?? !old.has(turn)) next.add(turn);
      else next.delete(turn);
      return next;
    });
  }, []);
  const shaped = useMemo(
    () => (laneQuery ? filterLayout(whole, laneQuery) : turnsFolded ? foldTurns(whole, openTurns) : whole),
    [whole, laneQuery, turnsFolded, openTurns],
  );
  // Which stretch of the track the view is over, in steps of a view's width.
  const [column, setColumn] = useState(0);
  const columnPx = Math.max(200, viewPx);
  const layout = useMemo(() => windowLayout(shaped, (column - 1) * columnPx, (column + 2) * columnPx), [shaped, column, columnPx]);
  return { layout, query, setQuery, laneQuery, scrolledTo: (scrollLeft) => setColumn(Math.floor(scrollLeft / columnPx)), turnsFolded, setTurnsFolded, toggleTurn };
}
