import type { PolicyName } from '../../policies';
import { claudeCodePreset, exactBashProgress, executionPathOf } from './claudePreset';
import type { LogFile } from '../logFile';
import { readSession } from './readSession';
import { scenarioOfSession, type ImportResult } from '../sessionScenario';

export type { ImportResult } from '../sessionScenario';

/** The policy preset of a Claude Code version (its streaming path, where the version had one). */
export function policyOfVersion(version: string): PolicyName {
  return claudeCodePreset(version, 'streaming');
}

/**
 * Turns a Claude Code session log (and its sub-agents' logs) into a scenario that replays it (see
 * `scenarioOfSession`), under the preset of the version that wrote it and of the path its lines
 * show ran the tools (claude-code/claudePreset.ts). Never throws.
 */
export function importClaudeSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const session = readSession(files);
  if (session.version && exactBashProgress(session.version)) {
    // Bash's first progress line came exactly two seconds in: the latest start it allows is the start.
    for (const agent of [session.main, ...session.agents.values()]) for (const call of agent.calls.values()) if (call.ranAt) call.ranAt = { earliest: call.ranAt.latest, latest: call.ranAt.latest };
  }
  const policy = session.version ? claudeCodePreset(session.version, executionPathOf(session)) : 'seed';
  return scenarioOfSession(session, files[0]?.name ?? '', { id: 'claude-code', policy }, options);
}
