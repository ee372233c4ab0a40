import { useMemo } from 'react';
import { usePlayground } from '../store';
import { lessonCheck } from './lessonCheck';
import './lesson.css';

/**
 * The lesson check, shown calmly once a run ended: whether the run showed what the lesson expects,
 * and when it did not, what differs and which of the person's changes explains it.
 */
export function LessonCheckView() {
  // A call made by hand is not a run of the lesson: it is not judged against it.
  const ended = usePlayground((state) => (state.run.status === 'done' || state.run.status === 'error') && state.run.kind !== 'manual');
  const record = usePlayground((state) => (ended ? state.record : null));
  const lesson = usePlayground((state) => state.scenario);
  const changes = usePlayground((state) => state.runChanges);
  const check = useMemo(() => (record && lesson && record.expectations ? lessonCheck(lesson, record, changes) : null), [record, lesson, changes]);
  if (!check || check.status === 'none') return null;
  return (
    <section className="lesson-check" data-testid="lesson-check" data-status={check.status} aria-label="Lesson check">
      <p className="lesson-check-head" role="status">
        {check.status === 'met'
          ? check.changes.length > 0
            ? 'The run still shows what the lesson expects, with your changes.'
            : 'The run shows what the lesson expects.'
          : 'This run differs from the lesson’s expected result. That is fine: here is what differs, and why.'}
      </p>
      {check.differences.length > 0 && (
        <ul className="lesson-check-differences" data-testid="lesson-differences">
          {check.differences.map((difference, index) => (
            <li key={index}>
              {difference.text}
              {difference.why && <span className="lesson-check-why"> Why: {difference.why}.</span>}
            </li>
          ))}
        </ul>
      )}
      {check.changes.length > 0 ? (
        <details className="lesson-check-changes" open={check.status === 'differs'}>
          <summary>What you changed of the lesson</summary>
          <ul data-testid="lesson-changes">
            {check.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </details>
      ) : (
        check.status === 'differs' && <p className="lesson-check-note">You ran the lesson as written; the difference comes from the run itself (real work takes its real time).</p>
      )}
    </section>
  );
}
