import { memo, useId } from 'react';
import { CAP_SOURCE, STREAM_SOURCE, type CauseLink, type CauseLinkKind } from '../../run/causeLinks';
import { pathLinkKey } from '../../run/criticalPath';
import type { Lane } from './laneLayout';
import type { RowRange } from './layout';
import { ROW_HEIGHT } from './TimelineLane';
import { labelWidth, placeFreeLabels, SMALL_CHAR_PX, type TakenBox } from './labelPlacement';

/** The top and bottom of a lane's bar within its row (timeline.css agrees). */
const BAR_TOP = 5;
const BAR_BOTTOM = 19;

/** A connector drawn from a call (or the stream) to another lane: a cause, or a background shell's start. */
export interface DrawnLink extends Omit<CauseLink, 'kind'> {
  readonly kind: CauseLinkKind | 'spawn';
}

export interface CauseLayerProps {
  links: readonly DrawnLink[];
  /** The row of each lane by call id (background lanes by `shell:ID`). */
  rowOf: ReadonlyMap<string, number>;
  /** Run time → x in the track, in pixels. */
  x: (at: number) => number;
  width: number;
  rows: number;
  /** Rows rendered (links touching them are drawn). */
  range: RowRange;
  /** The top of the rows in view (a stream link starts there: the stream bar sits just above). */
  viewTop: number;
  /** Links into or out of these calls are drawn strong, the others faint. */
  focus: ReadonlySet<string>;
  /** The critical path's links (`from>to`), when it is shown. */
  critical: ReadonlySet<string> | null;
  /** Where the batch frames' labels and the calls' bars (`barBoxes`) are: a cause's word goes elsewhere. */
  taken?: readonly TakenBox[];
}

/**
 * The calls' bars in `range`, as room the causes' words keep clear of where they can (soft: a word
 * with no other place keeps its own over a bar): from when each began to run to its end (its
 * waiting before is drawn open, and a waiter's word sits there). In the words' own terms
 * (`placeFreeLabels`): a word whose baseline is within a row of `y` would touch the bar. A call's
 * outcome tag (`tagSpans`, by call id) is a word of its own: no cause word goes over it.
 */
export function barBoxes(lanes: readonly Lane[], x: (at: number) => number, range: RowRange, tagSpans: ReadonlyMap<string, readonly [number, number]> = new Map()): TakenBox[] {
  const boxes: TakenBox[] = [];
  for (const lane of lanes) {
    if (lane.fold !== undefined || lane.row < range.first || lane.row >= range.end) continue;
    const y = lane.row * ROW_HEIGHT + (BAR_TOP + BAR_BOTTOM) / 2 + 6.5;
    const tag = tagSpans.get(lane.call.id);
    if (tag) boxes.push({ x0: tag[0], x1: tag[1], y });
    const solid = lane.segments.filter((segment) => segment.kind !== 'queued' && segment.kind !== 'yielded-marker');
    if (solid.length === 0) continue;
    boxes.push({ x0: x(solid[0]!.from), x1: x(solid.at(-1)!.to) + 2, y, soft: true });
  }
  return boxes;
}

/** A gentle bow, so that links at one moment stay apart and read as arrows, not as a rule. */
function pathOf(x1: number, y1: number, x2: number, y2: number): string {
  const dy = y2 - y1;
  const bow = Math.min(18, 5 + Math.abs(dy) / 10);
  const r = (value: number) => Math.round(value * 10) / 10;
  return `M${r(x1)} ${r(y1)}C${r(x1 + bow)} ${r(y1 + dy * 0.35)} ${r(x2 + bow)} ${r(y2 - dy * 0.35)} ${r(x2)} ${r(y2)}`;
}

/** Each cause kind's line style (causes.css draws each its own way). */
export const CAUSE_STYLE: Record<DrawnLink['kind'], string> = {
  'unsafe-ahead': 'unsafe',
  'unsafe-running': 'unsafe',
  'runs-alone': 'unsafe',
  cap: 'cap',
  'previous-batch': 'batch',
  'yield-order': 'yield',
  'stream-open': 'stream',
  'stream-block': 'stream',
  cancelled: 'cancel',
  spawn: 'spawn',
};

/**
 * The word of a cause, at its blocker end (or before the waiting bar: `WORD_AT_WAITER`), so its
 * kind reads without the key (a block from the stream
 * and a shell's start go without: they are many, and their lines say it).
 */
export const CAUSE_WORD: Partial<Record<DrawnLink['kind'], string>> = {
  'unsafe-ahead': 'unsafe ahead',
  'unsafe-running': 'unsafe running',
  'runs-alone': 'runs alone',
  cap: 'cap',
  'previous-batch': 'batch before',
  'yield-order': 'earlier result',
  cancelled: 'cancelled',
};

/**
 * Words that say why the waiting call waited rather than what held it: drawn before the waiting
 * bar, once per call ("runs alone" at a read that Bash waited for read as if the read ran alone).
 */
const WORD_AT_WAITER: ReadonlySet<DrawnLink['kind']> = new Set(['runs-alone']);

/** A cause's emphasis; a word standing for several causes takes the strongest of theirs. */
type CauseState = 'critical' | 'strong' | 'plain' | 'dim';
const STATE_RANK: Record<CauseState, number> = { dim: 0, plain: 1, strong: 2, critical: 3 };

interface CauseLabel {
  key: string;
  kind: DrawnLink['kind'];
  word: string;
  x: number;
  y: number;
  alt?: { x: number; y: number };
  state: CauseState;
  strong: boolean;
}

