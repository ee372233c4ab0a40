import { rolloutThreadOf } from './collaboration';

/** How much of a rollout is read to tell its thread: its session line's id and source come first (its instructions after them). */
export const ROLLOUT_HEAD_BYTES = 16_384;

/**
 * A folder's session logs with Codex's sub-agents put with their sessions: Codex writes each
 * spawned sub-agent to a rollout of its own (`~/.codex/sessions/YYYY/MM/DD/`), whose session line
 * names its parent thread (src/scenarios/import/codex/collaboration.ts). A child whose parent's
 * rollout is among the logs goes with it (`companions`, read with the parent's log) and is no
 * session of its own; a child whose parent is missing, or is itself a sub-agent (a scenario's
 * sub-agents start none), stays a session. Only each rollout's first bytes are read
 * (`headOf`), one at a time: a folder of a thousand sessions is never held at once. A log is a
 * path for the command line (src/cli/nodeFiles.ts), a dropped File for the page (sessionFiles.ts).
 */
export async function groupCodexThreads<Log>(
  logs: readonly Log[],
  headOf: (log: Log) => Promise<string>,
  isRollout: (log: Log) => boolean,
): Promise<{ logs: Log[]; companions: Map<Log, Log[]> }> {
  const byId = new Map<string, Log>();
  const parentOf = new Map<Log, string>();
  for (const log of logs) {
    if (!isRollout(log)) continue;
    const thread = rolloutThreadOf(await headOf(log).catch(() => ''));
    if (!thread) continue;
    if (!byId.has(thread.id)) byId.set(thread.id, log);
    if (thread.parentId !== undefined) parentOf.set(log, thread.parentId);
  }
  const companions = new Map<Log, Log[]>();
  for (const [child, parentId] of parentOf) {
    const parent = byId.get(parentId);
    // A parent that is itself a sub-agent whose parent is here would be a sub-agent's sub-agent.
    const parentsParent = parent !== undefined ? parentOf.get(parent) : undefined;
    if (parent === undefined || parent === child || (parentsParent !== undefined && byId.has(parentsParent))) continue;
    companions.set(parent, [...(companions.get(parent) ?? []), child]);
  }
  const grouped = new Set([...companions.values()].flat());
  return { logs: logs.filter((log) => !grouped.has(log)), companions };
}
