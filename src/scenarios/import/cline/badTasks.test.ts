import { describe, expect, it } from 'vitest';
import type { LogFile } from '../logFile';
import { importSessionLog } from '../importSessionLog';
import { importClineTask } from './importClineTask';
import { playgroundCall } from './clineTools';

const HISTORY = 'tasks/1/api_conversation_history.json';
const UI = 'tasks/1/ui_messages.json';
const history = (messages: unknown[]): LogFile => ({ name: HISTORY, text: JSON.stringify(messages, null, 1) });
const text = (value: string) => ({ type: 'text', text: value });
const task = { role: 'user', content: [text('<task>\nlist it\n</task>')] };
const messagesOf = (result: { problems: { message: string }[] }) => result.problems.map((problem) => problem.message);

describe('a Cline task that cannot be read whole', () => {
  it('says an empty file is empty, and names the line where a truncated one breaks, never throwing', () => {
    const empty = importSessionLog([{ name: HISTORY, text: '' }]);
    expect(empty.ok).toBe(false);
    expect(empty.problems[0]).toEqual({ source: HISTORY, line: 0, message: 'the file is empty: it holds no API messages' });
    const whole = history([task, { role: 'assistant', content: [text('<list_files>\n<path>.</path>\n</list_files>')] }]).text;
    const cut = importClineTask([{ name: HISTORY, text: whole.slice(0, whole.length - 40) }]);
    expect(cut.ok).toBe(false);
    expect(cut.problems[0]!.source).toBe(HISTORY);
    expect(cut.problems[0]!.message).toMatch(/^not a whole JSON document/);
    expect(cut.problems[0]!.line).toBeGreaterThan(1);
    // A truncated history is still told as Cline's from its head.
    expect(importSessionLog([{ name: 'history.json', text: whole.slice(0, 60) }]).problems[0]!.message).toMatch(/^not a whole JSON document \(a Cline task/);
  });

  it('names a message of an unknown role or type, and a call with no result, by file and line', () => {
    const result = importClineTask([
      history([task, { role: 'system', content: 'x' }, { role: 'assistant', content: [text('<read_file>\n<path>a.ts</path>\n</read_file>')] }, { role: 'assistant', content: [text('<list_files>\n<path>.</path>\n</list_files>')] }, { role: 'user', content: [text("[list_files for '.'] Result:"), text('a.ts')] }]),
      { name: UI, text: JSON.stringify([{ ts: 1, type: 'say', say: 'task', text: 'list it' }, { ts: 2, type: 'tell', say: 'text' }, { type: 'say', say: 'api_req_started' }]) },
    ]);
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { source: HISTORY, line: 11, message: 'message 2: a message of role "system", neither user nor assistant: passed over' },
        { source: HISTORY, line: 15, message: 'the call call_3_1 (Read) has no result in the history: it is imported as unanswered' },
        { source: UI, line: 1, message: 'message 2 is of type "tell", neither "ask" nor "say": passed over' },
        { source: UI, line: 1, message: 'message 3 (say api_req_started) has no ts: passed over' },
      ]),
    );
    expect(result.ok && result.scenario.observed!.calls.call_3_1?.outcome).toBe('unanswered');
  });

  it('reads a chat with no request as nothing to replay, and leaves out a file that is not the task’s', () => {
    const result = importSessionLog([{ name: UI, text: JSON.stringify([{ ts: 1, type: 'say', say: 'task', text: 'x' }]) }, { name: 'notes.txt', text: 'hello' }]);
    expect(result.ok).toBe(false);
    expect(messagesOf(result)).toEqual(expect.arrayContaining([expect.stringContaining('no model response'), expect.stringContaining('left out')]));
  });

  it('reads a task kept as its chat alone: each tool, command and question a call, its result what the next request carried or the output shown', () => {
    const chat = [
      { ts: 1000, type: 'say', say: 'task', text: 'Fix the greeting' },
      { ts: 1100, type: 'say', say: 'api_req_started', text: JSON.stringify({ request: '<task>Fix the greeting</task>', cost: 0.01 }) },
      { ts: 2900, type: 'say', say: 'tool', text: JSON.stringify({ tool: 'readFile', path: 'src/greet.ts', content: '/w/src/greet.ts' }) },
      { ts: 3050, type: 'say', say: 'api_req_started', text: JSON.stringify({ request: "[read_file for 'src/greet.ts'] Result:\nexport const greet = () => 'hi';\n\n<environment_details>…", cost: 0.01 }) },
      { ts: 5200, type: 'ask', ask: 'command', text: 'npm test', commandCompleted: true },
      { ts: 8100, type: 'ask', ask: 'command_output', text: '> node --test' },
      { ts: 9300, type: 'ask', ask: 'command_output', text: 'ok 1' },
      { ts: 9800, type: 'say', say: 'api_req_started', text: JSON.stringify({ request: "[execute_command for 'npm test'] Result:\nCommand executed.", cost: 0.01 }) },
      { ts: 11_000, type: 'say', say: 'completion_result', text: 'Done.HAS_CHANGES' },
      { ts: 11_010, type: 'ask', ask: 'completion_result', text: '' },
    ];
    const result = importSessionLog([{ name: 'exports/task-1718.json', text: JSON.stringify(chat) }]);
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    const calls = result.scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [[block.name, block.input]] : [])));
    expect(calls).toEqual([
      ['Read', { file_path: 'src/greet.ts' }],
      ['Bash', { command: 'npm test' }],
      ['attempt_completion', { result: 'Done.' }],
    ]);
    const observed = result.scenario.observed!.calls;
    expect(observed.ui_3).toMatchObject({ outcome: 'success', result: "export const greet = () => 'hi';", endedAt: 2050 });
    // A command ends with its last output shown, before the next request.
    expect(observed.ui_5).toMatchObject({ outcome: 'success', result: 'Command executed.', endedAt: 8300 });
    expect(observed.ui_9!.outcome).toBe('unanswered');
    expect(result.scenario.observed!.unknown!.join('\n')).toContain('api_conversation_history.json is not here: the calls are those its chat showed');
  });

  it('names a call cut off while streaming, a result nothing asked for, and a message that is no object; with no call left, refuses the task', () => {
    const result = importClineTask([history([task, 3, { role: 'assistant', content: [text('Reading.\n<read_file>\n<path>a.ts')] }, { role: 'user', content: [text("[read_file for 'a.ts'] Result:"), text('x')] }])]);
    expect(result.ok).toBe(false);
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([
        'message 2 is not a JSON object: left out',
        'message 3: its <read_file> is never closed (the response was cut off): Cline ran no such call, and it stays text',
        'message 4: a result of read_file, which no call of the response before asked for: left out',
        'a Cline session with 1 model response and no tool call: there is nothing in it for a tool system to replay',
      ]),
    );
  });
});

