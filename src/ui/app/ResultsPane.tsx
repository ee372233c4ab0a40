import { useState } from 'react';
import type { RunRecord } from '../../run/record';
import type { AnyTool } from '../../tools/types';
import { usePlayground } from '../store';
import { ResultList } from '../timeline';

/**
 * The results, in yield order, in a pane that folds to a strip: by itself while there is nothing
 * to show (no call, no run), so an idle lesson gives its width to the timeline, and open from the
 * moment a run starts or a session opens (the lanes are drawn into the narrower track from their
 * first frame, never moved by it). A person's click decides from then on.
 */
export function ResultsPane({ record, findTool, live }: { record: RunRecord; findTool: (name: string) => AnyTool | undefined; live: boolean }) {
  const running = usePlayground((state) => state.run.status === 'running');
  // An imported session has its calls from the start (as it ran): open as it opens, before its
  // lanes are drawn, so they are never moved by the pane arriving after them.
  const session = usePlayground((state) => state.scenario?.observed !== undefined);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const empty = !running && !session && record.turns.every((turn) => turn.calls.length === 0);
  const open = chosen ?? !empty;
  return (
    <aside className={open ? 'pane results' : 'pane results is-folded'} aria-label="Results in yield order" data-testid="results-pane" data-open={open}>
      <h2 className="pane-title">
        <button type="button" className="results-fold" aria-expanded={open} data-testid="results-fold" onClick={() => setChosen(!open)} title={open ? 'Fold the results pane' : 'Open the results pane'}>
          <span aria-hidden="true">{open ? '▸' : '◂'}</span> Results in yield order
        </button>
      </h2>
      {open && <ResultList record={record} findTool={findTool} live={live} />}
    </aside>
  );
}