/** Above this many causes in view, only the chosen lane's carry their word. */
const LABELLED_AT_MOST = 16;

function CauseLayerView({ links, rowOf, x, width, rows, range, viewTop, focus, critical, taken }: CauseLayerProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const height = Math.max(1, rows) * ROW_HEIGHT;
  const drawn = [];
  const labels: CauseLabel[] = [];
  // A waiting call's word, by call: drawn once however many calls held it.
  const atWaiter = new Map<string, CauseLabel>();
  for (const link of links) {
    const toRow = rowOf.get(link.to);
    if (toRow === undefined) continue;
    const fromRow = link.from === STREAM_SOURCE || link.from === CAP_SOURCE ? undefined : rowOf.get(link.from);
    if (fromRow === undefined && link.from !== STREAM_SOURCE && link.from !== CAP_SOURCE) continue;
    const top = Math.min(fromRow ?? toRow, toRow);
    const bottom = Math.max(fromRow ?? toRow, toRow);
    if (bottom < range.first || top >= range.end) continue;
    const x2 = x(link.at);
    const x1 = x(link.fromAt ?? link.at);
    let y1: number;
    let y2: number;
    if (fromRow === undefined) {
      // From the stream above (or the full cap): down onto the top of the bar.
      y1 = link.from === STREAM_SOURCE ? Math.min(viewTop, toRow * ROW_HEIGHT) : toRow * ROW_HEIGHT - 2;
      y2 = toRow * ROW_HEIGHT + BAR_TOP;
    } else if (fromRow <= toRow) {
      y1 = fromRow * ROW_HEIGHT + (fromRow === toRow ? BAR_TOP : BAR_BOTTOM);
      y2 = toRow * ROW_HEIGHT + BAR_TOP;
    } else {
      y1 = fromRow * ROW_HEIGHT + BAR_TOP;
      y2 = toRow * ROW_HEIGHT + BAR_BOTTOM;
    }
    const style = CAUSE_STYLE[link.kind];
    const strong = focus.has(link.to) || focus.has(link.from);
    const onPath = critical?.has(pathLinkKey(link.from, link.to)) ?? false;
    const state: CauseState = onPath ? 'critical' : strong ? 'strong' : focus.size > 0 || critical ? 'dim' : 'plain';
    drawn.push(
      <path
        key={`${link.kind}|${link.from}|${link.to}`}
        data-testid={link.kind === 'spawn' ? 'spawn-link' : 'cause'}
        data-from={link.from}
        data-to={link.to}
        data-kind={link.kind}
        data-open={link.open ? 'true' : undefined}
        data-emphasis={state}
        className={`tl-cause tl-cause--${style} tl-cause--${state}`}
        d={pathOf(x1, y1, x2, y2)}
        markerEnd={`url(#${id}-${style})`}
      />,
    );
    const word = CAUSE_WORD[link.kind];
    if (word === undefined) continue;
    const wordWidth = labelWidth(word, SMALL_CHAR_PX, 3);
    if (WORD_AT_WAITER.has(link.kind)) {
      const key = `${link.kind}|${link.to}`;
      const placed = atWaiter.get(key);
      if (placed) {
        placed.strong ||= strong;
        if (STATE_RANK[state] > STATE_RANK[placed.state]) placed.state = state;
        continue;
      }
      const label: CauseLabel = { key, kind: link.kind, word, x: Math.max(0, x2 - wordWidth - 3), y: toRow * ROW_HEIGHT + BAR_BOTTOM, state, strong };
      atWaiter.set(key, label);
      labels.push(label);
      continue;
    }
    // A word that would pass the track's end starts where it ends inside it; where the blocker's end
    // is crowded, it may go before the waiting call's bar instead (where the arrow lands).
    const alt = { x: Math.max(0, x2 - wordWidth - 3), y: toRow * ROW_HEIGHT + BAR_BOTTOM };
    labels.push({ key: `${link.kind}|${link.from}|${link.to}`, kind: link.kind, word, x: Math.max(0, Math.min(x1, width - wordWidth - 3)), y: y1, alt, state, strong });
  }
  // No word over another: two causes leaving one blocker at about one moment (unsafe ahead,
  // then running) keep the first's.
  const shown = placeFreeLabels(labels.length <= LABELLED_AT_MOST ? labels : labels.filter((label) => label.strong), undefined, taken, width);
  return (
    <svg className="tl-causes" width={Math.max(1, width)} height={height} viewBox={`0 0 ${Math.max(1, width)} ${height}`} aria-hidden="true" data-testid="cause-layer">
      <defs>
        {['unsafe', 'cap', 'batch', 'yield', 'stream', 'cancel', 'spawn'].map((style) => (
          <marker key={style} id={`${id}-${style}`} className={`tl-arrow tl-arrow--${style}`} viewBox="0 0 8 8" refX="7" refY="4" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse">
            <path d="M0 0L8 4L0 8z" />
          </marker>
        ))}
      </defs>
      {drawn}
      {shown.map((label) => (
        <text key={label.key} className={`tl-cause-label tl-cause-label--${label.state}`} data-testid="cause-label" data-kind={label.kind} x={label.x + 3} y={label.y - 2}>
          {label.word}
        </text>
      ))}
    </svg>
  );
}

/** The causes as connectors, in one SVG over the lanes in view; decoration (the sentence under the timeline says it). */
export const CauseLayer = memo(CauseLayerView);