describe('Cline’s tools as the playground’s', () => {
  it('maps several SEARCH/REPLACE blocks to MultiEdit, an MCP call to its mcp__ name, a question to AskUserQuestion', () => {
    const diff = '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n------- SEARCH\nc\n=======\nd\n+++++++ REPLACE';
    expect(playgroundCall('replace_in_file', { path: 'x.ts', diff })).toEqual({ name: 'MultiEdit', input: { file_path: 'x.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd' }] } });
    expect(playgroundCall('use_mcp_tool', { server_name: 'github', tool_name: 'get_issue', arguments: '{"number": 3}' })).toEqual({ name: 'mcp__github__get_issue', input: { number: 3 } });
    expect(playgroundCall('ask_followup_question', { question: 'Which?', options: '["a", "b"]' })).toEqual({
      name: 'AskUserQuestion',
      input: { questions: [{ question: 'Which?', header: 'Question', options: [{ label: 'a', description: '' }, { label: 'b', description: '' }], multiSelect: false }] },
    });
    expect(playgroundCall('search_files', { path: 'src', regex: 'greet', file_pattern: '*.ts' })).toEqual({ name: 'Grep', input: { pattern: 'greet', path: 'src', glob: '*.ts', output_mode: 'content', '-n': true } });
    expect(playgroundCall('write_to_file', { path: 'a.ts', content: 'x' })).toEqual({ name: 'Write', input: { file_path: 'a.ts', content: 'x' } });
    expect(playgroundCall('web_fetch', { url: 'https://example.com' }).name).toBe('WebFetch');
    expect(playgroundCall('browser_action', { action: 'launch' })).toEqual({ name: 'browser_action', input: { action: 'launch' } });
  });
});
