import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../../run/runScenario';
import { createVirtualSandbox } from '../../../sandbox/virtualSandbox';
import { createVirtualClock } from '../../../time/virtualClock';
import { codeModeCalls } from './codeMode';
import { importCodexSession } from './importCodexSession';

const SAMPLE = 'codex-0.145.0-codemode-entire-graph-4b-18f6ff334a.jsonl';

describe('Codex code mode: the calls an exec’s code made', () => {
  it('a call awaited on its own is a group of its own; the calls of one Promise.all are one group', () => {
    const code = [
      'const a = await tools.exec_command({"cmd":"git status","workdir":"/w"}); text(a.output);',
      'const rs = await Promise.all([',
      '  tools.exec_command({"cmd":"echo \\")\\" ]","workdir":"/w"}),',
      '  tools.write_stdin({session_id:22162,chars:"",yield_time_ms:1000}),',
      ']);',
      'await tools.apply_patch(patchText);',
    ].join('\n');
    expect(codeModeCalls(code)).toEqual([
      [{ name: 'exec_command', args: { cmd: 'git status', workdir: '/w' } }],
      [
        { name: 'exec_command', args: { cmd: 'echo ")" ]', workdir: '/w' } },
        { name: 'write_stdin', args: { session_id: 22162, chars: '', yield_time_ms: 1000 } },
      ],
      // Not a literal: the code's own text, so nothing is lost.
      [{ name: 'apply_patch', args: { code: 'patchText' } }],
    ]);
    expect(codeModeCalls('text("no tools here")')).toEqual([]);
    // Cut off mid-call: the rest of the text is the argument.
    expect(codeModeCalls('await tools.exec_command({"cmd":"ls"')).toEqual([[{ name: 'exec_command', args: { code: '{"cmd":"ls"' } }]]);
  });

  it('the real 0.145 log: each exec holds its calls, those of a Promise.all side by side, and the replay under codex starts them when the exec began', async () => {
    const text = readFileSync(join(import.meta.dirname, '../../../../test/codex/samples', SAMPLE), 'utf8');
    const imported = importCodexSession([{ name: SAMPLE, text }]);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const { scenario } = imported;
    const agents = Object.entries(scenario.agents ?? {});
    // 79 exec calls, each with the calls its code made.
    expect(agents.length).toBe(79);
    const groupSizes = agents.flatMap(([, agent]) => agent.turns.map((turn) => turn.stream.filter((block) => block.type === 'tool_use').length));
    expect(groupSizes.filter((size) => size === 3)).toHaveLength(11);
    expect(Math.max(...groupSizes)).toBe(5);
    const first = agents[0]![1].turns[0]!.stream[0]!;
    expect(first).toMatchObject({ type: 'tool_use', name: 'Bash' });

    const clock = createVirtualClock();
    const record = await clock.runUntil(runScenario({ scenario, sandbox: createVirtualSandbox({}), clock }));
    const execs = record.turns.flatMap((turn) => turn.calls).filter((call) => call.name === 'exec');
    expect(execs).toHaveLength(79);
    const nested = execs.flatMap((call) => (call.children ?? []).flatMap((turn) => turn.calls));
    expect(nested.length).toBe(groupSizes.reduce((sum, size) => sum + size, 0));
    // A Promise.all's calls started together, whatever their safety (the code chose), inside their exec.
    const wide = execs.find((call) => (call.children?.[0]?.calls.length ?? 0) === 5)!;
    const starts = new Set(wide.children![0]!.calls.map((call) => call.executingAt));
    expect(starts.size).toBe(1);
    for (const call of nested) expect(call.outcome).not.toBe('cancelled');
  });
});
