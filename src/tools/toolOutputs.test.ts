import { describe, expect, it } from 'vitest';
import { ToolSearchTool } from './discovery/ToolSearchTool';
import { getAllBaseTools } from './registry';
import { callDisplay, TOOL_ALIASES, TOOL_OUTPUT_NAMES, toolOutputOf } from './toolOutputs';

describe('a call’s display, tagged', () => {
  it('has an output type for every built-in tool, by the name the registry gives it', () => {
    expect(new Set(TOOL_OUTPUT_NAMES)).toEqual(new Set([...getAllBaseTools(), ToolSearchTool].map((tool) => tool.name)));
    expect(TOOL_ALIASES).toEqual(Object.fromEntries([...getAllBaseTools(), ToolSearchTool].flatMap((tool) => tool.aliases.map((alias) => [alias, tool.name]))));
  });

  it('tells a tool’s output from a throw, a log’s record and a call that never ran; an alias names its tool', () => {
    const bash = { stdout: 'x', stderr: '', exitCode: 0, timedOut: false, interrupted: false, timeoutMs: 1000 };
    expect(callDisplay('Bash', bash)).toEqual({ kind: 'output', tool: 'Bash', output: bash });
    expect(callDisplay('Bash', { error: 'sandbox gone' })).toEqual({ kind: 'thrown', message: 'sandbox gone' });
    expect(callDisplay('Bash', { recorded: 'a.ts' })).toEqual({ kind: 'recorded', text: 'a.ts' });
    expect(callDisplay('Bash', null)).toEqual({ kind: 'none' });
    expect(callDisplay('Task', { text: 'done', turns: 1, toolUses: 0, interrupted: false })).toMatchObject({ kind: 'output', tool: 'Agent' });
    expect(callDisplay('mcp__demo__get_weather', { text: 'sunny' })).toMatchObject({ kind: 'output', tool: 'mcp' });
    expect(callDisplay('Monitor', { anything: 1 })).toEqual({ kind: 'output', tool: 'other', output: { anything: 1 } });
  });

  it('hands out a tool’s output only for a call of that tool', () => {
    const write = { name: 'Write', display: { filePath: 'a.ts', type: 'create' } };
    expect(toolOutputOf('Write', write)?.filePath).toBe('a.ts');
    expect(toolOutputOf('Edit', write)).toBeUndefined();
    expect(toolOutputOf('Write', { name: 'Write', display: { recorded: 'File created' } })).toBeUndefined();
  });
});
