import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildTool } from './buildTool';
import { assemblePool, schemaTokens } from './filter';
import { parseRuleSet, type RuleSet } from './permissions/rules';
import { BashTool } from './bash/BashTool';
import { EditTool } from './file/EditTool';
import { ReadTool } from './file/ReadTool';
import { WriteTool } from './file/WriteTool';
import { GlobTool } from './search/GlobTool';
import { GrepTool } from './search/GrepTool';
import type { AnyTool } from './types';

function rules(lists: Partial<{ allow: string[]; ask: string[]; deny: string[] }> = {}): RuleSet {
  const parsed = parseRuleSet({ allow: [], ask: [], deny: [], ...lists });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.rules;
}

function fakeMcp(name: string, readOnly = true): AnyTool {
  return buildTool({
    name,
    isMcp: true,
    shouldDefer: true,
    inputSchema: z.strictObject({ q: z.string() }),
    prompt: () => `${name} from a fake server`,
    isReadOnly: () => readOnly,
    call: async () => ({ output: 'ok' }),
    render: { use: () => ({ title: name }), result: () => ({ title: 'ok' }) },
  });
}

const disabled = buildTool({
  name: 'Offline',
  inputSchema: z.strictObject({}),
  prompt: () => 'never enabled',
  isEnabled: () => false,
  disabledReason: () => 'no provider is configured',
  call: async () => ({ output: 'x' }),
  render: { use: () => ({ title: 'x' }), result: () => ({ title: 'x' }) },
});

/** A fixed catalogue, so the expectations do not move when the registry grows. */
const getAllBaseTools = () => [BashTool, ReadTool, EditTool, WriteTool, GlobTool, GrepTool];

const full = { toolMode: 'full', deferTools: false } as const;
const names = (tools: readonly AnyTool[]) => tools.map((tool) => tool.name);

describe('assemblePool', () => {
  it('sorts the built-ins by name, then the MCP tools by name', () => {
    const { pool } = assemblePool({ builtIn: getAllBaseTools(), mcp: [fakeMcp('mcp__z__b'), fakeMcp('mcp__a__x')], rules: rules(), settings: full });
    expect(names(pool.tools)).toEqual([...names(getAllBaseTools()).sort(), 'mcp__a__x', 'mcp__z__b']);
  });

  it('reports why every removed tool was removed, stage by stage', () => {
    const { report } = assemblePool({
      builtIn: [...getAllBaseTools(), disabled],
      mcp: [fakeMcp('mcp__demo__a'), fakeMcp('mcp__other__b')],
      rules: rules({ deny: ['Grep', 'mcp__demo'] }),
      settings: full,
    });
    const removed = Object.fromEntries(report.stages.map((stage) => [stage.stage, stage.removed]));
    expect(removed.mode).toEqual([]);
    expect(removed.deny).toEqual([
      { name: 'Grep', reason: 'denied as a whole by the rule "Grep"' },
      { name: 'mcp__demo__a', reason: 'denied as a whole by the rule "mcp__demo"' },
    ]);
    expect(removed.enabled).toEqual([{ name: 'Offline', reason: 'disabled: no provider is configured' }]);
    expect(report.stages.at(-1)!.kept).toEqual(['Bash', 'Edit', 'Glob', 'Read', 'Write', 'mcp__other__b']);
  });

  it('keeps Bash, Read and Edit in simple mode', () => {
    const { pool, report } = assemblePool({ builtIn: getAllBaseTools(), mcp: [fakeMcp('mcp__demo__a')], rules: rules(), settings: { toolMode: 'simple', deferTools: false } });
    expect(names(pool.tools)).toEqual(['Bash', 'Edit', 'Read']);
    expect(report.stages[1]!.removed.map((r) => r.name)).toEqual(['Write', 'Glob', 'Grep', 'mcp__demo__a']);
  });

  it('with deferral on, announces deferred and MCP tools by name, adds ToolSearch, and costs less up front', () => {
    const mcp = [fakeMcp('mcp__demo__a'), fakeMcp('mcp__demo__b')];
    const { pool, report } = assemblePool({ builtIn: getAllBaseTools(), mcp, rules: rules(), settings: { toolMode: 'full', deferTools: true } });
    expect(report.deferral.on).toBe(true);
    expect(report.deferred).toEqual(['mcp__demo__a', 'mcp__demo__b']);
    expect(names(pool.tools)).toEqual(['Bash', 'Edit', 'Glob', 'Grep', 'Read', 'ToolSearch', 'Write', 'mcp__demo__a', 'mcp__demo__b']);
    expect(pool.isUndiscovered('mcp__demo__a')).toBe(true);
    expect(report.tokens.deferredSchemas).toBe(schemaTokens(mcp[0]!) + schemaTokens(mcp[1]!));
    expect(report.tokens.withDeferral).toBeLessThan(report.tokens.withoutDeferral + schemaTokens(pool.find('ToolSearch')!));
    expect(report.tokens.method).toMatch(/estimate/);
  });

  it('with deferral off, sends every schema and offers no ToolSearch', () => {
    const { pool, report } = assemblePool({ builtIn: getAllBaseTools(), mcp: [fakeMcp('mcp__demo__a')], rules: rules(), settings: full });
    expect(pool.find('ToolSearch')).toBeUndefined();
    expect(pool.isUndiscovered('mcp__demo__a')).toBe(false);
    expect(report.tokens.withDeferral).toBe(report.tokens.withoutDeferral);
  });

  it('on auto, defers only when the deferrable schemas exceed the threshold', () => {
    const mcp = [fakeMcp('mcp__demo__a')];
    const cost = schemaTokens(mcp[0]!);
    const below = assemblePool({ builtIn: getAllBaseTools(), mcp, rules: rules(), settings: { toolMode: 'full', deferTools: 'auto', deferThresholdTokens: cost } });
    expect(below.report.deferral).toMatchObject({ on: false, setting: 'auto' });
    const above = assemblePool({ builtIn: getAllBaseTools(), mcp, rules: rules(), settings: { toolMode: 'full', deferTools: 'auto', deferThresholdTokens: cost - 1 } });
    expect(above.report.deferral.on).toBe(true);
    expect(above.report.deferral.reason).toContain(`exceed the threshold of ${cost - 1}`);
  });
});
