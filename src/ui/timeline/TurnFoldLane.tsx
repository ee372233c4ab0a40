import { memo, type KeyboardEvent } from 'react';
import { spanStyle } from './drawnPosition';
import { shortName } from './labelPlacement';
import type { TurnFold } from './laneLayout';
import { ROW_HEIGHT } from './TimelineLane';
import type { TimeMap } from './timeScale';
import { foldText } from './turnFolds';
import './turnFolds.css';

export interface TurnFoldLaneProps {
  /** What the folded turn's row says and draws. */
  fold: TurnFold;
  row: number;
  map: TimeMap;
  tabbable: boolean;
  /** How many characters the label column holds. */
  nameChars: number;
  /** Folds or unfolds the turn (`open`: the state wanted; `undefined`: the other one). */
  onToggle: (turn: number, open?: boolean) => void;
}

/** The keys that fold and unfold a turn's row, as a tree view's: Enter and Space toggle, → opens, ← closes. */
function wantedState(key: string): boolean | undefined | null {
  if (key === 'Enter' || key === ' ') return undefined;
  if (key === 'ArrowRight') return true;
  if (key === 'ArrowLeft') return false;
  return null;
}

function TurnFoldLaneView({ fold, row, map, tabbable, nameChars, onToggle }: TurnFoldLaneProps) {
  const text = foldText(fold);
  const shown = shortName(text, Math.max(8, nameChars));
  const action = fold.open ? 'fold it' : 'show its calls';
  return (
    <div
      data-testid="turn-fold"
      data-turn={fold.turn}
      data-row={row}
      data-open={fold.open}
      role="listitem"
      aria-label={`Turn ${fold.turn}: ${fold.calls} calls (${fold.tools})${fold.failed > 0 ? `, ${fold.failed} not successful` : ''}; ${fold.open ? 'unfolded' : 'folded'}, Enter to ${action}`}
      tabIndex={tabbable ? 0 : -1}
      title={`${text}\nClick to ${action}`}
      className={`tl-lane tl-fold${fold.open ? ' tl-fold--open' : ''}${fold.failed > 0 ? ' tl-fold--failed' : ''}`}
      style={{ top: row * ROW_HEIGHT }}
      onClick={() => onToggle(fold.turn)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        const wanted = wantedState(event.key);
        if (wanted === null) return;
        event.preventDefault();
        if (wanted !== fold.open) onToggle(fold.turn, wanted);
      }}
    >
      <div className="tl-label" aria-hidden="true">
        <span className="tl-mark tl-fold-twist">{fold.open ? '▾' : '▸'}</span>
        <span className="tl-name" data-full={shown !== text ? text : undefined}>
          {shown}
        </span>
      </div>
      <div className="tl-track" aria-hidden="true">
        {fold.strip.map((bar) => (
          <span
            key={bar.id}
            className={`tl-fold-bar tl-fold-bar--${bar.outcome ?? 'running'}`}
            style={{ ...spanStyle(map, bar.from, bar.to, bar.open), top: 5 + bar.track * 5 }}
          />
        ))}
      </div>
    </div>
  );
}

/** A folded turn's row: its tools in words, its calls as a strip of thin bars; a click unfolds it. */
export const TurnFoldLane = memo(TurnFoldLaneView);
