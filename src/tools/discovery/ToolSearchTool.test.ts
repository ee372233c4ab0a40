import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createToolTestEnv } from '../../../test/toolEnv';
import { buildTool } from '../buildTool';
import { assemblePool } from '../filter';
import { BashTool } from '../bash/BashTool';
import { ReadTool } from '../file/ReadTool';
import { nameParts, parseQuery } from './toolSearch';

function deferredTool(name: string, hint: string, prompt: string) {
  return buildTool({
    name,
    shouldDefer: true,
    searchHint: hint,
    inputSchema: z.strictObject({ text: z.string() }),
    prompt: () => prompt,
    isReadOnly: () => true,
    call: async (input) => ({ output: `${name}: ${input.text}` }),
    render: { use: () => ({ title: name }), result: () => ({ title: 'ok' }) },
  });
}

const extra = [
  deferredTool('NotebookCell', 'jupyter notebook cell ipynb', 'Edits a notebook cell.'),
  deferredTool('WeatherNow', 'forecast temperature', 'Tells the weather of a city.'),
  deferredTool('mcp__demo__lookup_issue', 'tracker bug', 'Looks up an issue in the tracker.'),
];

function env() {
  const { pool } = assemblePool({ builtIn: [BashTool, ReadTool, ...extra], rules: { allow: [], ask: [], deny: [] }, settings: { toolMode: 'full', deferTools: true } });
  const t = createToolTestEnv({}, []);
  t.env.pool = pool;
  return t;
}

describe('ToolSearch', () => {
  it('parses select lists and required terms', () => {
    expect(parseQuery('select: A , B,')).toEqual({ kind: 'select', names: ['A', 'B'] });
    expect(parseQuery('+notebook edit cell')).toEqual({ kind: 'keywords', required: ['notebook'], optional: ['edit', 'cell'] });
    expect(nameParts('mcp__demo__lookup_issue')).toEqual(['mcp', 'demo', 'lookup', 'issue']);
    expect(nameParts('NotebookEdit')).toEqual(['notebook', 'edit']);
  });

  it('a deferred tool called before it is found gets the hint to search first, even with valid input', async () => {
    const t = env();
    const early = await t.run('WeatherNow', { text: 'Paris' });
    expect(early.outcome).toBe('invalid');
    expect(early.result.content).toContain('call ToolSearch with query "select:WeatherNow" first');
  });

  it('select: loads the named tools, which are callable from then on', async () => {
    const t = env();
    const search = await t.run('ToolSearch', { query: 'select:WeatherNow,Nope' });
    expect(search.outcome).toBe('success');
    expect(search.result.content).toContain('"name":"WeatherNow"');
    expect(search.result.content).toContain('"parameters":{');
    expect(search.result.content).toContain('Not in this session\'s tools: Nope.');
    const call = await t.run('WeatherNow', { text: 'Paris' });
    expect(call.outcome).toBe('success');
    expect(call.result.content).toBe('WeatherNow: Paris');
    expect(t.env.pool.isUndiscovered('NotebookCell')).toBe(true);
  });

  it('keywords rank name parts over hints over descriptions, and +terms are required', async () => {
    const t = env();
    const ranked = await t.run('ToolSearch', { query: 'notebook tracker' });
    const order = [...ranked.result.content.matchAll(/"name":"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['NotebookCell', 'mcp__demo__lookup_issue']);
    const required = await t.run('ToolSearch', { query: '+issue notebook' });
    expect([...required.result.content.matchAll(/"name":"([^"]+)"/g)].map((m) => m[1])).toEqual(['mcp__demo__lookup_issue']);
    const capped = await t.run('ToolSearch', { query: 'a e i o', max_results: 1 });
    expect([...capped.result.content.matchAll(/<function>/g)]).toHaveLength(1);
  });

  it('says so when nothing matches, and rejects a bad max_results', async () => {
    const t = env();
    const none = await t.run('ToolSearch', { query: 'zzzz' });
    expect(none.result.content).toContain('No deferred tool matched "zzzz"');
    const bad = await t.run('ToolSearch', { query: 'x', max_results: 0 });
    expect(bad.outcome).toBe('invalid');
    expect(bad.result.content).toContain('max_results');
  });
});
