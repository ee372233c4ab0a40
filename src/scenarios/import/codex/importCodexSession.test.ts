import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { fidelityReport } from '../../../run/fidelity';
import { runScenario } from '../../../run/runScenario';
import { createVirtualClock } from '../../../time/virtualClock';
import { rolloutWriter, toRollout } from '../../../../test/codexRollouts';
import { importCodexSession } from './importCodexSession';

const FIXTURES = join(import.meta.dirname, '../../../../test/codex');
const [fixture] = readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl'));
const imported = (text: string, name = 'rollout.jsonl') => importCodexSession([{ name, text }]);

const fromFixture = () => {
  const result = imported(readFileSync(join(FIXTURES, fixture!), 'utf8'), fixture);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
};

describe('importing a Codex CLI rollout', () => {
  it('makes each model response a turn, each call a tool_use of the playground’s tools', () => {
    const { scenario, problems } = fromFixture();
    expect(problems).toEqual([]);
    expect(scenario.title).toBe("Session 0199e2b4 (Codex CLI 0.46.0): Add a --verbose flag to the CLI that prints each todo's id,…");
    expect(scenario.settings.policy).toBe('codex');
    expect(scenario.observed).toMatchObject({ agent: 'codex', version: '0.46.0' });
    const calls = scenario.turns.map((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])));
    expect(calls).toEqual([['Bash', 'Bash'], ['Edit'], ['TodoWrite', 'Bash'], ['apply_patch'], ['Bash'], ['mcp__docs__search', 'WebSearch', 'Read'], ['Bash'], [], ['Bash']]);
    // The reasoning and the text keep their place in the stream.
    expect(scenario.turns[1]!.stream.map((block) => block.type)).toEqual(['text', 'text', 'tool_use']);
  });

  it('keeps the real timing: blocks at their lines’ times, each command’s own duration as its latency', () => {
    const { scenario } = fromFixture();
    const [first] = scenario.turns;
    expect(first!.stream.map((block) => [block.type, block.at, block.durationMs])).toEqual([
      ['text', 0, 0],
      ['tool_use', 0, 513],
      ['tool_use', 513, 189],
    ]);
    expect(first!.stream[1]).toMatchObject({ input: { command: 'ls' }, latencyMs: 0 });
    // From the session's first response: `ls` started as its item closed, 513 ms in, and ran its
    // 0.1 s of wall time after the spawn this log’s calls took (373 ms, measured on its own calls).
    expect(scenario.observed!.calls.call_Xq1Lr9aTw2bH0sVd3kP7mN4e).toMatchObject({ outcome: 'success', startedAt: 513, endedAt: 986 });
    const tests = scenario.turns[2]!.stream.find((block) => block.type === 'tool_use' && block.name === 'Bash');
    expect(tests).toMatchObject({ input: { command: 'npm test', timeout: 120000 } });
  });

  it('reads each call’s outcome: success, a failed command, a refusal, an interrupted turn', () => {
    const { scenario } = fromFixture();
    const outcomes = Object.fromEntries(Object.entries(scenario.observed!.calls).map(([id, call]) => [id, call.outcome]));
    expect(outcomes).toMatchObject({ call_Jd5fHg7Kl9Mn1Bp3Cq6Dr8St: 'error', call_Ee9fFg1Hh3Ii5Jj7Kk9Ll1Mm: 'success', call_Gg1hH3iI5jJ7kK9lL1mM3nN: 'denied', call_Oo5pP7qQ9rR1sS3tT5uU7vV9: 'interrupted' });
    expect(scenario.settings.answers).toEqual({ call_Gg1hH3iI5jJ7kK9lL1mM3nN: 'deny' });
    expect(scenario.turns.at(-1)).toMatchObject({ interruptAt: 4830, expect: { outcomes: { call_Oo5pP7qQ9rR1sS3tT5uU7vV9: 'interrupted' } } });
    expect(scenario.observed!.calls.call_Jd5fHg7Kl9Mn1Bp3Cq6Dr8St!.result).toContain('"exit_code":1');
  });

  it('rebuilds the files a command printed, and lists what it cannot know', () => {
    const { scenario } = fromFixture();
    expect(Object.keys(scenario.workspace.files)).toEqual(['src/cli.js']);
    expect(scenario.workspace.files['src/cli.js']).toContain("console.log(`- ${todo.title}`);\n  }\n}\n\nmain(process.argv.slice(2));\n");
    expect(scenario.observed!.unknown).toContainEqual(expect.stringContaining('apply_patch changes 2 files (test/cli.test.js, test/fixtures/verbose.txt): kept as apply_patch, a tool the playground does not have'));
  });

  it('rerun here, every call is reproduced or explained in a class a user can act on', async () => {
    const { scenario } = fromFixture();
    const clock = createVirtualClock();
    // The user allows what asks (on the page, Ask me; here, their answer).
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock, effects: 'rerun', canUseTool: () => Promise.resolve('allow') }));
    expect(record.error).toBeUndefined();
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    expect(report.calls).toHaveLength(12);
    expect(report.counts['real-difference'] ?? 0).toBe(0);
    const edit = report.calls.find((call) => call.name === 'Edit');
    expect(edit?.verdict).toBe('policy');
    expect(edit?.why).toContain('Codex CLI changes a file without reading it first');
  });

  it('rerun without the user’s permission, nothing the log ran asks and runs: each such call is not allowed, and says how to allow it', async () => {
    const { scenario } = fromFixture();
    const clock = createVirtualClock();
    const sandbox = createVirtualSandbox({});
    const record = await clock.runUntil(runScenario({ scenario, sandbox, clock, effects: 'rerun' }));
    const report = fidelityReport(record, scenario.observed!, Object.keys(scenario.workspace.files));
    const notAllowed = report.calls.filter((call) => call.verdict === 'not-allowed');
    // The commands that ask (read-only ones do not) are refused before they run.
    expect(notAllowed.length).toBeGreaterThanOrEqual(4);
    expect(new Set(notAllowed.map((call) => call.name))).toEqual(new Set(['Bash']));
    for (const call of notAllowed) expect(call.why).toMatch(/only with your permission \(an allow rule in the scenario’s settings, or Ask me on the page\)/);
    expect(report.counts['real-difference'] ?? 0).toBe(0);
  });
});

