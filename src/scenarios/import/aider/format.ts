import { AGENT_NAMES } from '../agentNames';
import type { SessionFormatFace } from '../formatClaim';

/**
 * Aider's chat history (`.aider.chat.history.md`, written by aider/io.py: a `# aider chat started at`
 * heading at each launch, `####` for the user's lines, `>` for its own output). It records the
 * conversation as Markdown: no tool call, input or result is kept as such, so nothing in it can be
 * scheduled or replayed. Claimed only to say so.
 */
export const aiderFormat = {
  id: 'aider',
  name: AGENT_NAMES.aider,
  where: '.aider.chat.history.md in the project',
  claims: (file) => (/^\s*# aider chat started at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(file.head) ? 'session' : undefined),
  presetFor: () => 'seed',
  refusal:
    'this is an Aider chat history (.aider.chat.history.md): Aider keeps the conversation as Markdown, its edits parsed out of the model’s text and its commands suggested in it, with no structured tool calls, inputs or results, so there is no call to schedule or replay',
  outcomeWords: {},
} as const satisfies SessionFormatFace;
