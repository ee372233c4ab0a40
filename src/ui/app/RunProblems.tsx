import { LessonCheckView } from '../lesson';
import { usePlayground } from '../store';

/** Why a run failed, when it did, and the lesson check of the run once it ended. */
export function RunProblems() {
  const message = usePlayground((state) => (state.run.status === 'error' ? state.run.message : ''));
  return (
    <>
      {message && (
        <div className="problems" role="alert">
          <p>{message}</p>
        </div>
      )}
      <LessonCheckView />
    </>
  );
}
