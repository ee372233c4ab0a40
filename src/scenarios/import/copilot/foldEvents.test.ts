import { describe, expect, it } from 'vitest';
import { importSessionLog } from '../importSessionLog';
import { importCopilotSession } from './importCopilotSession';

const T0 = Date.parse('2026-06-25T01:50:00.000Z');
let next = 0;
/** One event line as Copilot CLI writes it, `ms` after T0. */
const event = (ms: number, type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type, data, id: `e${++next}`, timestamp: new Date(T0 + ms).toISOString(), parentId: null, ...extra });
const start = () => event(0, 'session.start', { sessionId: 'abc12345-0000', copilotVersion: '1.0.70', context: { cwd: '/home/me/app' } });
const ask = (ms: number, requests: { id: string; name: string; args: unknown }[], extra: Record<string, unknown> = {}) =>
  event(ms, 'assistant.message', { messageId: `m${ms}`, content: '', toolRequests: requests.map((request) => ({ toolCallId: request.id, name: request.name, arguments: request.args, type: 'function' })) }, extra);
const began = (ms: number, id: string, name: string, extra: Record<string, unknown> = {}) => event(ms, 'tool.execution_start', { toolCallId: id, toolName: name, ...extra });
const ended = (ms: number, id: string, success: boolean, text: string, extra: Record<string, unknown> = {}) =>
  event(ms, 'tool.execution_complete', { toolCallId: id, success, ...(success ? { result: { content: text } } : { error: { message: text } }) }, extra);
const log = (...lines: string[]) => [{ name: 'events.jsonl', text: `${lines.join('\n')}\n` }];

const good = () => [
  start(),
  event(10, 'user.message', { content: 'List the files.' }),
  ask(1000, [{ id: 'call_a', name: 'bash', args: { command: 'ls', description: 'List' } }]),
  began(1002, 'call_a', 'bash'),
  ended(1300, 'call_a', true, 'a.txt\n<shellId: 0 completed with exit code 0>'),
];

describe('bad Copilot CLI logs', () => {
  it('names a truncated line and a line that is no event, and imports the rest', () => {
    const lines = good();
    lines.splice(2, 0, '{"type":"assistant.message","data":{"messageId":"m1","toolRequ', '[1, 2]', '{"type":"hook.start"}');
    const result = importCopilotSession(log(...lines));
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => [problem.line, problem.message.replace(/^(not JSON).*(a truncated or damaged line)$/, '$1 … $2')])).toEqual([
      [3, 'not JSON … a truncated or damaged line'],
      [4, 'not a JSON object'],
      [5, 'a "hook.start" event without a "data" object'],
    ]);
    expect(result.problems.every((problem) => problem.source === 'events.jsonl')).toBe(true);
    if (result.ok) expect(result.scenario.observed!.calls.call_a!.outcome).toBe('success');
  });

  it('refuses an empty file with a reason, and a log of only a session start', () => {
    for (const text of ['', '\n\n', `${start()}\n`]) {
      const result = importCopilotSession([{ name: 'events.jsonl', text }]);
      expect(result.ok).toBe(false);
      expect(result.problems.at(-1)!.message).toBe('the log holds no model response to replay');
    }
    expect(importCopilotSession([]).ok).toBe(false);
  });

  it('imports a call with no completion as unanswered, and says so', () => {
    const result = importCopilotSession(log(start(), ask(1000, [{ id: 'call_open', name: 'view', args: { path: '/home/me/app/a.txt' } }]), began(1003, 'call_open', 'view')));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.problems).toEqual([{ source: 'events.jsonl', line: 0, message: 'the call call_open (Read) has no tool.execution_complete in the log: it is imported as unanswered' }]);
    expect(result.scenario.observed!.calls.call_open).toMatchObject({ outcome: 'unanswered', startedAt: 3 });
    expect(result.scenario.turns[0]!.stream[0]).toMatchObject({ name: 'Read', input: { file_path: 'a.txt' } });
  });

  it('passes over an event type it does not know, once per type, and never stops on it', () => {
    const lines = good();
    lines.splice(3, 0, event(1001, 'telepathy.beam', { x: 1 }), event(1001, 'telepathy.beam', { x: 2 }), event(1001, 'session.something_new', {}));
    const result = importCopilotSession(log(...lines));
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([{ source: 'events.jsonl', line: 4, message: '2 events of type "telepathy.beam" the importer does not know: passed over' }]);
  });

  it('names an end no request asked for, a second end, and a request id seen twice', () => {
    const result = importCopilotSession(log(...good(), ended(1400, 'call_a', true, 'again'), ended(1500, 'call_ghost', true, 'boo'), ask(2000, [{ id: 'call_a', name: 'bash', args: { command: 'pwd' } }])));
    expect(result.problems.map((problem) => [problem.line, problem.message])).toEqual([
      [6, 'a second tool.execution_complete for call_a: the first is kept'],
      [7, 'a tool.execution_complete for call_ghost, which no assistant.message asked for: left out'],
      [8, 'the tool request call_a again: the first is kept'],
    ]);
  });

  it('takes a line without a timestamp at its neighbour’s time, and says which', () => {
    const lines = good();
    lines[3] = lines[3]!.replace(/"timestamp":"[^"]*",/, '');
    const result = importCopilotSession(log(...lines));
    expect(result.ok).toBe(true);
    expect(result.problems).toEqual([{ source: 'events.jsonl', line: 4, message: "no timestamp: taken as the previous line's" }]);
  });
});

