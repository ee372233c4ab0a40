import { rolloutThreadOf } from '../scenarios/import/codex/collaboration';

/**
 * A folder's session logs with Codex's sub-agents put with their sessions: Codex writes each
 * spawned sub-agent to a rollout of its own (`~/.codex/sessions/YYYY/MM/DD/`), whose session line
 * names its parent thread (src/scenarios/import/codex/collaboration.ts). A child whose parent's
 * rollout is among the logs goes with it (`companions`, read with the parent's log) and is no
 * session of its own; a child whose parent is missing, or is itself a sub-agent (a scenario's
 * sub-agents start none), stays a session. Only each rollout's first bytes are read
 * (`headOf`), one at a time: a folder of a thousand sessions is never held at once.
 */
export async function groupCodexThreads(
  logs: readonly string[],
  headOf: (path: string) => Promise<string>,
): Promise<{ logs: string[]; companions: Map<string, string[]> }> {
  const byId = new Map<string, string>();
  const parentOf = new Map<string, string>();
  for (const log of logs) {
    if (!log.endsWith('.jsonl')) continue;
    const thread = rolloutThreadOf(await headOf(log).catch(() => ''));
    if (!thread) continue;
    if (!byId.has(thread.id)) byId.set(thread.id, log);
    if (thread.parentId !== undefined) parentOf.set(log, thread.parentId);
  }
  const companions = new Map<string, string[]>();
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
