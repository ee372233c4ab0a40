import { useState } from 'react';
import { lessonComparison } from '../controller';
import { usePlayground } from '../store';
import { Markdown } from '../text';
import './lesson.css';

interface LessonBarProps {
  /** Opens the compare view and runs the lesson's comparison. */
  onCompare: () => void;
  /** Opens the prediction tab. */
  onPredict: () => void;
}

/**
 * The open lesson above the timeline: its text as Markdown (two lines, or all of it), and one
 * click to its comparison or to predicting it. A classroom link hides the text until a run ended.
 */
export function LessonBar({ onCompare, onPredict }: LessonBarProps) {
  const scenario = usePlayground((state) => state.scenario);
  const hidden = usePlayground((state) => state.answerHidden);
  const [open, setOpen] = useState(false);
  if (!scenario) return null;
  const subject = lessonComparison(scenario);
  const compareLabel = subject.kind === 'policies' ? `Compare ${shortNames(subject.policies).join(' vs ')}` : 'Compare the strategies';
  return (
    <div className="lesson-bar" data-testid="lesson-bar">
      {hidden ? (
        <p className="lesson" data-testid="lesson-text" data-hidden="true">
          This lesson’s explanation is hidden until you run it: predict first (the Predict tab), then press Run.
        </p>
      ) : (
        <Markdown text={scenario.description ?? ''} className={`lesson${open ? ' is-open' : ''}`} testId="lesson-text" />
      )}
      <span className="lesson-bar-actions">
        {!hidden && scenario.description && (
          <button type="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? 'Less' : 'More'}
          </button>
        )}
        <button type="button" onClick={onPredict}>
          Predict
        </button>
        {!hidden && (
          <button type="button" onClick={onCompare} data-testid="lesson-compare" title={subject.kind === 'policies' ? `Compare ${subject.policies.join(' vs ')}` : compareLabel}>
            {subject.kind === 'policies' ? compareLabel : 'Compare'}
          </button>
        )}
      </span>
    </div>
  );
}

/** Policy names without the part they share (`claude-code-2.1.39`, `claude-code-2.1.161` → `2.1.39`, `2.1.161`). */
function shortNames(names: readonly string[]): string[] {
  if (names.length < 2) return [...names];
  const first = names[0]!;
  let shared = first.length;
  for (const name of names) while (shared > 0 && name.slice(0, shared) !== first.slice(0, shared)) shared--;
  const cut = first.lastIndexOf('-', shared - 1) + 1;
  return names.map((name) => name.slice(cut) || name);
}
