/*
 * Where the timeline's small labels go so they cover neither each other, nor the bars, nor the
 * axis: a call's outcome tag, a batch frame's label, and the marks above the axis (turns, the
 * cap, mode changes, the stream's end). Pixel maths on estimated text widths; no DOM.
 */

/** Roughly how wide a label of `text` is drawn at the timeline's small type, in pixels. */
export function labelWidth(text: string, pxPerChar = 6.2, padding = 10): number {
  return Math.ceil([...text].length * pxPerChar + padding);
}

/** Where a label sits against its anchor. */
export type LabelSide = 'right' | 'left' | 'inside';

/**
 * An outcome tag for a bar spanning `[x0, x1]` in a track `width` wide: after the bar when it
 * fits, else before it, else inside its end.
 */
export function placeOutcomeTag(x0: number, x1: number, text: string, width: number, gap = 4): LabelSide {
  const w = labelWidth(text);
  if (x1 + gap + w <= width) return 'right';
  if (x0 - gap - w >= 0) return 'left';
  return 'inside';
}

/** A batch frame's label placement: beside the frame, or nowhere (its frame keeps it as a title). */
export type FrameLabelSide = 'right' | 'left' | 'none';

/**
 * A batch frame's label, on the frame's first row: right of the frame when it fits and misses
 * that row's outcome tag (`[tag0, tag1]`, if any), else left of the frame, else not drawn.
 */
export function placeFrameLabel(fx0: number, fx1: number, text: string, width: number, tag: readonly [number, number] | null = null, gap = 4): FrameLabelSide {
  const w = labelWidth(text, 5.6, 8);
  const right: [number, number] = [fx1 + gap, fx1 + gap + w];
  const overlaps = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[1] && b[0] < a[1];
  if (right[1] <= width && !(tag && overlaps(right, tag))) return 'right';
  const left: [number, number] = [fx0 - gap - w, fx0 - gap];
  if (left[0] >= 0 && !(tag && overlaps(left, tag))) return 'left';
  return 'none';
}

/** A mark above the axis: an anchor, its words, and a shorter form for a tight spot. */
export interface Mark {
  readonly x: number;
  readonly text: string;
  readonly short: string;
}

/** A placed mark: the mark, the text shown (empty: a bare tick), and whether it reads leftwards from its anchor. */
export interface PlacedMark<T extends Mark = Mark> {
  readonly mark: T;
  readonly text: string;
  readonly alignRight: boolean;
}

/**
 * Marks in one row without overlaps, in anchor order: each says its full text when that fits
 * before the next anchor (and the row's end), its short form when only that fits, its glyph when
 * only that fits, else nothing (a bare tick; its title still tells); near the row's end a mark
 * reads leftwards from its anchor.
 */
export function placeMarks<T extends Mark>(marks: readonly T[], width: number, gap = 6): PlacedMark<T>[] {
  const sorted = [...marks].sort((a, b) => a.x - b.x);
  let freeFrom = -Infinity;
  return sorted.map((mark, i): PlacedMark<T> => {
    const nextX = Math.min(sorted[i + 1]?.x ?? Infinity, width);
    for (const text of [mark.text, mark.short]) {
      const w = labelWidth(text);
      if (mark.x >= freeFrom && mark.x + w <= nextX) {
        freeFrom = mark.x + w + gap;
        return { mark, text, alignRight: false };
      }
      // Near the end of the row: read leftwards, if that stays clear of the mark before.
      if (i === sorted.length - 1 && mark.x - w >= Math.max(0, freeFrom) && mark.x + w > width) {
        freeFrom = mark.x + gap;
        return { mark, text, alignRight: true };
      }
    }
    const glyph = [...mark.short][0] ?? '';
    if (mark.x >= freeFrom - gap / 2) {
      freeFrom = mark.x + labelWidth(glyph, 6.2, 2) + gap / 2;
      return { mark, text: glyph, alignRight: false };
    }
    return { mark, text: '', alignRight: false };
  });
}
/** A subject that reads as a path (a slash, no spaces): shortened from its start, so its file stays. */
export function isPathLike(subject: string): boolean {
  return subject.includes('/') && !subject.includes(' ');
}

/**
 * A long call name shortened to about `max` characters, keeping the tool and the end of its
 * subject (the file name, the command's start): `Read(src/…/deep/c.ts)`, `Bash(npm run te…)`.
 */
