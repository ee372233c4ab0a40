import type { BackgroundShellRecord, RunRecord, TurnRecord } from '../../run/record';
import { msText } from './callText';
import type { CapMoment } from './concurrencyCap';
import { placeMarks, type Mark } from './labelPlacement';
import type { TimeScale } from './timeScale';

/*
 * The marks above the axis: where each turn begins, where the cap filled, where the permission
 * mode changed, and what the model source said (retries), on the marks row; where a stream fell
 * back, was stopped or failed, on the stream bar. Placed so that none covers another in its row
 * (labelPlacement).
 */

/** What a mark marks. */
export type MarkKind = 'turn' | 'cap' | 'mode' | 'stream-end' | 'notice' | 'stop';

/** One mark, placed. */
export interface TimelineMark {
  readonly kind: MarkKind;
  readonly at: number;
  /** The x of its anchor in the track, in pixels. */
  readonly x: number;
  /** The words shown (maybe the short form or a glyph, where room is short). */
  readonly text: string;
  /** The whole story, for its title and the screen reader. */
  readonly title: string;
  readonly alignRight: boolean;
  /** Extra state attributes (`data-…`) for tests. */
  readonly data: Readonly<Record<string, string>>;
}

const END_MARK: Record<string, [string, string, string]> = {
  fallback: ['↺ fallback', '↺', 'the stream failed and the response is retried without streaming'],
  interrupt: ['■ interrupted', '■', 'the user stopped the run'],
  error: ['✕ stream error', '✕', 'the stream failed'],
};

interface Unplaced extends Mark {
  readonly kind: MarkKind;
  readonly at: number;
  readonly title: string;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * The marks of a run over a scale, placed without overlaps. `turnGroups`: the run's turns in
 * groups that begin within a few pixels of each other (`spacedOut`), one mark each.
 */
export function timelineMarks(record: RunRecord, capMoments: readonly CapMoment[], scale: TimeScale, turnGroups: readonly (readonly TurnRecord[])[]): TimelineMark[] {
  const marks: Unplaced[] = [];
  const add = (kind: MarkKind, at: number, text: string, short: string, title: string, data: Record<string, string> = {}) =>
    marks.push({ kind, at, x: scale.x(at), text, short, title, data });
  // One mark per group of turns, saying which.
  if (record.turns.length > 1) {
    for (const group of turnGroups) {
      const [first, last] = [group[0]!, group.at(-1)!];
      if (group.length === 1) add('turn', first.startedAt, `turn ${first.index}`, `T${first.index}`, `turn ${first.index} began at ${msText(first.startedAt)} ms`, { turn: String(first.index) });
      else {
        add('turn', first.startedAt, `turns ${first.index}–${last.index}`, `T${first.index} ×${group.length}`, `${group.length} turns, ${first.index}–${last.index}, began between ${msText(first.startedAt)} and ${msText(last.startedAt)} ms`, {
          turn: String(first.index),
          turns: String(group.length),
        });
      }
    }
  }
  for (const turn of record.turns) {
    const end = turn.streamEndReason ? END_MARK[turn.streamEndReason] : undefined;
    if (end && turn.streamEndedAt !== null) add('stream-end', turn.streamEndedAt, end[0], end[1], `turn ${turn.index}: ${end[2]} (${msText(turn.streamEndedAt)} ms)`, { reason: turn.streamEndReason ?? '' });
    // The Stop on the axis too: the interrupted calls' tags sit at it (TimelineLane), and a line crosses the lanes there.
    if (turn.streamEndReason === 'interrupt' && turn.streamEndedAt !== null) {
      add('stop', turn.streamEndedAt, '■ Stop', '■', `Stop pressed at ${msText(turn.streamEndedAt)} ms: what still ran or waited was interrupted`, { turn: String(turn.index) });
    }
    for (const notice of turn.notices ?? []) add('notice', notice.at, `↻ ${notice.kind}`, '↻', `${notice.kind}: ${notice.message}`, { notice: notice.kind });
  }
  for (const moment of capMoments) {
    if (moment.agent !== undefined) continue;
    add('cap', moment.at, `▲ cap ${moment.cap}`, '▲', `concurrency cap of ${moment.cap} reached at ${msText(moment.at)} ms (peak ${moment.peak})`, { at: String(moment.at) });
  }
  for (const change of record.permissionModeChanges) {
    add('mode', change.at, `◆ ${change.mode}`, '◆', `${change.agent !== undefined ? `a sub-agent of ${change.agent}: ` : ''}permission mode → ${change.mode} at ${msText(change.at)} ms (by ${change.by})`, {
      mode: change.mode,
      by: change.by,
    });
  }
  // The stream's ends sit on the stream bar, so they are placed against each other only.
  const onStream = marks.filter((mark) => mark.kind === 'stream-end');
  const onMarksRow = marks.filter((mark) => mark.kind !== 'stream-end');
  return [...placeMarks(onMarksRow, scale.widthPx), ...placeMarks(onStream, scale.widthPx)].map(({ mark, text, alignRight }) => ({
    kind: mark.kind,
    at: mark.at,
    x: mark.x,
    text,
    title: mark.title,
    alignRight,
    data: mark.data,
  }));
}

/** A background shell's lane: its row below the calls, and its span. */
export interface BackgroundLane {
  readonly row: number;
  readonly shell: BackgroundShellRecord;
  readonly from: number;
  readonly to: number;
  readonly open: boolean;
}

/** The background shells' lanes, in the order they started, from row `firstRow`. */
export function backgroundLanes(record: RunRecord, firstRow: number, nowMs: number): BackgroundLane[] {
  return [...record.background]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((shell, i) => ({ row: firstRow + i, shell, from: shell.startedAt, to: shell.endedAt ?? Math.max(shell.startedAt, nowMs), open: shell.endedAt === null }));
}
