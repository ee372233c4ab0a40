import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { getAllBaseTools } from './registry';

describe('getAllBaseTools', () => {
  const tools = getAllBaseTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  it('offers the whole catalogue, one tool per category of the seed', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'Bash',
      'BashOutput',
      'KillBash',
      'TaskOutput',
      'TaskStop',
      'Read',
      'Edit',
      'MultiEdit',
      'Write',
      'Glob',
      'Grep',
      'NotebookEdit',
      'WebFetch',
      'WebSearch',
      'Agent',
      'TodoWrite',
      'EnterPlanMode',
      'ExitPlanMode',
      'AskUserQuestion',
      'Skill',
    ]);
  });

  it('flags each tool as the catalogue says', () => {
    const flags = (name: string, input: unknown) => {
      const tool = byName.get(name)!;
      return { safe: tool.isConcurrencySafe(input), readOnly: tool.isReadOnly(input), limit: tool.maxResultSizeChars, deferred: tool.shouldDefer };
    };
    expect(flags('Read', { file_path: 'a' })).toEqual({ safe: true, readOnly: true, limit: Infinity, deferred: false });
    expect(flags('Glob', { pattern: '*' })).toEqual({ safe: true, readOnly: true, limit: 100_000, deferred: false });
    expect(flags('Grep', { pattern: 'x' })).toEqual({ safe: true, readOnly: true, limit: 20_000, deferred: false });
    expect(flags('Bash', { command: 'ls' })).toEqual({ safe: false, readOnly: false, limit: 30_000, deferred: false });
    expect(flags('Edit', { file_path: 'a', old_string: 'a', new_string: 'b' })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: false });
    expect(flags('Write', { file_path: 'a', content: '' })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: false });
    expect(flags('MultiEdit', { file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }] })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: false });
    expect(flags('BashOutput', { bash_id: 'bash_1' })).toMatchObject({ safe: true, readOnly: true });
    expect(flags('KillBash', { shell_id: 'bash_1' })).toMatchObject({ safe: false, readOnly: false });
    expect(flags('AskUserQuestion', { questions: [] })).toMatchObject({ safe: false, readOnly: true });
    expect(flags('Agent', { description: 'd', prompt: 'p' })).toEqual({ safe: true, readOnly: true, limit: 100_000, deferred: false });
    expect(flags('TodoWrite', { todos: [] })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: true });
    expect(flags('ExitPlanMode', { plan: 'p' })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: true });
    expect(flags('EnterPlanMode', {})).toMatchObject({ safe: false, deferred: true });
    expect(byName.get('Agent')!.aliases).toEqual(['Task']);
    expect(flags('NotebookEdit', { notebook_path: 'a.ipynb', new_source: '' })).toEqual({ safe: false, readOnly: false, limit: 100_000, deferred: true });
    expect(flags('WebFetch', { url: 'https://a.com', prompt: 'p' })).toEqual({ safe: true, readOnly: true, limit: 100_000, deferred: true });
    expect(flags('WebSearch', { query: 'q' })).toEqual({ safe: true, readOnly: true, limit: 100_000, deferred: true });
    expect(byName.get('WebSearch')!.isEnabled()).toBe(false);
  });

  it('gives every tool a strict schema that turns into JSON Schema with a description on every field', () => {
    for (const tool of tools) {
      const schema = z.toJSONSchema(tool.inputSchema) as { additionalProperties?: boolean; properties?: Record<string, { description?: string }> };
      expect(schema.additionalProperties, tool.name).toBe(false);
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        expect(property.description, `${tool.name}.${field}`).toBeTruthy();
      }
      expect(tool.prompt().length, tool.name).toBeGreaterThan(50);
    }
  });
});
