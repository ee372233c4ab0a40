import type { PolicyName } from '../policies';
import type { LogFile } from './logFile';
import { readSession } from './readSession';
import { scenarioOfSession, type ImportResult } from './sessionScenario';

export type { ImportResult } from './sessionScenario';

/** The policy preset of a Claude Code version: the nearest one at or before it. */
export function policyOfVersion(version: string): PolicyName {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  if (major < 2) return 'claude-code-1.0';
  if (major > 2 || minor > 1 || patch >= 161) return 'claude-code-2.1.161';
  if (minor === 1 && patch >= 128) return 'claude-code-2.1.128';
  return 'claude-code-2.1.39';
}

/**
 * Turns a Claude Code session log (and its sub-agents' logs) into a scenario that replays it (see
 * `scenarioOfSession`), under the policy preset of the version that wrote it. Before 2.0 a call
 * started only once the whole response had streamed. Never throws.
 */
export function importClaudeSession(files: readonly LogFile[], options: { id?: string } = {}): ImportResult {
  const session = readSession(files);
  const policy = session.version ? policyOfVersion(session.version) : 'seed';
  return scenarioOfSession(session, files[0]?.name ?? '', { id: 'claude-code', policy, startsAfterResponse: policy === 'claude-code-1.0' }, options);
}
