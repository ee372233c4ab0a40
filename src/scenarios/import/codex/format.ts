import { AGENT_NAMES } from '../agentNames';
import { firstLine, headLines, isRecord, type SessionFormatFace } from '../formatClaim';

/** Line types only a Codex CLI rollout has (`RolloutItem`'s tags), and the bare items of its older layout. */
const KINDS = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const ITEMS = new Set(['message', 'reasoning', 'function_call', 'function_call_output', 'local_shell_call', 'custom_tool_call', 'custom_tool_call_output']);

/** Whether one parsed line is a rollout's, in either layout Codex has written. */
function isRolloutLine(line: unknown): boolean {
  if (!isRecord(line) || typeof line.sessionId === 'string' || typeof line.uuid === 'string') return false;
  if (typeof line.type === 'string' && KINDS.has(line.type) && isRecord(line.payload)) return true;
  if (line.record_type === 'state' || (typeof line.type === 'string' && ITEMS.has(line.type) && !('message' in line))) return true;
  return line.type === undefined && typeof line.id === 'string' && typeof line.timestamp === 'string';
}

/** Codex CLI rollouts (`{timestamp, type, payload}` lines, or the older bare items). */
export const codexFormat = {
  id: 'codex',
  name: AGENT_NAMES.codex,
  where: '~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl (its sub-agents in rollouts of their own)',
  claims(file) {
    if (headLines(file.head).some(isRolloutLine)) return 'session';
    // A session line longer than the head (its instructions) opens the same way.
    return /^\{\s*"timestamp"\s*:\s*"[^"]*"\s*,\s*"type"\s*:\s*"session_meta"/.test(firstLine(file.head)) ? 'session' : undefined;
  },
  presetFor: () => 'codex',
  outcomeWords: {
    denied: /^(exec command|patch) rejected by user/i,
    interrupted: /^aborted(:|$)/,
  },
} as const satisfies SessionFormatFace;
