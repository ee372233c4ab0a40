import { describe, expect, it } from 'vitest';
import { callCountText } from './scenarioCalls';

const turn = (...types: string[]) => ({ stream: types.map((type) => ({ type })) });

describe('a scenario’s calls, counted', () => {
  it('counts every call once, and says how many its sub-agents made', () => {
    expect(callCountText({ turns: [turn('text', 'tool_use', 'tool_use'), turn('tool_use')] })).toBe('3 calls');
    expect(callCountText({ turns: [turn('tool_use')] })).toBe('1 call');
    expect(callCountText({ turns: [turn('tool_use', 'tool_use')], agents: { toolu_a: { turns: [turn('tool_use'), turn('text')] }, toolu_b: { turns: [turn('tool_use')] } } })).toBe('4 calls, 2 by sub-agents');
  });

  it('says the calls nested under a call that is not an Agent call by that call’s tool', () => {
    const stream = [
      { type: 'tool_use', id: 'call_exec', name: 'exec' },
      { type: 'tool_use', id: 'toolu_task', name: 'Task' },
    ];
    const agents = { call_exec: { turns: [turn('tool_use', 'tool_use')] }, toolu_task: { turns: [turn('tool_use')] } };
    expect(callCountText({ turns: [{ stream }], agents })).toBe('5 calls, 2 inside exec calls, 1 by sub-agents');
  });
});
