import type { GuessRun } from './guessRun';

/** Above the run that checks a guess: what the marks on the lanes are, then the score and the way back to the guess. */
export function GuessBar({ guess, onOpen }: { guess: GuessRun; onOpen: () => void }) {
  if (!guess.marks) return null;
  const { result } = guess;
  const right = result?.calls.filter((call) => call.right).length ?? 0;
  return (
    <p className="guess-bar" data-testid="guess-bar" data-state={result ? 'compared' : 'running'} role="status">
      {result
        ? `Your guess: ${right} of ${result.calls.length} calls in the batch you put them in (✓ or ✗ on each lane).`
        : 'Your guess is marked on each lane (“guess 1” is your first batch); the marks say ✓ or ✗ when the run ends.'}{' '}
      {result && (
        <button type="button" onClick={onOpen}>
          Your guess beside the run
        </button>
      )}
    </p>
  );
}
