import { AGENT_NAMES } from '../agentNames';
import { headLines, type SessionFormatFace } from '../formatClaim';
import { isCopilotEvent } from './copilotEvents';

/** GitHub Copilot CLI's events (`{type: "session.start", data, id, timestamp}`: dotted types no other log has). */
export const copilotFormat = {
  id: 'copilot-cli',
  name: AGENT_NAMES['copilot-cli'],
  where: '~/.copilot/session-state/<id>/events.jsonl',
  claims: (file) => (headLines(file.head).some(isCopilotEvent) ? 'session' : undefined),
  presetFor: () => 'copilot-cli',
  // As the reader words them: a refused permission (its permission.completed event, copilotResults.ts), a turn aborted (foldEvents.ts).
  outcomeWords: { denied: /^permission denied by the user/, interrupted: /^aborted: the turn was interrupted/ },
} as const satisfies SessionFormatFace;