describe('what the events and the older layout tell', () => {
  it('takes the exit code and duration of exec_command_end, patch_apply_end and mcp_tool_call_end over the output', () => {
    const write = rolloutWriter({ version: '0.77.0' });
    const lines = [
      write.meta(),
      write.user(10, 'Go.'),
      write.shell(1000, 'make', 'call_make'),
      write.call(1100, 'apply_patch', { input: '*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch' }, 'call_patch'),
      write.call(1200, 'mcp__db__query', { sql: 'select 1' }, 'call_mcp'),
      write.tokens(1300),
      write.event(3400, 'exec_command_end', { call_id: 'call_make', exit_code: 2, duration: { secs: 2, nanos: 250_000_000 }, stdout: '', stderr: 'boom' }),
      write.output(3500, 'call_make', 'make: *** [all] Error 2'),
      write.event(3600, 'patch_apply_end', { call_id: 'call_patch', success: false, stdout: '', stderr: 'no' }),
      write.output(3610, 'call_patch', 'Success?'),
      write.event(3700, 'mcp_tool_call_end', { call_id: 'call_mcp', duration: { secs: 0, nanos: 40_000_000 }, result: { Err: 'server gone' } }),
      write.output(3710, 'call_mcp', 'err: server gone'),
    ];
    const result = imported(toRollout(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { calls } = result.scenario.observed!;
    expect(calls.call_make).toMatchObject({ outcome: 'error', startedAt: 0, endedAt: 2250 });
    expect(calls.call_patch!.outcome).toBe('error');
    // The patch and the MCP call take Codex's exclusive lock: each waits for the calls before it (the patch's output is its end).
    expect(calls.call_patch).toMatchObject({ startedAt: 2250, endedAt: 2610 });
    expect(calls.call_mcp).toMatchObject({ outcome: 'error', startedAt: 2610, endedAt: 2650 });
    expect(result.scenario.title).toContain('(Codex CLI 0.77.0): Go.');
  });

  it('ends a response at each output when the log has no token_count, and reads local_shell_call, exec_command and web_search_call', () => {
    const write = rolloutWriter();
    const lines = [
      write.meta(),
      write.item(1000, { type: 'local_shell_call', call_id: 'call_local', status: 'completed', action: { type: 'exec', command: ['ls', '-a'], working_directory: null, timeout_ms: null } }),
      write.exec(1200, 'call_local', '.\n..\n', 0, 0.1),
      write.call(2000, 'exec_command', { cmd: 'npm run dev', yield_time_ms: 1000 }, 'call_dev'),
      write.output(3100, 'call_dev', 'Chunk ID: 1\nWall time: 1.0003 seconds\nProcess running with session ID 4\nOutput:\nready'),
      write.item(4000, { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'vite ports' } }),
    ];
    const result = imported(toRollout(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.turns.map((turn) => turn.stream.map((block) => (block.type === 'tool_use' ? `${block.name} ${JSON.stringify(block.input)}` : block.type)))).toEqual([
      ['Bash {"command":"ls -a"}'],
      ['Bash {"command":"npm run dev"}'],
      ['WebSearch {"query":"vite ports"}'],
    ]);
    // Its wall time (1.0 s) after the spawn the log's first call took (its output 100 ms past its 0.1 s).
    expect(result.scenario.observed!.calls.call_dev).toMatchObject({ outcome: 'success', startedAt: 1000, endedAt: 2100 });
    expect(result.scenario.observed!.calls.web_search_line6!.outcome).toBe('success');
    expect(result.scenario.observed!.calls.web_search_line6!.result).toContain('its results are not in the log');
  });

  it('reads the older layout (a bare session line, bare items, state lines) and says its timing is unknown', () => {
    const lines = [
      { id: '5973b6c0-94b8-487b-a530-2aeb6098ae0e', timestamp: '2025-05-07T17:24:21.123Z', instructions: null },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
      { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'call_1' },
      { type: 'function_call_output', call_id: 'call_1', output: JSON.stringify({ output: 'a\n', metadata: { exit_code: 0, duration_seconds: 0.4 } }) },
      { record_type: 'state', previous_response_id: 'resp_1' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'One file: a.' }] },
    ];
    const result = imported(toRollout(lines));
    expect(result.ok, JSON.stringify(result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.problems).toEqual([]);
    expect(result.scenario.title).toBe('Session 5973b6c0: List the files.');
    expect(result.scenario.turns.map((turn) => turn.stream.map((block) => block.type))).toEqual([['tool_use'], ['text']]);
    expect(result.scenario.turns[0]!.stream[0]).toMatchObject({ name: 'Bash' });
    const only = Object.values(result.scenario.observed!.calls)[0]!;
    expect(only.endedAt! - only.startedAt!).toBe(400);
    expect(result.scenario.observed!.unknown).toContainEqual(expect.stringContaining("older rollout layout"));
  });
});

describe('bad and hostile rollouts', () => {
  const write = rolloutWriter();
  const good = () => [write.meta(), write.user(10, 'Go.'), write.shell(1000, 'ls', 'call_a'), write.tokens(1100), write.exec(1200, 'call_a', 'a\n', 0, 0.1)];

  it('names a truncated line, a line that is not JSON and one that is no entry, and imports the rest', () => {
    const lines = toRollout(good()).trimEnd().split('\n');
    lines.splice(2, 0, '{"timestamp":"2025-10-14T09:00:01.000Z","type":"response_item","payload":{"type":"function_ca', 'this is not json', '[1, 2]', '{"hello": "world"}');
    const result = imported(lines.join('\n'));
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => [problem.line, problem.message.replace(/^(not JSON).*(a truncated or damaged line)$/, '$1 … $2')])).toEqual([
      [3, 'not JSON … a truncated or damaged line'],
      [4, 'not JSON … a truncated or damaged line'],
      [5, 'not a JSON object'],
      [6, 'an entry with neither a "type" nor a "payload"'],
    ]);
  });

  it('names the item and entry types it does not know, an output no call asked for, a second output and a call with none', () => {
    const lines = [
      ...good(),
      write.item(1300, { type: 'hologram_call', call_id: 'x' }),
      write.line(1400, 'future_kind', { type: 'x' }),
      // Known lines of Codex 0.14x that say nothing of the calls: no word of them.
      write.line(1410, 'world_state', { cwd: '/x' }),
      write.line(1420, 'inter_agent_communication_metadata', { from: 'a' }),
      write.output(1500, 'call_ghost', 'boo'),
      write.exec(1600, 'call_a', 'again', 0, 0),
      write.shell(1700, 'sleep 99', 'call_lost'),
      write.event(1800, 'some_future_event', { call_id: 'call_a' }),
    ];
    const result = imported(toRollout(lines));
    expect(result.ok).toBe(true);
    expect(result.problems.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '0: the call call_lost (Bash) has no output in the log: it is imported as unanswered',
      '6: a response item of type "hologram_call" the importer does not know: passed over',
      '7: an entry of type "future_kind" the importer does not know: passed over',
      '10: an output for call_ghost, which no call of the log asked for: left out',
      '11: a second output for call_a: the first is kept',
    ]);
  });

  it('takes a block whose time goes back as its predecessor’s, and keeps call ids the scenario can hold', () => {
    const lines = [write.meta(), write.shell(5000, 'ls', 'call a/1'), write.shell(4000, 'pwd', 'call a/1'), write.shell(4500, 'id', '__proto__'), write.tokens(6000)];
    const result = imported(toRollout(lines));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.problems.map((problem) => problem.message)).toContainEqual(expect.stringContaining('the call call a/1 again: the first is kept'));
    expect(result.problems.map((problem) => problem.message)).toContainEqual(expect.stringContaining('before the previous block of the same response'));
    expect(result.scenario.turns[0]!.stream.map((block) => (block.type === 'tool_use' ? block.id : ''))).toEqual(['call_a_1', 'shell_line4']);
  });

  it('keeps 10,000-deep arguments as their text, so the replay refuses them', () => {
    const deep = `${'{"x":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const result = imported(toRollout([write.meta(), write.call(1000, 'shell', deep, 'call_deep'), write.output(1100, 'call_deep', 'failed to parse function arguments')]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [block] = result.scenario.turns[0]!.stream;
    expect(block?.type === 'tool_use' && block.name === 'shell' && block.input === deep).toBe(true);
    expect(result.scenario.turns[0]!.expect?.outcomes).toEqual({ call_deep: 'invalid' });
  });

  // No time limit of its own to meet: the suite's 30 s is for a test that hangs, and a busy machine takes longer to make and read 50 MB.
  it('imports a 50 MB rollout', { timeout: 180_000 }, () => {
    const big = 'x'.repeat(1_000_000);
    const lines = [write.meta(), ...Array.from({ length: 50 }, (_, i) => [write.shell(i * 1000 + 100, `cat f${i}.txt`, `call_${i}`), write.tokens(i * 1000 + 200), write.exec(i * 1000 + 300, `call_${i}`, big, 0, 0.1)]).flat()];
    const text = toRollout(lines);
    expect(text.length).toBeGreaterThan(50_000_000);
    const result = imported(text);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.scenario.turns).toHaveLength(50);
  });

  it('makes no scenario of an empty rollout or one with no response, and says so', () => {
    expect(imported('')).toEqual({ ok: false, problems: [{ source: 'rollout.jsonl', line: 0, message: 'the log holds no model response to replay' }] });
    const onlyMeta = imported(toRollout([write.meta(), write.user(10, 'Hi')]));
    expect(onlyMeta.ok).toBe(false);
    expect(importCodexSession([])).toEqual({ ok: false, problems: [{ source: '', line: 0, message: 'no log was given' }] });
  });
});
