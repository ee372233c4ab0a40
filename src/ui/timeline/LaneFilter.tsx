import type { KeyboardEvent } from 'react';
import { laneMatches, parseLaneQuery } from './laneFilter';
import type { Lane } from './laneLayout';

export interface LaneFilterProps {
  query: string;
  onQuery: (query: string) => void;
  /** The lanes the query keeps, in row order (all of them while the query is empty). */
  matches: readonly Lane[];
  /** Every lane of the run. */
  total: number;
  /** Every lane, to find the query's matches as typed (`matches` follows it a frame later). */
  every: readonly Lane[];
  /** The call chosen now, if any. */
  chosenId: string | null;
  /** Makes a match the chosen call and brings it into view (focus stays in the box). */
  onReveal: (lane: Lane) => void;
}

/** The match after (or before) the chosen one, going round; the first (or last) when none is chosen. */
export function nextMatch(matches: readonly Lane[], chosenId: string | null, backwards: boolean): Lane | undefined {
  if (matches.length === 0) return undefined;
  const at = chosenId === null ? -1 : matches.findIndex((lane) => lane.call.id === chosenId);
  if (at < 0) return backwards ? matches.at(-1) : matches[0];
  return matches[(at + (backwards ? -1 : 1) + matches.length) % matches.length];
}

/**
 * The filter box over the lanes: words to find in a call's name, input, outcome or turn (`/`
 * focuses it), how many calls it keeps, and Enter / Shift+Enter to the next and previous match.
 */
export function LaneFilter({ query, onQuery, matches, total, every, chosenId, onReveal }: LaneFilterProps) {
  const filtering = query.trim() !== '';
  const at = chosenId === null ? -1 : matches.findIndex((lane) => lane.call.id === chosenId);
  const count = !filtering ? '' : matches.length === 0 ? 'no call' : at >= 0 ? `${at + 1} of ${matches.length}` : `${matches.length} of ${total}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // The lanes drawn follow the query a frame later (useShownLayout): Enter pressed straight
      // after typing goes by the query as typed, not by the lanes of the one before.
      const typed = parseLaneQuery(query);
      const current = typed ? every.filter((lane) => laneMatches(lane, typed)) : matches;
      const lane = nextMatch(current, chosenId, event.shiftKey);
      if (lane) onReveal(lane);
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      event.stopPropagation();
      onQuery('');
    }
  };

  return (
    <div className="tl-filter" role="search">
      <input
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="Filter calls  /"
        aria-label="Filter the calls: words of a tool, an input, an outcome (error, cancelled) or turn N; Enter and Shift+Enter go to the next and previous"
        data-testid="lane-filter"
        spellCheck={false}
        autoComplete="off"
      />
      <output className="tl-filter-count" data-testid="lane-filter-count" aria-live="polite">
        {count}
      </output>
    </div>
  );
}
