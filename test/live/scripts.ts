import { blockEvents, errorEvent, messageEvents, startEvents, streamReply, type ScriptedMessage, type ScriptedReply } from './wire';

/** A scripted live conversation: what to ask, the workspace, and the fake API's replies in order. */
export interface LiveFixture {
  prompt: string;
  workspace: Record<string, string>;
  /** Settings the fixture is written for (as a scenario's `settings` takes them). */
  settings: { permissionMode: 'acceptEdits' };
  replies: ScriptedReply[];
  /** The workspace's files after the run, where the fixture changes them. */
  expectedFiles: Record<string, string>;
  /** The tool_use ids whose calls must run, in the order the model asks for them. */
  toolUseIds: string[];
}

const GREET_BEFORE = "export function greet(name: string): string {\n  return 'Hello, ' + name;\n}\n";
const GREET_AFTER = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n';

const workspace = () => ({
  'src/greet.ts': GREET_BEFORE,
  'src/main.ts': "import { greet } from './greet';\n\nconsole.log(greet('world'));\n",
  'README.md': '# Greeter\n',
});

/**
 * Turn 1 streams a sentence, then Read and Glob (one concurrent batch) and an Edit of the file the
 * Read reads, each tool's input JSON in several pieces; turn 2 answers the results with text and
 * ends the turn. `gapMs` is the real time between events (so a page shows the stream arriving).
 */
export function conversationFixture(gapMs = 0): LiveFixture {
  const turn1: ScriptedMessage = {
    id: 'msg_live_1',
    blocks: [
      { type: 'text', text: "I'll read the greeter and list the sources, then fix the greeting." },
      { type: 'tool_use', id: 'toolu_live_read', name: 'Read', input: { file_path: 'src/greet.ts' }, pieces: ['{"file_', 'path": "src/', 'greet.ts"}'] },
      { type: 'tool_use', id: 'toolu_live_glob', name: 'Glob', input: { pattern: 'src/**/*.ts' }, pieces: ['{"pat', 'tern": "src/**', '/*.ts"}'] },
      {
        type: 'tool_use',
        id: 'toolu_live_edit',
        name: 'Edit',
        input: { file_path: 'src/greet.ts', old_string: "return 'Hello, ' + name;", new_string: 'return `Hello, ${name}!`;' },
        pieces: ['{"file_path": "src/greet.ts", ', '"old_string": "return \'Hello, \' + name;", ', '"new_string": "return `Hello, ', '${name}!`;"}'],
      },
    ],
  };
  const turn2: ScriptedMessage = { id: 'msg_live_2', blocks: [{ type: 'text', text: 'Done: greet() now uses a template string and ends with "!".' }] };
  return {
    prompt: 'Make greet() use a template string and end the greeting with "!".',
    workspace: workspace(),
    settings: { permissionMode: 'acceptEdits' },
    replies: [streamReply(turn1, gapMs), streamReply(turn2, gapMs)],
    expectedFiles: { 'src/greet.ts': GREET_AFTER },
    toolUseIds: ['toolu_live_read', 'toolu_live_glob', 'toolu_live_edit'],
  };
}

/**
 * A streaming fallback: turn 1 streams a Read block to its end and starts a Glob block, then the
 * API sends an `overloaded_error` event. The retry (a non-streaming request with the same
 * messages) brings the two calls again under new ids; the next request carries their results
 * (and none for the failed stream's), and the model ends the turn.
 */
export function fallbackFixture(gapMs = 0): LiveFixture {
  const failed: ScriptedMessage = {
    id: 'msg_live_failed',
    blocks: [
      { type: 'tool_use', id: 'toolu_failed_read', name: 'Read', input: { file_path: 'src/greet.ts' }, pieces: ['{"file_path": ', '"src/greet.ts"}'] },
      { type: 'tool_use', id: 'toolu_failed_glob', name: 'Glob', input: { pattern: 'src/**/*.ts' }, pieces: ['{"pattern": ', '"src/'] },
    ],
  };
  const glob = blockEvents(failed.blocks[1]!, 1, gapMs);
  const failing: ScriptedReply = {
    kind: 'stream',
    events: [
      ...startEvents(failed),
      ...blockEvents(failed.blocks[0]!, 0, gapMs),
      // The Glob block starts and gets part of its input; then the stream fails.
      ...glob.slice(0, glob.length - 1),
      { ...errorEvent('overloaded_error', 'Overloaded'), ...(gapMs > 0 ? { delayMs: gapMs } : {}) },
    ],
  };
  const retried: ScriptedMessage = {
    id: 'msg_live_retry',
    blocks: [
      { type: 'tool_use', id: 'toolu_retry_read', name: 'Read', input: { file_path: 'src/greet.ts' } },
      { type: 'tool_use', id: 'toolu_retry_glob', name: 'Glob', input: { pattern: 'src/**/*.ts' } },
    ],
  };
  const done: ScriptedMessage = { id: 'msg_live_done', blocks: [{ type: 'text', text: 'The greeter is in src/greet.ts, next to src/main.ts.' }] };
  return {
    prompt: 'Where is the greeter defined?',
    workspace: workspace(),
    settings: { permissionMode: 'acceptEdits' },
    replies: [failing, { kind: 'message', message: retried }, { kind: 'stream', events: messageEvents(done, gapMs) }],
    expectedFiles: { 'src/greet.ts': GREET_BEFORE },
    toolUseIds: ['toolu_retry_read', 'toolu_retry_glob'],
  };
}
