import { AGENT_NAMES } from '../agentNames';
import type { SessionFormatFace } from '../formatClaim';
import { isGeminiChat } from './chatFile';
import { isGeminiChatLines } from './chatLines';

/** Gemini CLI's chats: one JSON document, or JSON Lines under a metadata line (a session id and its project's hash). */
export const geminiFormat = {
  id: 'gemini-cli',
  name: AGENT_NAMES['gemini-cli'],
  where: '~/.gemini/tmp/<project hash>/chats/session-*.json or session-*.jsonl',
  claims: (file) => (isGeminiChat(file.text ?? file.head) || isGeminiChatLines(file.head) ? 'session' : undefined),
  presetFor: () => 'gemini-cli',
  outcomeWords: {
    denied: /^\[Operation Cancelled\] (Reason: )?User did not allow tool call/,
    // Any other cancellation: a declined confirmation is a refusal.
    interrupted: /^\[Operation Cancelled\](?! (Reason: )?User did not allow tool call)/,
  },
} as const satisfies SessionFormatFace;
