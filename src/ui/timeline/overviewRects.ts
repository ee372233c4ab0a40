import type { Lane } from './laneLayout';
import type { BackgroundLane } from './timelineMarks';

/** What the overview strip fills, in the order it fills them (later kinds are drawn over earlier ones). */
export const OVERVIEW_KINDS = ['queued', 'latency', 'asking', 'completed-awaiting-yield', 'executing', 'background'] as const;
export type OverviewKind = (typeof OVERVIEW_KINDS)[number];

/** A rectangle in CSS pixels: x, y, width, height. */
export type Rect = readonly [number, number, number, number];

/** The strip's extent and the run's time it covers. */
export interface OverviewArea {
  width: number;
  height: number;
  startMs: number;
  endMs: number;
  /** Run time → drawn time, when idle time is folded: the strip folds it as the lanes do. */
  toDrawn?: (at: number) => number;
}

/** The strip keeps a pixel free above and below the rows. */
const EDGE = 1;

/**
 * The rectangles that draw every lane's bars in a strip `height` pixels tall, by kind. Every row
 * lands inside the strip: a few rows get a band each, a long run's rows share pixel rows. Bars
 * of one kind that touch or overlap in a pixel row become one rectangle, so a 2,000-call session
 * is a few hundred fills, not thousands (a canvas without a GPU pays for each fill and colour).
 */
export function overviewRects(lanes: readonly Lane[], background: readonly BackgroundLane[], area: OverviewArea): Map<OverviewKind, Rect[]> {
  const rows = Math.max(1, lanes.length + background.length);
  const rowHeight = (area.height - 2 * EDGE) / rows;
  // Rows under 1.5 px share whole pixel rows; taller ones keep a half-pixel gap between bands.
  const band = rowHeight < 1.5 ? (row: number) => [EDGE + Math.floor(row * rowHeight), 1] as const : (row: number) => [EDGE + row * rowHeight, rowHeight - 0.5] as const;
  const drawn = area.toDrawn ?? ((at: number) => at);
  const origin = drawn(area.startMs);
  const span = Math.max(1, drawn(area.endMs) - origin);
  const x = (at: number) => ((drawn(at) - origin) / span) * area.width;
  // Per kind, per band top: the bars' x extents, merged once all are in.
  type Band = { height: number; spans: [number, number][] };
  const extents = new Map<OverviewKind, Map<number, Band>>();
  const add = (kind: OverviewKind, row: number, from: number, to: number) => {
    const [top, height] = band(row);
    const left = x(from);
    const right = Math.max(left + 1, x(to));
    let byTop = extents.get(kind);
    if (!byTop) extents.set(kind, (byTop = new Map<number, Band>()));
    let bandSpans = byTop.get(top);
    if (!bandSpans) byTop.set(top, (bandSpans = { height, spans: [] }));
    bandSpans.spans.push([left, right]);
  };
  const kinds = new Set<string>(OVERVIEW_KINDS);
  for (const lane of lanes) {
    for (const segment of lane.segments) if (kinds.has(segment.kind)) add(segment.kind as OverviewKind, lane.row, segment.from, segment.to);
  }
  for (const lane of background) add('background', lane.row, lane.from, lane.to);

  const rects = new Map<OverviewKind, Rect[]>();
  for (const kind of OVERVIEW_KINDS) {
    const byTop = extents.get(kind);
    if (!byTop) continue;
    const out: Rect[] = [];
    for (const [top, { height, spans }] of byTop) {
      spans.sort((a, b) => a[0] - b[0]);
      let [left, right] = spans[0]!;
      for (let i = 1; i < spans.length; i++) {
        const [from, to] = spans[i]!;
        if (from <= right) right = Math.max(right, to);
        else {
          out.push([left, top, right - left, height]);
          [left, right] = [from, to];
        }
      }
      out.push([left, top, right - left, height]);
    }
    rects.set(kind, out);
  }
  return rects;
}
