import { AGENT_NAMES } from '../agentNames';
import type { SessionFormatFace } from '../formatClaim';
import { baseName, clineTextKind, HISTORY_FILE, METADATA_FILE, UI_FILE } from './taskFiles';

/** Cline's tasks: the API history, the chat the task showed (either alone will do), and their metadata. */
export const clineFormat = {
  id: 'cline',
  name: AGENT_NAMES.cline,
  where: '…/globalStorage/saoudrizwan.claude-dev/tasks/<id>/ (api_conversation_history.json and ui_messages.json; either alone, under any name)',
  claims(file) {
    const name = baseName(file.name);
    if (name === METADATA_FILE && /^\s*\{/.test(file.head)) return 'part';
    if (name === HISTORY_FILE || name === UI_FILE) return 'session';
    return clineTextKind(file.text ?? file.head) !== undefined ? 'session' : undefined;
  },
  presetFor: () => 'cline',
  outcomeWords: {
    cancelled: /^Skipping tool .* due to user rejecting a previous tool/,
    denied: /^The user rejected permission to use this specific tool call|^The user denied this operation/,
  },
} as const satisfies SessionFormatFace;
