import type { PolicyName } from '../../policies';
import { compareVersions, presetForVersion, type VersionStep } from '../versions';
import type { LoggedAgent, SessionLog } from '../sessionLog';

/**
 * Claude Code's rules by version (docs/policies.md; each step read from the published package of
 * that version): where its streaming executor came, and what each version lets cancel siblings.
 */
export const CLAUDE_CODE_STEPS: readonly VersionStep<PolicyName>[] = [
  { from: '0', preset: 'claude-code-1.0' },
  { from: '2.0.0', preset: 'claude-code-2.0' },
  { from: '2.0.59', preset: 'claude-code-2.1.39' },
  { from: '2.1.47', preset: 'claude-code-2.1.47' },
  { from: '2.1.72', preset: 'claude-code-2.1.72' },
  { from: '2.1.128', preset: 'claude-code-2.1.128' },
  { from: '2.1.161', preset: 'claude-code-2.1.161' },
];

/** The versions whose streaming executor sat behind a feature gate (tengu_streaming_tool_execution2): either path may have run. */
const GATED = { from: '2.0.59', until: '2.1.154' } as const;

/**
 * Which path ran a session's tools, as its lines witness it: `streaming` when some call's result
 * was written before a later block of its own response (only the streaming executor runs a tool
 * while its response still streams); `after-response` when responses had calls before their last
 * block and every result still came after it; `undefined` when no response could tell (either
 * path then starts every call alike).
 */
export function executionPathOf(session: SessionLog): 'streaming' | 'after-response' | undefined {
  let couldTell = false;
  for (const agent of [session.main, ...session.agents.values()]) {
    const path = pathOf(agent);
    if (path === 'streaming') return path;
    couldTell ||= path === 'after-response';
  }
  return couldTell ? 'after-response' : undefined;
}

function pathOf(agent: LoggedAgent): 'streaming' | 'after-response' | undefined {
  let couldTell = false;
  for (const response of agent.responses) {
    const last = Math.max(...response.blocks.map((block) => block.line));
    for (const block of response.blocks) {
      if (block.kind !== 'tool_use' || block.line >= last) continue;
      couldTell = true;
      const result = agent.calls.get(block.callId!)?.result;
      if (result && result.line < last) return 'streaming';
    }
  }
  return couldTell ? 'after-response' : undefined;
}

/** The preset of a Claude Code session: its version's, or the non-streaming path's where a gated version's lines show it ran that one. */
export function claudeCodePreset(version: string, path: 'streaming' | 'after-response' | undefined): PolicyName {
  const preset = presetForVersion(CLAUDE_CODE_STEPS, version);
  const gated = compareVersions(version, GATED.from) >= 0 && compareVersions(version, GATED.until) < 0;
  return gated && path === 'after-response' ? 'claude-code-2.0' : preset;
}

/**
 * Whether a version's Bash writes its first progress line exactly two seconds into the command
 * (up to 2.1.44: a timer set at the command's start), so that line says the start to the
 * millisecond; from 2.1.45 progress comes as the output is polled, and says it to the second.
 */
export function exactBashProgress(version: string): boolean {
  return compareVersions(version, '2.1.45') < 0;
}
