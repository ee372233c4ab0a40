import { CAUSE_STYLE, CAUSE_WORD, type DrawnLink } from './CauseLayer';
import type { SegmentKind } from './laneLayout';
import { SEGMENT_NAME } from './TimelineLane';

const STATES: readonly SegmentKind[] = ['queued', 'latency', 'executing', 'asking', 'completed-awaiting-yield', 'yielded-marker'];

/** The cause connectors' patterns, in words (not colour alone). */
const CAUSES: readonly [string, string][] = [
  ['unsafe', 'unsafe call in the way'],
  ['cap', 'cap: the call that freed a slot'],
  ['yield', 'held for an earlier result'],
  ['cancel', 'cancelled by a failed call'],
  ['stream', 'block from the stream'],
];

/** The causes the short key shows, one of each line style, by the words at their blocker ends. */
const SHORT_KEY: readonly DrawnLink['kind'][] = ['unsafe-ahead', 'cap', 'yield-order', 'cancelled', 'stream-block'];

/** One cause's line style, drawn as the timeline draws it, and its words. */
function CauseEntry({ style, words, width }: { style: string; words: string; width: number }) {
  return (
    <li>
      <svg className="tl-swatch tl-swatch--cause" width={width} height="10" aria-hidden="true">
        <path className={`tl-cause tl-cause--${style} tl-cause--plain`} d={`M1 5H${width - 1}`} />
      </svg>
      {words}
    </li>
  );
}

/** The causes' line styles in one short row: under the lanes while no lane is chosen (WhyLine). */
export function CauseKey({ onFold }: { onFold: () => void }) {
  return (
    <span className="tl-cause-key" data-testid="cause-key">
      <ul aria-label="What the lines between lanes say">
        {SHORT_KEY.map((kind) => (
          // A block from the stream has no word at its end: its line is named for the stream.
          <CauseEntry key={kind} style={CAUSE_STYLE[kind]} words={CAUSE_WORD[kind] ?? 'stream'} width={18} />
        ))}
      </ul>
      <button type="button" className="tl-cause-key-fold" onClick={onFold} aria-label="Fold the key of the lines" title="Fold the key of the lines (Key, in the toolbar, has it all)">
        ×
      </button>
    </span>
  );
}

/** The key to the timeline: the four states in their own words, real work against simulated time, the causes and the marks. */
export function TimelineLegend({ compact = false }: { compact?: boolean }) {
  return (
    <ul className={`tl-legend${compact ? ' tl-legend--inline' : ''}`} aria-label="Key">
      {STATES.map((kind) => (
        <li key={kind}>
          <span className={`tl-swatch tl-seg--${kind}`} aria-hidden="true" />
          {SEGMENT_NAME[kind]}
        </li>
      ))}
      <li className="tl-legend-time">
        <span className="tl-swatch tl-seg--latency" aria-hidden="true" /> simulated time ·
        <span className="tl-swatch tl-seg--executing" aria-hidden="true" /> real time
      </li>
      {!compact &&
        CAUSES.map(([style, words]) => <CauseEntry key={style} style={style} words={words} width={22} />)}
      <li>
        <span className="tl-swatch tl-swatch--glyph" aria-hidden="true">
          ▲
        </span>
        cap reached
      </li>
      {!compact && (
        <>
          <li>
            <span className="tl-swatch tl-swatch--glyph" aria-hidden="true">
              ◆
            </span>
            permission mode changed
          </li>
          <li>
            <span className="tl-swatch tl-swatch--glyph" aria-hidden="true">
              ?
            </span>
            permission asked
          </li>
          <li>
            <span className="tl-swatch tl-swatch--critical" aria-hidden="true" />
            critical path
          </li>
          <li>
            <span className="tl-swatch tl-seg--background" aria-hidden="true" />
            background shell
          </li>
        </>
      )}
    </ul>
  );
}
