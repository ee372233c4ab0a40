import { useEffect, useRef, useState } from 'react';
import { lessonComparison } from '../controller';
import { usePlayground } from '../store';
import { InlineMarkdown, Markdown } from '../text';
import './lesson.css';

interface LessonBarProps {
  /** Opens the compare view and runs the lesson's comparison. */
  onCompare: () => void;
  /** Opens the prediction tab. */
  onPredict: () => void;
  /** The Predict tab is in front and no run has ended yet: the text would give the answer away. */
  predicting: boolean;
}

/**
 * The open lesson above the timeline: its text as Markdown in a line or two, and one click to its
 * comparison or to predicting it. "More" opens the whole text in a drawer beside the timeline, never
 * above the lanes. A classroom link, or a guess being made, hides the text until a run ended.
 */
export function LessonBar({ onCompare, onPredict, predicting }: LessonBarProps) {
  const scenario = usePlayground((state) => state.scenario);
  const classroom = usePlayground((state) => state.answerHidden);
  const [open, setOpen] = useState(false);
  const moreRef = useRef<HTMLButtonElement>(null);
  const hidden = classroom || predicting;
  if (!scenario) return null;
  const subject = lessonComparison(scenario);
  const compareLabel = subject.kind === 'policies' ? `Compare ${shortNames(subject.policies).join(' vs ')}` : 'Compare the strategies';
  const close = () => {
    setOpen(false);
    moreRef.current?.focus();
  };
  return (
    <div className="lesson-bar" data-testid="lesson-bar">
      {hidden ? (
        <p className="lesson" data-testid="lesson-text" data-hidden="true">
          {classroom
            ? 'This lesson’s explanation is hidden until you run it: predict first (the Predict tab), then press Run.'
            : 'The lesson’s explanation is hidden while you predict: it would give the answer away. It comes back when the run ends.'}
        </p>
      ) : (
        <Markdown text={scenario.description ?? ''} className="lesson" testId="lesson-text" />
      )}
      <span className="lesson-bar-actions">
        {!hidden && scenario.description && (
          <button ref={moreRef} type="button" aria-expanded={open} aria-controls="lesson-drawer" onClick={() => (open ? close() : setOpen(true))}>
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
      {open && !hidden && scenario.description && <LessonDrawer title={scenario.title} text={scenario.description} onClose={close} />}
    </div>
  );
}

/**
 * The lesson's whole text in a drawer at the side of the page, over the results pane: the lanes
 * keep their room. Escape or Close puts it away; it is not modal, so the run can be watched and
 * driven beside it.
 */
function LessonDrawer({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section
      ref={ref}
      id="lesson-drawer"
      className="lesson-drawer"
      data-testid="lesson-drawer"
      aria-label="The lesson"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="lesson-drawer-head">
        <h2 className="lesson-drawer-title">
          <InlineMarkdown text={title} />
        </h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <Markdown text={text} className="lesson-whole" />
    </section>
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
