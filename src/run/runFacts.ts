import type { CallRecord, RunRecord, TurnRecord } from './record';
import { callDisplay } from '../tools/toolOutputs';

/** A file change that the run reported as made but that is not in the files it ended with. */
export interface LostEdit {
  /** The call that made it. */
  readonly id: string;
  readonly path: string;
}

/** What a comparison shows of one run. */
export interface RunFacts {
  /** From the run's start to its end, in ms. */
  readonly makespan: number;
  /** Calls cancelled because a sibling failed. */
  readonly cancelled: number;
  /** Calls whose result came back before an earlier call's. */
  readonly outOfOrder: number;
  /** Each turn's yield order (the main agent's). */
  readonly yieldOrders: readonly (readonly string[])[];
  readonly lostEdits: readonly LostEdit[];
}

/** Every call of the run, sub-agents' included, in the order they were queued per turn. */
export function allCalls(turns: readonly TurnRecord[]): CallRecord[] {
  return turns.flatMap((turn) => turn.calls.flatMap((call) => [call, ...allCalls(call.children ?? [])]));
}

/** The facts a comparison of runs (strategies, policies) is about. */
export function runFacts(record: RunRecord): RunFacts {
  const calls = allCalls(record.turns);
  let outOfOrder = 0;
  for (const turn of record.turns) {
    const position = new Map(turn.calls.map((call, i) => [call.id, i]));
    let highest = -1;
    for (const id of turn.yieldOrder) {
      const at = position.get(id) ?? -1;
      if (at < highest) outOfOrder++;
      highest = Math.max(highest, at);
    }
  }
  return {
    makespan: record.endedAt - record.startedAt,
    cancelled: calls.filter((call) => call.outcome === 'cancelled').length,
    outOfOrder,
    yieldOrders: record.turns.map((turn) => turn.yieldOrder),
    lostEdits: lostEdits(record),
  };
}

/** The text a successful file-changing call put in, and the text it took out (edits only). */
function writes(call: CallRecord): { path: string; added: string[]; removed: string[]; whole: boolean } | undefined {
  if (call.outcome !== 'success' || typeof call.input !== 'object' || call.input === null) return undefined;
  const shown = callDisplay(call.name, call.display);
  const path = shown.kind === 'output' && (shown.tool === 'Write' || shown.tool === 'Edit' || shown.tool === 'MultiEdit') ? shown.output.filePath : undefined;
  if (path === undefined) return undefined;
  const input = call.input as { content?: unknown; old_string?: unknown; new_string?: unknown; edits?: unknown };
  if (call.name === 'Write' && typeof input.content === 'string') return { path, added: [input.content], removed: [], whole: true };
  const edits = call.name === 'MultiEdit' && Array.isArray(input.edits) ? (input.edits as { old_string?: unknown; new_string?: unknown }[]) : call.name === 'Edit' ? [input] : [];
  const strings = (key: 'old_string' | 'new_string') => edits.map((edit) => edit[key]).filter((text): text is string => typeof text === 'string' && text !== '');
  return { path, added: strings('new_string'), removed: strings('old_string'), whole: false };
}

/**
 * Edits a run reported as made whose text is not in its final files, and no later change of the
 * same file took out: the mark of two writers racing over one file (each read it, changed its
 * copy and wrote it back, so one change overwrote the other).
 */
export function lostEdits(record: RunRecord): LostEdit[] {
  const changes = allCalls(record.turns)
    .flatMap((call) => {
      const change = writes(call);
      return change && call.completedAt !== null ? [{ call, change, at: call.completedAt }] : [];
    })
    .sort((a, b) => a.at - b.at);
  const lost: LostEdit[] = [];
  changes.forEach(({ call, change }, i) => {
    const final = record.files[change.path];
    if (final === undefined) return;
    const later = changes.slice(i + 1).filter((other) => other.change.path === change.path);
    for (const text of change.added) {
      if (change.whole ? final === text : final.includes(text)) continue;
      // A later change that took this text out (or rewrote the file) meant to.
      if (later.some((other) => other.change.whole || other.change.removed.some((removed) => removed.includes(text) || text.includes(removed)))) continue;
      lost.push({ id: call.id, path: change.path });
      return;
    }
  });
  return lost;
}
