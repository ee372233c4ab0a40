import { AGENT_NAMES } from '../agentNames';
import { firstLine, headLines, isRecord, type SessionFormatFace } from '../formatClaim';
import { isSubAgentFile } from '../logFile';
import { claudeCodePreset } from './claudePreset';

/** Claude Code's session logs (JSON Lines, every line stamped with its session and an id). */
export const claudeCodeFormat = {
  id: 'claude-code',
  name: AGENT_NAMES['claude-code'],
  where: '~/.claude/projects/<project>/<session>.jsonl (its sub-agents in <session>/subagents/agent-*.jsonl)',
  claims(file) {
    // Every line names its session and has an id; a summary line (1.0.x), the conversation it sums up.
    const stamped = headLines(file.head).some((line) => isRecord(line) && (typeof line.sessionId === 'string' || typeof line.uuid === 'string' || (line.type === 'summary' && typeof line.leafUuid === 'string')));
    // A first line longer than the head (a large snapshot) still names its session early on.
    const opens = !stamped && /^\{.{0,2000}"(sessionId|uuid)"\s*:\s*"/.test(firstLine(file.head));
    if (!stamped && !opens) return undefined;
    return isSubAgentFile(file.name) ? 'part' : 'session';
  },
  presetFor: (version: string) => claudeCodePreset(version, 'streaming'),
  outcomeWords: {
    cancelled: /Sibling tool call errored|Cancelled: parallel tool call/,
    denied: /doesn't want to proceed with this tool use|Permission to use .* (has been|was) denied/,
    interrupted: /Request interrupted by user/,
  },
} as const satisfies SessionFormatFace;
