import { scrub } from '../controller';
import { usePlayground } from '../store';

/** Moves the picture back and forth through the run's event log (rebuilt from the log, not snapshots). */
export function Scrubber() {
  const total = usePlayground((state) => state.events.length);
  const cursor = usePlayground((state) => state.cursor);
  const running = usePlayground((state) => state.run.status === 'running');
  if (total === 0) return null;
  const position = cursor ?? total;
  return (
    <div className="scrubber">
      <label>
        <span>Event {position} of {total}</span>
        <input
          type="range"
          min={0}
          max={total}
          value={position}
          disabled={running}
          aria-valuetext={`event ${position} of ${total}`}
          onChange={(event) => {
            const value = Number(event.target.value);
            scrub(value >= total ? null : value);
          }}
        />
      </label>
      {cursor !== null && (
        <button type="button" onClick={() => scrub(null)}>
          To the end
        </button>
      )}
    </div>
  );
}
