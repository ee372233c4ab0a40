import { AGENT_NAMES } from '../agentNames';
import type { SessionFormatFace } from '../formatClaim';
import { isOpenCodeExport } from './exportFile';
import { isStorageSessionHead, storageFileOf } from './storagePath';

/** OpenCode's sessions: an `opencode export` document, or a session's files in its storage folder. */
export const openCodeFormat = {
  id: 'opencode',
  name: AGENT_NAMES.opencode,
  where: 'the output of `opencode export <sessionID>`, or ~/.local/share/opencode/storage/ (a session and its messages and parts)',
  claims(file) {
    if (isStorageSessionHead(file.name, file.head)) return 'session';
    if (storageFileOf(file.name) !== undefined && /^\s*\{\s*"id"\s*:\s*"(ses|msg|prt)_/.test(file.head)) return 'part';
    return isOpenCodeExport(file.text ?? file.head) ? 'session' : undefined;
  },
  presetFor: () => 'opencode',
  outcomeWords: {
    // Its permission system's rejection (packages/opencode/src/permission): the user said no.
    denied: /^The user rejected permission to use this specific tool call/,
    interrupted: /^Tool execution aborted$/,
  },
} as const satisfies SessionFormatFace;