describe('what else a Copilot CLI log says of its calls', () => {
  it('reads a refused permission as denied, an abort as interrupted, and a failure as an error', () => {
    const result = importCopilotSession(log(
      start(),
      ask(1000, [
        { id: 'call_rm', name: 'bash', args: { command: 'rm -rf build' } },
        { id: 'call_grep', name: 'grep', args: { pattern: 'TODO', output_mode: 'count', '-i': true, sort: 'path' } },
        { id: 'call_slow', name: 'bash', args: { command: 'sleep 100', mode: 'async' } },
      ]),
      began(1001, 'call_rm', 'bash'),
      event(1002, 'permission.completed', { requestId: 'r1', toolCallId: 'call_rm', result: { kind: 'denied-interactively-by-user' } }),
      ended(1003, 'call_rm', false, 'The user rejected this tool call.'),
      began(1001, 'call_grep', 'grep'),
      ended(1200, 'call_grep', false, 'rg: regex parse error'),
      began(1001, 'call_slow', 'bash'),
      event(4000, 'abort', { reason: 'user initiated' }),
    ));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { calls } = result.scenario.observed!;
    expect(calls.call_rm).toMatchObject({ outcome: 'denied', result: 'permission denied by the user (denied-interactively-by-user): The user rejected this tool call.' });
    expect(calls.call_grep!.outcome).toBe('error');
    expect(calls.call_slow).toMatchObject({ outcome: 'interrupted', startedAt: 1, endedAt: 3000 });
    expect(result.scenario.settings.answers).toEqual({ call_rm: 'deny' });
    expect(result.scenario.turns[0]!.stream.map((block) => block.type === 'tool_use' && [block.name, block.input])).toEqual([
      ['Bash', { command: 'rm -rf build' }],
      ['Grep', { pattern: 'TODO', output_mode: 'count', '-i': true }],
      ['Bash', { command: 'sleep 100', run_in_background: true }],
    ]);
    expect(result.scenario.observed!.unknown).toContainEqual("call_grep: grep's sort left out: the playground's Grep has no such option");
  });

  it('folds a sub-agent’s events under the task call that started it, by agentId or parentToolCallId', () => {
    const task = { id: 'call_task', name: 'task', args: { description: 'Find tests', prompt: 'Find the tests.', agent_type: 'explore' } };
    const result = importSessionLog(log(
      start(),
      ask(1000, [task]),
      began(1001, 'call_task', 'task'),
      event(1002, 'subagent.started', { toolCallId: 'call_task', agentName: 'explore', agentDisplayName: 'Explore', agentDescription: '' }, { agentId: 'sub1' }),
      ask(1500, [{ id: 'call_glob', name: 'glob', args: { pattern: '**/*.test.ts' } }], { agentId: 'sub1' }),
      began(1501, 'call_glob', 'glob', { agentId: 'sub1' }),
      ended(1600, 'call_glob', true, 'a.test.ts', { agentId: 'sub1' }),
      event(1700, 'assistant.message', { messageId: 'm2', content: 'One: a.test.ts', toolRequests: [], parentToolCallId: 'call_task' }),
      ended(1800, 'call_task', true, 'One: a.test.ts'),
    ));
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.problems).toEqual([]);
    expect(result.scenario.turns[0]!.stream[0]).toMatchObject({ name: 'Agent', input: { description: 'Find tests', prompt: 'Find the tests.', subagent_type: 'explore' } });
    const sub = result.scenario.agents!.call_task!;
    expect(sub.turns.map((turn) => turn.stream.map((block) => (block.type === 'tool_use' ? block.name : block.text)))).toEqual([['Glob'], ['One: a.test.ts']]);
    expect(result.scenario.observed!.calls.call_glob).toMatchObject({ outcome: 'success', startedAt: 501, endedAt: 600 });
  });

  it('names an MCP server’s tool by its start, and keeps a tool it does not know under its own name', () => {
    const result = importCopilotSession(log(
      start(),
      ask(1000, [{ id: 'call_mcp', name: 'github-list_issues', args: { repo: 'a/b' } }, { id: 'call_intent', name: 'report_intent', args: { intent: 'Looking' } }]),
      began(1001, 'call_mcp', 'github-list_issues', { mcpServerName: 'github', mcpToolName: 'list_issues' }),
      ended(1100, 'call_mcp', true, '[]'),
      began(1001, 'call_intent', 'report_intent'),
      ended(1002, 'call_intent', true, 'Intent logged'),
    ));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.turns[0]!.stream.map((block) => block.type === 'tool_use' && block.name)).toEqual(['mcp__github__list_issues', 'report_intent']);
  });
});
