import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../schema';
import { importSessionLog } from './importSessionLog';

const RULES = join(import.meta.dirname, '../../../test/rules');

/** One of test/rules/'s excerpts of real logs, imported (README.md there says where each comes from). */
function imported(name: string): Scenario {
  const result = importSessionLog([{ name, text: readFileSync(join(RULES, name), 'utf8') }]);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.scenario;
}

const call = (scenario: Scenario, suffix: string) => Object.entries(scenario.observed!.calls).find(([id]) => id.endsWith(suffix))![1];

describe('the agents’ rules, each held to the real lines it rests on', () => {
  it('Claude Code 2.0.59–2.1.153 without streaming execution (entireio/cli f8, lines 11–27): every call starts after the response, batch by batch', () => {
    const scenario = imported('claude-code-2.0.76-after-response.jsonl');
    expect(scenario.settings.policy).toBe('claude-code-2.0');
    const todo = call(scenario, 'YPJveH');
    // The TodoWrite (not concurrency-safe) ran alone once the whole response had streamed …
    expect(todo.offsetMs).toBe(26_783);
    // … and the seven Task calls together once it had ended.
    for (const suffix of ['Q9JL6z', '3ibDkQ', '1cRE53', 'dsFfji', 'yASpvu', '3SRty7', 'EpADDF']) expect(call(scenario, suffix).startedAt).toBe(todo.endedAt);
  });

  it('a Bash call’s first progress line is no start, and one that came late says the call waited (entireio/cli 18, lines 34–43)', () => {
    const scenario = imported('claude-code-2.1.42-permission-wait.jsonl');
    // Lines 9–11: a result written before a later block of its response, so the streaming executor ran.
    expect(scenario.settings.policy).toBe('claude-code-2.1.39');
    const push = call(scenario, 'YvFXxg');
    // It started as its block closed (nothing held it), and its command ran 8 s later: a person answered a prompt.
    expect(push.offsetMs).toBe(0);
    expect(push.ranAt! - push.startedAt!).toBe(8004);
    // The unsafe `gh pr view` queued behind it started when it ended, not when its own block closed.
    expect(call(scenario, 'fiDXBX').startedAt).toBe(push.endedAt);
    // `git fetch`, whose first progress came exactly two seconds in, waited for nothing.
    expect(call(scenario, '9ZnuZu').ranAt).toBeUndefined();
    expect(scenario.observed!.audit!.permissionWaits.calls).toBe(2);
  });

  it('Claude Code 2.1.45 and later write Bash progress to the second: its lines bound the start, they do not give it (agentv 1e, lines 27–46)', () => {
    const scenario = imported('claude-code-2.1.62-bash-progress.jsonl');
    expect(scenario.settings.policy).toBe('claude-code-2.1.47');
    const commit = call(scenario, '3SNZWD');
    // Its first progress (three seconds in) came 3.2 s after its block: the call started as the block closed.
    expect(commit.offsetMs).toBe(0);
    expect(commit.ranAt).toBeUndefined();
    expect(scenario.observed!.audit!.permissionWaits.calls).toBe(0);
  });

  it('an MCP call’s started progress is when its tool ran: after a permission prompt (entireio/cli 37, lines 74–78)', () => {
    const scenario = imported('claude-code-2.1.12-mcp-started.jsonl');
    const lookup = call(scenario, 'kkVHgV');
    expect(lookup.ranAt! - lookup.startedAt!).toBe(17_642);
    expect(scenario.observed!.audit!.permissionWaits).toEqual({ calls: 1, ms: 17_642 });
  });

  it('Codex: shell commands share its lock, write_stdin takes it alone (codemie-code rollout, lines 41–60)', () => {
    const scenario = imported('codex-0.125.0-lock.jsonl');
    expect(scenario.settings.policy).toBe('codex');
    // The three exec_command calls each started as its item closed, side by side.
    expect(['n4Tbg3', '2tCdF3', 'mzrkNm'].map((suffix) => call(scenario, suffix).offsetMs)).toEqual([3360, 4129, 4134]);
    // The polls one after another, each once the one before had ended.
    const [first, second, third] = ['E7lofV', 'aKxJKX', 'G0cXBV'].map((suffix) => call(scenario, suffix));
    expect(second!.startedAt).toBe(first!.endedAt);
    expect(third!.startedAt).toBe(second!.endedAt);
  });
});
