import { useState } from 'react';
import { readPreference, writePreference } from '../preferences';
import { CauseKey } from './TimelineLegend';
import type { WhyAnswer } from './whyText';

/** Where the folding of the lines' key is remembered, per browser. */
const FOLDED_KEY = 'tsp.causeKey';

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
  const [folded, setFolded] = useState(() => readPreference(FOLDED_KEY) === 'folded');
  const fold = () => {
    setFolded(true);
    writePreference(FOLDED_KEY, 'folded');
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
