import { AGENT_NAMES } from '../agentNames';
import { headLines, isRecord, type SessionFormatFace } from '../formatClaim';

/** Whether a parsed line is a Pi session's header: `{type: "session", id, timestamp, cwd}` (with `version` from v2). */
export function isPiHeader(value: unknown): boolean {
  return isRecord(value) && value.type === 'session' && typeof value.id === 'string' && typeof value.timestamp === 'string' && (typeof value.cwd === 'string' || typeof value.version === 'number');
}

/** The Pi coding agent's sessions (badlogic/pi-mono): JSON Lines, a `session` header, then a tree of entries. */
export const piFormat = {
  id: 'pi',
  name: AGENT_NAMES.pi,
  where: '~/.pi/agent/sessions/--<folder>--/<time>_<id>.jsonl',
  // The header is the first line; a tool that keeps the file may put a line of its own before it.
  claims: (file) => (headLines(file.head, 3).some(isPiHeader) ? 'session' : undefined),
  presetFor: () => 'pi',
  outcomeWords: {
    // Before 0.58.4 a message the user queued skipped the calls still to run.
    interrupted: /^Skipped due to queued user message/,
  },
} as const satisfies SessionFormatFace;
