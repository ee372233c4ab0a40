import { useState } from 'react';
import type { RunRecord, TurnRecord } from '../../run/record';
import { turnKey } from './laneLayout';

/** A call's span as it really ran, on the replay's clock: `[from, to]`. */
export type RanSpan = readonly [number, number];

/** The spans made, each with the replay turn's start it was made for. */
export type RanSpans = ReadonlyMap<string, { readonly start: number; readonly span: RanSpan }>;

/** When each turn started, by `turnKey` (sub-agents' turns too). */
function turnStarts(turns: readonly TurnRecord[], into = new Map<string, number>()): Map<string, number> {
  for (const turn of turns) {
    into.set(turnKey(turn.index, turn.agent), turn.startedAt);
    for (const call of turn.calls) turnStarts(call.children ?? [], into);
  }
  return into;
}

/**
 * Each call's span in the session as it really ran, moved onto the replay's clock turn by turn:
 * a call that ran 2 s into its turn is drawn 2 s into the replay's same turn. What happened
 * between turns (the person reading, typing, away for an hour) is not the replay's to repeat;
 * within a turn is where a policy holds, runs together or reorders calls, and where the two
 * differ. Calls of turns the replay has not reached are left out. A span in `known` made for the
 * same turn start is kept (the same object, so a lane drawn with it does not draw again).
 */
export function ranSpansOf(asItRan: RunRecord, replay: RunRecord, known: RanSpans = new Map()): RanSpans {
  const replayStarts = turnStarts(replay.turns);
  const spans = new Map<string, { start: number; span: RanSpan }>();
  const visit = (turns: readonly TurnRecord[]) => {
    for (const turn of turns) {
      const start = replayStarts.get(turnKey(turn.index, turn.agent));
      for (const call of turn.calls) {
        const kept = known.get(call.id);
        if (kept && kept.start === start) spans.set(call.id, kept);
        else if (start !== undefined) {
          const shift = start - turn.startedAt;
          spans.set(call.id, { start, span: [(call.executingAt ?? call.queuedAt) + shift, (call.completedAt ?? turn.endedAt ?? asItRan.endedAt) + shift] });
        }
        visit(call.children ?? []);
      }
    }
  };
  visit(asItRan.turns);
  return spans;
}

/** How many turns the run has begun, sub-agents' included. */
function turnCount(turns: readonly TurnRecord[]): number {
  return turns.reduce((sum, turn) => sum + 1 + turn.calls.reduce((inner, call) => inner + turnCount(call.children ?? []), 0), 0);
}

/** {@link ranSpansOf} for a replay as it goes on: made again when a turn starts (or the run starts anew), not on its every event. */
export function useRanSpans(asItRan: RunRecord | undefined, replay: RunRecord): RanSpans | null {
  const [made, setMade] = useState<{ asItRan: RunRecord; key: string; spans: RanSpans } | null>(null);
  // A run that is no imported session's replay (every lesson's) counts nothing on its every update.
  if (!asItRan) return null;
  // Only a turn begun (or a new run) moves a span; the record's other events do not.
  const key = `${replay.startedAt}/${turnCount(replay.turns)}`;
  if (made?.asItRan === asItRan && made.key === key) return made.spans;
  const spans = ranSpansOf(asItRan, replay, made?.asItRan === asItRan ? made.spans : undefined);
  setMade({ asItRan, key, spans });
  return spans;
}
