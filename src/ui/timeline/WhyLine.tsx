import type { WhyAnswer } from './whyText';

export interface WhyLineProps {
  answer: WhyAnswer | null;
  /** Names a call by id (the blockers' chips). */
  labelOf: (id: string) => string;
  /** Chooses a blocker's lane (its chip was pressed). */
  onChoose: (id: string) => void;
}

/** Under the timeline: why the lane chosen (clicked or focused) waited, in one sentence, with its blockers as chips. */
export function WhyLine({ answer, labelOf, onChoose }: WhyLineProps) {
  return (
    <div className="tl-why" data-testid="why">
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
