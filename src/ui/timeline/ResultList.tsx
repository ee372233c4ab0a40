import { batchName, callBatchName } from '../../tools/orchestration/batchName';

import { memo, useRef } from 'react';
import type { CallRecord, RunRecord, TurnRecord } from '../../run/record';
import type { AnyTool } from '../../tools/types';
import { OUTCOME_MARK } from './callText';
import { callState } from './laneLayout';
import { RenderedDescriptor } from './RenderedDescriptor';
import { NearWatchContext, useNear, useNearWatch } from './nearWatch';
import { callView, groupView, resultEntries } from './resultEntries';
import { VIRTUALISE_ABOVE } from './Timeline';
import { useLagging } from './useLagging';
import './resultList.css';

type FindTool = (name: string) => AnyTool | undefined;

export interface ResultListProps {
  record: RunRecord;
  findTool: FindTool;
  /** While a run is live, the list catches up in a task of its own (see {@link useLagging}). */
  live?: boolean;
}

function OutcomeBadge({ call }: { call: CallRecord }) {
  const outcome = call.outcome;
  const text = outcome ?? callState(call);
  return (
    <span className={`rl-badge rl-badge--${outcome ?? 'unfinished'}`} data-testid="result-outcome">
      <span aria-hidden="true">{outcome ? OUTCOME_MARK[outcome] : '…'}</span> {text}
    </span>
  );
}

interface ResultItemProps {
  call: CallRecord;
  yielded: boolean;
  findTool: FindTool;
  depth: number;
}

/** One call's result; re-renders only when the call snapshot (or the tool lookup) changes. */
const ResultItem = memo(function ResultItem({ call, yielded, findTool, depth }: ResultItemProps) {
  const { heading, body } = callView(call, findTool(call.name));
  return (
    <li className={`rl-item rl-item--${call.outcome ?? 'unfinished'}`} data-testid="result" data-call-id={call.id} data-outcome={call.outcome ?? ''}>
      <div className="rl-head">
        <OutcomeBadge call={call} />
        <span className="rl-heading">
          <span className="rl-title">{heading.title}</span>
          {heading.summary && <span className="rl-summary"> — {heading.summary}</span>}
        </span>
        <span className="rl-meta">
          {[call.id, callBatchName(call.batch)].filter(Boolean).join(' · ')}
          {!yielded && call.outcome !== null ? ' · not yielded' : ''}
        </span>
      </div>
      <RenderedDescriptor descriptor={body} showTitle={body.title !== 'result'} />
      {call.children && call.children.length > 0 && (
        <div className="rl-sub" aria-label={`Sub-agent of ${call.id}`} role="group">
          {call.children.map((turn) => (
            <ResultTurn key={turn.index} turn={turn} findTool={findTool} depth={depth + 1} />
          ))}
        </div>
      )}
    </li>
  );
});

interface ResultGroupProps {
  batch: number;
  calls: readonly CallRecord[];
  findTool: FindTool;
  depth: number;
}

/** Whether two lists hold the same call snapshots, in the same order. */
function sameCalls(a: readonly CallRecord[], b: readonly CallRecord[]): boolean {
  return a.length === b.length && a.every((call, index) => call === b[index]);
}

/**
 * A concurrent batch's results under one header. The entries are made afresh on every update of
 * the turn, so the group compares its calls one by one: a batch that did not change is neither
 * summarised again (its header reads every call's input) nor walked.
 */
const ResultGroup = memo(
  function ResultGroup({ batch, calls, findTool, depth }: ResultGroupProps) {
    return (
      <li className="rl-group" data-testid="result-group" data-batch={batch}>
        <div className="rl-group-head">
          <RenderedDescriptor descriptor={groupView(calls, findTool)} />
          <span className="rl-meta">concurrent {batchName(batch)}</span>
        </div>
        <ol className="rl-list">
          {calls.map((call) => (
            <ResultItem key={call.id} call={call} yielded findTool={findTool} depth={depth} />
          ))}
        </ol>
      </li>
    );
  },
  (before, after) => before.batch === after.batch && before.findTool === after.findTool && before.depth === after.depth && sameCalls(before.calls, after.calls),
);

