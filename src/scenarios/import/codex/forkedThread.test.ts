import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCodexSession } from './importCodexSession';

/** A real Codex CLI 0.142.2 rollout (test/codex/samples): the parent whose history a fork replays. */
const SAMPLE = 'codex-0.142.2-agentv-00-34f597b72d.jsonl';
const parent = readFileSync(join(import.meta.dirname, '../../../../test/codex/samples', SAMPLE), 'utf8');
const parentLines = parent.split('\n').filter((line) => line.trim() !== '');

/** A UUIDv7 made at `ms`, as Codex makes thread and turn ids. */
const uuidV7 = (ms: number, tail: string) => {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${tail.slice(0, 3)}-8${tail.slice(3, 6)}-${tail.slice(6, 18).padEnd(12, '0')}`;
};

const lastTime = Math.max(...parentLines.map((line) => Date.parse((JSON.parse(line) as { timestamp: string }).timestamp)));
const parentMeta = JSON.parse(parentLines[0]!) as { payload: { id: string; cwd: string } };

/**
 * A sub-agent spawned with its parent's turns: its own session line, the parent's rollout replayed
 * as its context, then its own turn (one command) — the layout Codex writes for a forked thread.
 */
function childRollout(options: { forkedFromId: boolean; ownTurnId: string; inherited?: readonly string[] }): string {
  const born = lastTime + 1_000;
  const at = (ms: number) => new Date(born + ms).toISOString();
  const child = uuidV7(born, 'abcdef123456789abc');
  const source = { subagent: { thread_spawn: { parent_thread_id: parentMeta.payload.id, depth: 1, agent_nickname: 'Boyle', agent_role: 'worker' } } };
  const lines = [
    { timestamp: at(0), type: 'session_meta', payload: { id: child, ...(options.forkedFromId ? { forked_from_id: parentMeta.payload.id } : {}), cwd: parentMeta.payload.cwd, originator: 'codex-tui', cli_version: '0.142.2', source, thread_source: 'subagent' } },
    ...(options.inherited ?? parentLines).map((line) => JSON.parse(line) as unknown),
    { timestamp: at(100), type: 'turn_context', payload: { turn_id: options.ownTurnId, cwd: parentMeta.payload.cwd, model: 'gpt-5.5' } },
    { timestamp: at(200), type: 'response_item', payload: { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'ls src' }), call_id: 'call_child_ls' } },
    { timestamp: at(400), type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_child_ls', output: 'index.ts\n' } },
    { timestamp: at(450), type: 'event_msg', payload: { type: 'token_count', info: null } },
  ];
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

const callsOf = (text: string) => {
  const result = importCodexSession([{ name: 'rollout-child.jsonl', text }]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return { ids: result.scenario.turns.flatMap((turn) => turn.stream.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []))), problems: result.problems };
};

describe('a forked Codex thread (a sub-agent spawned with its parent’s turns)', () => {
  const parentCalls = callsOf(parent).ids;

  it('imports only its own calls: the parent’s, replayed as its context, are passed over and said so', () => {
    expect(parentCalls.length).toBeGreaterThan(10);
    for (const forkedFromId of [true, false]) {
      const { ids, problems } = callsOf(childRollout({ forkedFromId, ownTurnId: uuidV7(lastTime + 1_050, '111222333444555666') }));
      expect(ids).toEqual(['call_child_ls']);
      const passed = problems.find((problem) => problem.message.startsWith('a thread forked from'));
      expect(passed?.message).toContain(`the ${parentLines.length} lines before its own first turn`);
      expect(passed?.line).toBe(parentLines.length + 2);
    }
  });

  it('keeps every line, and says the parent’s calls may be among them, when no turn can be told to be its own', () => {
    // A child turn id made before the child itself (not what Codex writes): like the sample's own
    // turns, it is taken for the parent's, and no turn is left that is the thread's.
    const { ids, problems } = callsOf(childRollout({ forkedFromId: true, ownTurnId: uuidV7(lastTime - 60_000, '111222333444555666') }));
    expect(ids).toEqual([...parentCalls, 'call_child_ls']);
    expect(problems.find((problem) => problem.message.startsWith('a thread forked from'))?.message).toMatch(/no turn of its own could be told.*may be among them/);
  });

  it('passes over the parent’s session line alone without a word (a sub-agent spawned with none of its turns)', () => {
    const { ids, problems } = callsOf(childRollout({ forkedFromId: false, ownTurnId: uuidV7(lastTime + 1_050, '111222333444555666'), inherited: parentLines.slice(0, 1) }));
    expect(ids).toEqual(['call_child_ls']);
    expect(problems.filter((problem) => problem.message.includes('forked'))).toEqual([]);
  });

  it('leaves a thread that was not forked as it is', () => {
    const { ids, problems } = callsOf(parent);
    expect(ids).toEqual(parentCalls);
    expect(problems.some((problem) => problem.message.startsWith('a thread forked from'))).toBe(false);
  });
});
