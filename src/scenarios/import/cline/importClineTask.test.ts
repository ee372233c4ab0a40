import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogFile } from '../logFile';
import { importSessionLog, sessionAgentOf } from '../importSessionLog';
import { importClineTask } from './importClineTask';

const FIXTURES = join(import.meta.dirname, '../../../../test/cline');
const task = (id: string): LogFile[] =>
  readdirSync(join(FIXTURES, id))
    .sort()
    .map((name) => ({ name: `tasks/${id}/${name}`, text: readFileSync(join(FIXTURES, id, name), 'utf8') }));
const TEXT_CALLS = '1718007200000';
const NATIVE_CALLS = '1718010800000';
const NATIVE_TEXT_RESULTS = '1718014400000';
const T = 1718007200000;

const imported = (files: LogFile[]) => {
  const result = importClineTask(files);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};
const callsOf = (result: ReturnType<typeof imported>) => result.scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block] : [])));

describe('importing a Cline task whose calls are written in the text', () => {
  it('imports every call with its tool mapped and its outcome, under the cline policy', () => {
    const result = imported(task(TEXT_CALLS));
    const { scenario } = result;
    expect(scenario.settings.policy).toBe('cline');
    expect(scenario.observed).toMatchObject({ agent: 'cline', version: '' });
    expect(callsOf(result).map((call) => [call.name, scenario.observed!.calls[call.id]?.outcome])).toEqual([
      ['Read', 'success'],
      ['Edit', 'success'],
      ['Bash', 'success'],
      ['Bash', 'denied'],
      ['attempt_completion', 'unanswered'],
    ]);
    expect(callsOf(result)[1]!.input).toEqual({ file_path: 'src/greet.ts', old_string: "  return 'Hello, world';", new_string: '  return `Hello, ${name}`;' });
    expect(scenario.settings.answers).toEqual({ [callsOf(result)[3]!.id]: 'deny' });
    // The last call ends the task: it is said, and nothing else is.
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.message).toContain('(attempt_completion) ends the task');
  });

  it('takes the times from ui_messages: each call when the chat showed it, ending when the next request went out', () => {
    const { scenario } = imported(task(TEXT_CALLS));
    const [read, edit, test, denied] = Object.values(scenario.observed!.calls);
    expect(read).toMatchObject({ startedAt: 2900, endedAt: 3000 });
    expect(edit).toMatchObject({ startedAt: 6000, endedAt: 9000 });
    expect(test).toMatchObject({ startedAt: 11000, endedAt: 14000 });
    expect(test!.result).toContain('ℹ pass 1');
    expect(denied).toMatchObject({ startedAt: 16000, endedAt: 21000, result: 'The user denied this operation.' });
    // The second response began 3000 ms after the first's result went out with the request at T+3000.
    expect(scenario.turns[1]!.stream[0]!.at).toBe(3000);
    expect(T).toBe(Number(TEXT_CALLS));
  });

  it('rebuilds the file the read showed, keeps the task’s prompt, and says what Cline does not record', () => {
    const { scenario } = imported(task(TEXT_CALLS));
    expect(scenario.workspace.files).toEqual({ 'src/greet.ts': "export function greet(name: string): string {\n  return 'Hello, world';\n}\n" });
    expect(scenario.title).toContain('Fix the greeting in src/greet.ts');
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('does not write its version'));
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('when the user answered and when the tool started running are not in the log'));
  });

  it('is told from its content with no flag, whichever of its files comes first', () => {
    const files = task(TEXT_CALLS);
    for (const file of files.filter((each) => !each.name.endsWith('task_metadata.json'))) expect(sessionAgentOf(file.text)).toBe('cline');
    const result = importSessionLog([...files].reverse());
    expect(result.ok && result.scenario.observed?.agent).toBe('cline');
    // Renamed, the history is still told by its content.
    const renamed = importSessionLog([{ name: 'history.json', text: files.find((file) => file.name.endsWith('api_conversation_history.json'))!.text }]);
    expect(renamed.ok && renamed.scenario.observed?.agent).toBe('cline');
  });
});

describe('importing a Cline task with native tool_use blocks', () => {
  it('maps each call by its tool_use id and reads its tool_result', () => {
    const result = imported(task(NATIVE_CALLS));
    const { scenario } = result;
    expect(callsOf(result).map((call) => [call.id, call.name, call.input])).toEqual([
      ['toolu_01LsSrc', 'Glob', { pattern: '*', path: 'src' }],
      ['toolu_02Read', 'Read', { file_path: 'src/greet.ts' }],
      ['toolu_03Done', 'attempt_completion', { result: 'src/greet.ts exports greet(name), which returns a greeting.' }],
    ]);
    expect(scenario.observed!.calls.toolu_01LsSrc).toMatchObject({ outcome: 'success', result: 'greet.ts', startedAt: 2400, endedAt: 2700 });
  });

  it('without ui_messages, takes the times the history’s messages carry and says so', () => {
    const history = task(NATIVE_CALLS).filter((file) => file.name.endsWith('api_conversation_history.json'));
    const { scenario } = imported(history);
    // From the first response (its message's ts, T+2500): the read's message at T+4200, its result's at T+4400.
    expect(scenario.observed!.calls.toolu_02Read).toMatchObject({ outcome: 'success', startedAt: 1700, endedAt: 1900 });
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('ui_messages.json is not here'));
  });
});

describe('importing a Cline task whose native calls get their results as text', () => {
  // The shape of a real task of a GPT-5 or next-gen prompt: tool_use blocks, each result a text block
  // naming its tool, files named by `absolutePath` (a Windows path here), `task_progress` in every input.
  it('answers each native call from the text that names its tool, and reads absolutePath as the file', () => {
    const result = imported(task(NATIVE_TEXT_RESULTS));
    const { scenario } = result;
    expect(callsOf(result).map((call) => [call.id, call.name, scenario.observed!.calls[call.id]?.outcome])).toEqual([
      ['tooluse_A1read', 'Read', 'success'],
      ['tooluse_B2edit', 'Edit', 'success'],
      ['tooluse_C3write', 'Write', 'denied'],
    ]);
    const [, edit, write] = callsOf(result);
    expect(edit!.input).toMatchObject({ old_string: "  return 'Hello, world';", new_string: '  return `Hello, ${name}`;' });
    expect(String((edit!.input as { file_path: string }).file_path)).toMatch(/src[\\/]greet\.ts$/);
    expect(String((write!.input as { file_path: string }).file_path)).toMatch(/NOTES\.md$/);
    // Times from the first response (its message's ts, T+3000), the next message's ts ending each call.
    expect(scenario.observed!.calls.tooluse_A1read).toMatchObject({ startedAt: 0, endedAt: 400 });
    expect(scenario.observed!.calls.tooluse_B2edit).toMatchObject({ startedAt: 3000, endedAt: 4500 });
    expect(scenario.observed!.calls.tooluse_A1read!.result).toContain("return 'Hello, world'");
    expect(result.problems).toEqual([]);
  });
});
