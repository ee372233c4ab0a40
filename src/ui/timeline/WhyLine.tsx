import { useState } from 'react';
import { CauseKey } from './TimelineLegend';
import type { WhyAnswer } from './whyText';

/** Where the folding of the lines' key is remembered, per browser. */
const FOLDED_KEY = 'tsp.causeKey';

function keyFolded(): boolean {
  try {
    return localStorage.getItem(FOLDED_KEY) === 'folded';
  } catch {
    return false;
  }
}

export interface WhyLineProps {
  answer: WhyAnswer | null;
  /** Names a call by id (the blockers' chips). */
  labelOf: (id: string) => string;
  /** Chooses a blocker's lane (its chip was pressed). */
  onChoose: (id: string) => void;
}

/**
 * Under the timeline: why the lane chosen (clicked or focused) waited, in one sentence, with its
 * blockers as chips. While no lane is chosen it holds the key of the lines between lanes (visible
 * from the first look, in a row the timeline has anyway), which folds away and stays folded.
 */
export function WhyLine({ answer, labelOf, onChoose }: WhyLineProps) {
  const [folded, setFolded] = useState(keyFolded);
  const fold = () => {
    setFolded(true);
    try {
      localStorage.setItem(FOLDED_KEY, 'folded');
    } catch {
      // Storage off: folded for this page.
    }
  };
  return (
    <div className="tl-why" data-testid="why" data-idle={answer ? undefined : 'true'}>
      {!answer && !folded && <CauseKey onFold={fold} />}
      <p className="tl-why-text" role="status" aria-live="polite">
        {answer ? answer.text : 'Why did a call wait? Click or focus its lane, or any gap in it.'}
      </p>
      {answer && answer.blockers.length > 0 && (
        <span className="tl-why-blockers" role="group" aria-label="In its way">
          {answer.blockers.map((id) => (
            <button key={id} type="button" className="tl-why-chip" data-testid="why-blocker" data-call-id={id} onClick={() => onChoose(id)}>
              {labelOf(id)}
            </button>
          ))}
        </span>
      )}
    </div>
  );
}