export function shortName(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const open = name.indexOf('(');
  const close = name.endsWith(')') ? 1 : 0;
  if (open < 0 || open > max - 6) return `${chars.slice(0, max - 1).join('')}…`;
  const tool = name.slice(0, open + 1);
  const subject = [...name.slice(open + 1, name.length - close)];
  const room = max - [...tool].length - close - 1;
  const kept = isPathLike(subject.join('')) ? `…${subject.slice(subject.length - room).join('')}` : `${subject.slice(0, room).join('').trimEnd()}…`;
  return `${tool}${kept}${close ? ')' : ''}`;
}

/** A turn's line across the lanes, and its mark, are left out when an earlier turn's is closer than this. */
export const TURN_SPACING_PX = 8;

/**
 * Turn marks closer than this are one mark that says how many turns it stands for: a row of "T"s
 * reads as a fence. Wide enough for that mark's words (`T123 ×12`, 60 px with the gap after it),
 * or each narrow group shows its first letter only.
 */
export const TURN_MARK_SPACING_PX = labelWidth('T123 ×12') + 6;

/**
 * Items along a row in groups, each group the items within `minPx` of its first: a long
 * session's hundreds of turns at a few pixels apart are drawn as one mark per group, not as a
 * smear of marks (and thousands of elements the browser lays out every frame).
 */
export function spacedOut<T>(items: readonly T[], x: (item: T) => number, minPx: number): T[][] {
  const groups: T[][] = [];
  let from = -Infinity;
  for (const item of items) {
    const at = x(item);
    const last = groups.at(-1);
    if (last && at - from < minPx) last.push(item);
    else {
      groups.push([item]);
      from = at;
    }
  }
  return groups;
}

/** A character's width in the timeline's smallest type (10 px: the cause words, the frames' labels). */
export const SMALL_CHAR_PX = 5.5;

/**
 * Room another small label already holds, in the same terms as a placed word: its left and right
 * ends, and its row. A `soft` box (a call's bar) is kept clear of where any place will do, and
 * given up before a word is.
 */
export interface TakenBox {
  readonly x0: number;
  readonly x1: number;
  readonly y: number;
  readonly soft?: boolean;
}

/** A word placed at a point (its left end and baseline row), to be kept or left out; `alt`, another point it may go to instead. */
export interface PointLabel {
  readonly x: number;
  readonly y: number;
  readonly word: string;
  readonly alt?: { readonly x: number; readonly y: number };
}

/**
 * The labels drawn without one over another, each reading rightwards from its point at 10 px type,
 * one row of text tall. A word that would cover the same word is shared (two causes from one
 * blocker at one moment); one that would cover another word moves a row down, a row up, just past
 * it, or to its `alt`, and is left out only when none of those is free. First come, first placed.
 * `taken` is room other labels hold, and the calls' bars (soft: a word moves off a bar as it would
 * off a word, but where no place is clear of both it keeps the bar's before it is left out). No
 * word moves past `right`, the track's end.
 */
export function placeFreeLabels<T extends PointLabel>(labels: readonly T[], rowPx = 11, taken: readonly TakenBox[] = [], right = Infinity): T[] {
  const placed: { x0: number; x1: number; y: number; word: string; soft: boolean }[] = taken.map((box) => ({ ...box, word: '', soft: box.soft ?? false }));
  const covering = (x: number, y: number, width: number, bars: boolean) =>
    placed.find((other) => (bars || !other.soft) && Math.abs(other.y - y) < rowPx && x < other.x1 && other.x0 < x + width);
  const shown: T[] = [];
  for (const label of labels) {
    const width = labelWidth(label.word, SMALL_CHAR_PX, 3);
    if (covering(label.x, label.y, width, false)?.word === label.word) continue;
    let free: [number, number] | undefined;
    for (const bars of [true, false]) {
      const first = covering(label.x, label.y, width, bars);
      if (!first) {
        free = [label.x, label.y];
        break;
      }
      // Moved, a word stays below the layer's top.
      const moves: [number, number][] = [
        [label.x, label.y + rowPx],
        [label.x, label.y - rowPx],
        [first.x1 + 2, label.y],
        ...(label.alt ? [[label.alt.x, label.alt.y] as [number, number]] : []),
      ];
      free = moves.find(([x, y]) => y >= rowPx && x + width <= right && covering(x, y, width, bars) === undefined);
      if (free) break;
    }
    if (!free) continue;
    const [x, y] = free;
    placed.push({ x0: x, x1: x + width, y, word: label.word, soft: false });
    shown.push(x === label.x && y === label.y ? label : { ...label, x, y });
  }
  return shown;
}

