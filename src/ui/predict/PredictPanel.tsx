import { useMemo, useState } from 'react';
import { guessBatch, moveGuess, resetGuess } from '../controller';
import { builtInUrl, BUILT_IN_IDS, shareUrl } from '../scenarios';
import { usePlayground } from '../store';
import { comparePrediction, predictableCalls, predictionFor } from './prediction';
import './predict.css';

/**
 * Predict, then run: before Run the learner puts each call of the first response in a batch and
 * orders their results; once the run ended, the guess is laid over what happened, with why the
 * run did otherwise. A classroom link opens this tab with the lesson's answer hidden until Run.
 */
export function PredictPanel() {
  const scenario = usePlayground((state) => state.scenario);
  const stored = usePlayground((state) => state.prediction);
  const running = usePlayground((state) => state.run.status === 'running');
  const record = usePlayground((state) => (state.run.status === 'done' ? state.record : null));
  const source = usePlayground((state) => state.source);
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const calls = useMemo(() => (scenario ? predictableCalls(scenario) : []), [scenario]);
  if (!scenario) return null;
  const prediction = predictionFor(scenario, stored);
  const result = record ? comparePrediction(prediction, record, calls) : undefined;
  const labelOf = new Map(calls.map((call) => [call.id, call.label]));
  const batches = calls.length;

  const copyLink = async () => {
    const base = window.location.href;
    const url = source === 'built-in' && BUILT_IN_IDS.includes(scenario.id) ? builtInUrl(base, scenario.id, { predict: 'hide' }) : await shareUrl(base, JSON.stringify(scenario), { predict: 'hide' });
    try {
      await navigator.clipboard.writeText(url);
      setLink({ url, copied: true });
    } catch {
      setLink({ url, copied: false });
    }
  };

  if (calls.length < 2) {
    return (
      <section className="predict" aria-label="Predict, then run" data-testid="predict">
        <h2>Predict, then run</h2>
        <p className="muted">This scenario’s first response asks for {calls.length === 0 ? 'no tool call' : 'one tool call'}: there is nothing to group or order. Pick a lesson with several calls.</p>
      </section>
    );
  }
  const rightBatches = result?.calls.filter((call) => call.right).length ?? 0;
  const rightPlaces = result?.order.filter((entry) => entry.right).length ?? 0;
  return (
    <section className="predict" aria-label="Predict, then run" data-testid="predict" data-state={result ? 'compared' : 'guessing'}>
      <h2>Predict, then run</h2>
      <p>
        Before you press Run: which calls of the first response run together (one batch), and in what order do their results come back? Batch 1 runs first.
      </p>
      <table className="predict-table">
        <caption>The calls, in the order they reach the executor</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Your batch</th>
            {result && <th scope="col">The run</th>}
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const verdict = result?.calls.find((entry) => entry.id === call.id);
            return (
              <tr key={call.id} data-call-id={call.id} data-right={verdict ? String(verdict.right) : undefined}>
                <th scope="row" className="mono">
                  {call.label}
                </th>
                <td>
                  <select aria-label={`Batch of ${call.label}`} value={prediction.batches[call.id] ?? 1} disabled={running} onChange={(event) => guessBatch(call.id, Number(event.target.value))}>
                    {Array.from({ length: batches }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </td>
                {verdict && (
                  <td>
                    <span aria-hidden="true">{verdict.right ? '✓ ' : '✗ '}</span>
                    {verdict.actualBatch === null ? 'never ran' : `batch ${verdict.actualBatch}`}
                    {verdict.why && <span className="predict-why"> · {verdict.why}</span>}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <h3 id="predict-order">The order of the results</h3>
      <ol className="predict-order" aria-labelledby="predict-order" data-testid="predict-order">
        {prediction.order.map((id, index) => {
          const place = result?.order[index];
          return (
            <li key={id} data-call-id={id} data-right={place ? String(place.right) : undefined}>
              <span className="mono">{labelOf.get(id) ?? id}</span>
              <span className="predict-moves">
                <button type="button" disabled={running || index === 0} onClick={() => moveGuess(id, -1)} aria-label={`Move ${labelOf.get(id) ?? id} earlier`}>
                  ↑
                </button>
                <button type="button" disabled={running || index === prediction.order.length - 1} onClick={() => moveGuess(id, 1)} aria-label={`Move ${labelOf.get(id) ?? id} later`}>
                  ↓
                </button>
              </span>
              {place && (
                <span className="predict-actual">
                  <span aria-hidden="true">{place.right ? '✓' : '✗'}</span> the run: <span className="mono">{place.actual ? (labelOf.get(place.actual) ?? place.actual) : '(none)'}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {result ? (
        <p className="predict-score" data-testid="predict-score" role="status">
          Batches: {rightBatches} of {calls.length} calls where you put them. Order: {rightPlaces} of {result.order.length} places right.
          {result.orderWhy && ` The order differs because ${result.orderWhy}.`}
        </p>
      ) : (
        <p className="muted">Press Run when your guess is ready: the run plays in the timeline with your guess marked on its lanes, and is laid over the guess here when it ends.</p>
      )}
      <div className="predict-actions">
        <button type="button" onClick={resetGuess} disabled={running}>
          Start the guess again
        </button>
        <button type="button" onClick={() => void copyLink()}>
          Copy a classroom link (answer hidden until Run)
        </button>
      </div>
      {link && (
        <label className="predict-link">
          {link.copied ? 'Link copied:' : 'Copy this link:'} <input type="text" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
        </label>
      )}
    </section>
  );
}
