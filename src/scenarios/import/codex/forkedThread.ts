/**
 * A Codex thread forked from another (a sub-agent spawned with some of its parent's turns, or a
 * conversation the user forked) starts its rollout with the parent's: its own `session_meta`, the
 * parent's `session_meta`, then the parent's records replayed as the new thread's context, then the
 * thread's own first `turn_context`. Imported as they stand, the parent's calls would count again
 * as the sub-agent's. Codex's thread and turn ids are UUIDv7, whose first 48 bits are the
 * millisecond they were made: the thread's own turns were made after it, the parent's before.
 */
import type { LogProblem } from '../logLines';
import { isRecord, stringOf, type RolloutEntry } from './rolloutLines';

/** The millisecond a UUIDv7 was made, or `undefined` for another kind of id. */
function uuidV7Millis(id: string): number | undefined {
  const match = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.exec(id);
  return match ? Number.parseInt(`${match[1]}${match[2]}`, 16) : undefined;
}

/** Whether a `session_meta` payload is a thread forked from another (a spawned sub-agent's, a user's fork). */
function isForkedThread(meta: Readonly<Record<string, unknown>>): boolean {
  if (stringOf(meta, 'forked_from_id') !== '') return true;
  const source = meta.source;
  const subagent = isRecord(source) ? (source.subagent ?? source.sub_agent) : undefined;
  return isRecord(subagent) && isRecord(subagent.thread_spawn);
}

/**
 * The entries that are the thread's own: all of them, unless the rollout is a forked thread's,
 * whose records before its own first turn are passed over (and counted in a problem). Its own first
 * turn is the first `turn_context` made no earlier than the thread (by their UUIDv7 ids), or with no
 * id to tell by; when there is none, every line is kept and a problem says the parent's may be
 * among them (wrongly dropped calls would be worse than counted ones).
 */
export function ownEntries(entries: readonly RolloutEntry[], problems: LogProblem[]): readonly RolloutEntry[] {
  const first = entries[0];
  if (first?.kind !== 'session_meta' || !isForkedThread(first.payload)) return entries;
  const born = uuidV7Millis(stringOf(first.payload, 'id'));
  const own = entries.findIndex((entry) => {
    if (entry.kind !== 'turn_context') return false;
    const made = uuidV7Millis(stringOf(entry.payload, 'turn_id'));
    return made === undefined || born === undefined || made >= born;
  });
  const parent = stringOf(first.payload, 'forked_from_id') || 'its parent';
  if (own === -1) {
    problems.push({ source: first.source, line: first.line, message: `a thread forked from ${parent}, but no turn of its own could be told from the parent's by their ids: every line is imported, and the parent's calls, replayed as its context, may be among them` });
    return entries;
  }
  if (own === 1) return entries;
  // Spawned with none of the parent's turns, only the parent's session line comes between: passed
  // over without a word. Items of the parent's (its calls among them) are named.
  const inherited = entries.slice(1, own).filter((entry) => entry.kind === 'response_item').length;
  if (inherited > 0) {
    problems.push({
      source: first.source,
      line: entries[own]!.line,
      message: `a thread forked from ${parent}: the ${own - 1} line${own === 2 ? '' : 's'} before its own first turn (${inherited} of them the parent's items, replayed as its context) are passed over`,
    });
  }
  return [first, ...entries.slice(own)];
}
