import type { DiagramCall, ExecutorState } from './executorState';
import { shortName } from './labelPlacement';
import './executor.css';

/** A chip's label keeps this many characters, the end of a path among them: `Read(…odule03.ts)`, not `Read(src/m…`. */
const CHIP_CHARS = 18;

/** A call as a chip: its label, marked when it must run alone. */
function Chip({ call, doing }: { call: DiagramCall; doing?: string }) {
  return (
    <li className={`ex-chip${call.safe ? '' : ' ex-chip--unsafe'}`} data-call-id={call.id} data-doing={doing} title={`${call.label} (${call.id})${call.safe ? '' : ': runs alone'}`}>
      {shortName(call.label, CHIP_CHARS)}
    </li>
  );
}

/** At most this many chips per station; the rest are counted. */
const SHOWN = 4;

/** A station's calls now; empty, what it held at its busiest (`most`, in words), so a finished turn still shows its peak. */
function Chips({ calls, doing, most }: { calls: readonly (DiagramCall & { doing?: string })[]; doing?: boolean; most?: string | undefined }) {
  if (calls.length === 0) return <p className="ex-empty">{most ? `empty now · ${most}` : 'empty'}</p>;
  return (
    <ul className="ex-chips">
      {calls.slice(0, SHOWN).map((call) => (
        <Chip key={call.id} call={call} {...(doing && call.doing ? { doing: call.doing } : {})} />
      ))}
      {calls.length > SHOWN && <li className="ex-more">+{calls.length - SHOWN} more</li>}
    </ul>
  );
}

/**
 * The executor of the turn shown, drawn as the machine it is: the stream bringing blocks, the
 * queue with the barrier that holds its head, the slots up to the cap, the gate that hands
 * results back in order, and the cascade when a failure tripped it. It is a fold of the record
 * as drawn, so it moves with the timeline and the scrubber.
 */
export function ExecutorDiagram({ state }: { state: ExecutorState }) {
  const { streaming, arriving, blocksSoFar, queue, barrier, slots, cap, gate, gateWaitsFor, released, lastReleased, resultOrder, cascade, most } = state;
  return (
    <div className="ex" data-testid="executor-diagram" role="group" aria-label="The executor now">
      <section className="ex-station" data-station="stream">
        <h3>Stream</h3>
        <p>{streaming ? (arriving ? `bringing ${arriving.name}…` : 'open') : 'ended'}</p>
        <p className="ex-note">{`${blocksSoFar} tool block${blocksSoFar === 1 ? '' : 's'}${streaming ? ' so far' : ''}`}</p>
      </section>
      <span className="ex-arrow" aria-hidden="true">→</span>
      <section className="ex-station" data-station="queue" data-count={queue.length}>
        <h3>Queue</h3>
        {barrier && (
          <p className="ex-barrier" data-testid="executor-barrier" data-kind={barrier.kind}>
            ▌held: {barrier.kind.replace(/-/g, ' ')}
          </p>
        )}
        <Chips calls={queue} most={most.queued > 0 ? `${most.queued} waited at most` : undefined} />
      </section>
      <span className="ex-arrow" aria-hidden="true">→</span>
      <section className="ex-station" data-station="slots" data-count={slots.length} data-cap={cap}>
        <h3>
          Slots {slots.length}/{Number.isFinite(cap) ? cap : '∞'}
        </h3>
        <Chips calls={slots} doing />
        {most.slots > 0 && (
          <p className="ex-note" data-testid="executor-most-slots" data-most={most.slots}>
            {most.slots} at once at most
          </p>
        )}
      </section>
      <span className="ex-arrow" aria-hidden="true">→</span>
      <section className="ex-station" data-station="gate" data-count={gate.length}>
        <h3>Yield gate · {resultOrder === 'request' ? 'request order' : 'completion order'}</h3>
        {gateWaitsFor && <p className="ex-note">holding for {gateWaitsFor.label}</p>}
        <Chips calls={gate} most={most.gate > 0 ? `${most.gate} held at most` : undefined} />
      </section>
      <span className="ex-arrow" aria-hidden="true">→</span>
      <section className="ex-station" data-station="results" data-count={released}>
        <h3>Results</h3>
        <p>{released} handed back</p>
        {lastReleased && (
          <p className="ex-note" title={lastReleased.label}>
            last: {shortName(lastReleased.label, CHIP_CHARS)}
          </p>
        )}
      </section>
      {cascade && (
        <p className="ex-cascade" data-testid="executor-cascade" role="status">
          Cascade tripped: {cascade.by.label} failed and cancelled {cascade.cancelled} sibling call(s).
        </p>
      )}
    </div>
  );
}