interface ResultTurnProps {
  turn: TurnRecord;
  findTool: FindTool;
  depth: number;
}

/** One turn's results in yield order; unchanged turns are shared between records and skipped. */
const ResultTurn = memo(function ResultTurn({ turn, findTool, depth }: ResultTurnProps) {
  const entries = resultEntries(turn);
  if (entries.length === 0) return null;
  const Heading = depth === 0 ? 'h3' : 'h4';
  return (
    <div className="rl-turn" data-testid="result-turn" data-turn={turn.index}>
      <Heading className="rl-turn-title">
        {depth > 0 ? 'Sub-agent turn' : 'Turn'} {turn.index}
      </Heading>
      <ol className="rl-list">
        {entries.map((entry) =>
          entry.kind === 'call' ? (
            <ResultItem key={entry.call.id} call={entry.call} yielded={entry.yielded} findTool={findTool} depth={depth} />
          ) : (
            <ResultGroup key={`group-${entry.calls[0]!.id}`} batch={entry.batch} calls={entry.calls} findTool={findTool} depth={depth} />
          ),
        )}
      </ol>
    </div>
  );
});

/** Drawn turns reach this far above and below the list's view, so a scroll finds them ready. */
const NEAR_MARGIN_PX = 800;
/** Until a turn has been drawn and measured, one stands in at its heading plus this much per result. */
const RESULT_HEIGHT_PX = 78;
const HEADING_HEIGHT_PX = 24;

/**
 * A turn of a long run: drawn in full while near the list's view, else its heading at the height
 * it had when last drawn (or as tall as the turns drawn so far suggest). A 2,000-call session's
 * results were 24,000 elements the browser styled and laid out while it replayed; now it holds
 * those of the turns in view.
 */
const TurnSlot = memo(function TurnSlot({ turn, findTool }: { turn: TurnRecord; findTool: FindTool }) {
  // Every call of the turn is one result in its list (alone or in a batch's group).
  const results = turn.calls.length;
  const { drawnRef, awayRef, near, awayHeight } = useNear(results);
  if (results === 0) return null;
  if (near) {
    return (
      <div ref={drawnRef}>
        <ResultTurn turn={turn} findTool={findTool} depth={0} />
      </div>
    );
  }
  return (
    <div ref={awayRef} className="rl-turn rl-turn--away" data-testid="result-turn" data-turn={turn.index} style={{ height: awayHeight ?? HEADING_HEIGHT_PX + results * RESULT_HEIGHT_PX }}>
      <h3 className="rl-turn-title">
        Turn {turn.index} <span className="rl-away-count">· {results === 1 ? '1 result' : `${results} results`}</span>
      </h3>
    </div>
  );
});

/**
 * The results in yield order, turn by turn, each drawn through its tool's render descriptors;
 * a concurrent batch's results under one group header, a sub-agent's under its Agent call. The
 * timeline's text alternative: ordered lists with outcomes in words. Above 60 calls (as the
 * timeline's lanes) only the turns near the view are drawn in full.
 */
export function ResultList({ record: latest, findTool, live = false }: ResultListProps) {
  const record = useLagging(latest, live);
  const listRef = useRef<HTMLElement>(null);
  const calls = record.turns.reduce((sum, turn) => sum + turn.calls.length, 0);
  const watch = useNearWatch(listRef, calls > VIRTUALISE_ABOVE, NEAR_MARGIN_PX);
  return (
    // Focusable: the list scrolls, and keyboard users must be able to scroll it.
    <section ref={listRef} className={watch ? 'rl rl--windowed' : 'rl'} aria-label="Results in yield order" data-testid="result-list" tabIndex={0}>
      {calls === 0 ? (
        <p className="rl-empty">No results yet.</p>
      ) : watch ? (
        <NearWatchContext.Provider value={watch}>
          {record.turns.map((turn) => (
            <TurnSlot key={turn.index} turn={turn} findTool={findTool} />
          ))}
        </NearWatchContext.Provider>
      ) : (
        record.turns.map((turn) => <ResultTurn key={turn.index} turn={turn} findTool={findTool} depth={0} />)
      )}
    </section>
  );
}
