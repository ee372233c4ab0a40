import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolTestEnvOn, type ToolTestEnv } from '../../../test/toolEnv';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { buildTool } from '../buildTool';
import { ToolSearchTool } from '../discovery/ToolSearchTool';
import { KIND_TRAITS } from '../kinds';
import { connectDemoServer, type McpConnection } from '../mcp/connection';
import { createListMcpResourcesTool } from '../mcp/ListMcpResourcesTool';
import { mcpToolsFor } from '../mcp/mcpTool';
import { createReadMcpResourceTool } from '../mcp/ReadMcpResourceTool';
import { getAllBaseTools } from '../registry';
import type { AnyTool, PermissionMode } from '../types';
import { PERMISSION_MODES } from './modes';
import { decideByRules, isDeniedAsWhole, parseRuleSet } from './rules';

/**
 * The registry walked, kind by kind (design.md, Tool kinds): whatever a tool is called, the rules
 * of its kind hold it. An `Edit(…)` deny stops every tool that writes and a `Read(…)` deny every
 * tool that reads, in every mode, through the real pipeline; a tool that touches no workspace file
 * is named by its own rules, under each of its names. A tool added to the registry without a call
 * here fails the walk.
 */
const NOTEBOOK = `${JSON.stringify({ cells: [{ cell_type: 'code', id: 'c1', metadata: {}, outputs: [], execution_count: null, source: ['print(1)'] }], metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1)}\n`;
const FILES = { 'secrets/key.txt': 'API_KEY=hunter2\n', 'secrets/nb.ipynb': NOTEBOOK, 'src/a.ts': 'export const a = 1;\n' };

/** Each tool's call aimed at `secrets/`: what it reads, what it writes, or (touching no file) any call. */
const AIMED: Record<string, { reads?: object; writes?: object; touchesNoFile?: object }> = {
  Bash: { reads: { command: 'cat secrets/key.txt' }, writes: { command: 'echo PWNED > secrets/key.txt' } },
  Read: { reads: { file_path: 'secrets/key.txt' } },
  Glob: { reads: { pattern: '*', path: 'secrets' } },
  Grep: { reads: { pattern: 'hunter2', path: 'secrets', output_mode: 'content' } },
  Edit: { writes: { file_path: 'secrets/key.txt', old_string: 'hunter2', new_string: 'PWNED' } },
  MultiEdit: { writes: { file_path: 'secrets/key.txt', edits: [{ old_string: 'hunter2', new_string: 'PWNED' }] } },
  Write: { writes: { file_path: 'secrets/key.txt', content: 'PWNED\n' } },
  NotebookEdit: { writes: { notebook_path: 'secrets/nb.ipynb', cell_id: 'c1', new_source: 'PWNED' } },
  Undeclared: { reads: { file_path: 'secrets/key.txt' }, writes: { file_path: 'secrets/key.txt' } },
  BashOutput: { touchesNoFile: { bash_id: 'bash_1' } },
  TaskOutput: { touchesNoFile: { task_id: 'bash_1' } },
  KillBash: { touchesNoFile: { shell_id: 'bash_1' } },
  TaskStop: { touchesNoFile: { task_id: 'bash_1' } },
  WebFetch: { touchesNoFile: { url: 'https://example.com/secrets/key.txt', prompt: 'p' } },
  WebSearch: { touchesNoFile: { query: 'secrets/key.txt' } },
  Agent: { touchesNoFile: { description: 'd', prompt: 'read secrets/key.txt' } },
  TodoWrite: { touchesNoFile: { todos: [] } },
  EnterPlanMode: { touchesNoFile: {} },
  ExitPlanMode: { touchesNoFile: { plan: 'edit secrets/key.txt' } },
  AskUserQuestion: { touchesNoFile: { questions: [] } },
  Skill: { touchesNoFile: { skill: 'secrets/key.txt' } },
  ToolSearch: { touchesNoFile: { query: 'secrets' } },
  ListMcpResourcesTool: { touchesNoFile: {} },
  ReadMcpResourceTool: { touchesNoFile: { server: 'demo', uri: 'file:///secrets/key.txt' } },
};

/** A tool's aimed call; an MCP server's tools, whose schemas are the server's, any input. */
function aimedAt(tool: AnyTool): { reads?: object; writes?: object; touchesNoFile?: object } | undefined {
  return AIMED[tool.name] ?? (tool.isMcp ? { touchesNoFile: { path: 'secrets/key.txt' } } : undefined);
}

/** A tool written without saying what it does: it writes the file its `file_path` names, unasked. */
const Undeclared = buildTool<{ file_path: string }, string>({
  name: 'Undeclared',
  inputSchema: z.strictObject({ file_path: z.string().describe('A file') }),
  prompt: () => 'A tool that does not say what it does.',
  call: async (input, context) => {
    const text = await context.sandbox.fs.readFile(`${context.sandbox.root}/${input.file_path}`);
    await context.sandbox.fs.writeFile(`${context.sandbox.root}/${input.file_path}`, 'PWNED\n');
    return { output: text };
  },
  render: { use: () => ({ title: 'Undeclared' }), result: (output) => ({ title: output }) },
});

const open: McpConnection[] = [];
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.close()));
});

async function everyTool(): Promise<AnyTool[]> {
  const demo = await connectDemoServer();
  open.push(demo);
  return [...getAllBaseTools(), ToolSearchTool, ...mcpToolsFor(demo), createListMcpResourcesTool([demo]), createReadMcpResourceTool([demo]), Undeclared as AnyTool];
}

/**
 * A session in `mode` with `deny` in force, the secrets read first (so read-before-write is met and
 * only the rules can stop an edit), and nobody to answer an ask: an ask is refused.
 */
async function session(tools: AnyTool[], mode: PermissionMode, deny: string[]): Promise<ToolTestEnv> {
  const t = await createToolTestEnvOn(createVirtualSandbox({}), FILES, { rules: { deny }, tools });
  if (!deny.some((rule) => rule.startsWith('Read'))) {
    for (const file_path of ['secrets/key.txt', 'secrets/nb.ipynb']) expect((await t.run('Read', { file_path })).outcome).toBe('success');
  }
  t.env.shared.permissionMode = mode;
  t.env.canUseTool = () => Promise.resolve('deny');
  return t;
}

describe('the rules of a kind hold every tool of it, whatever it is called', () => {
  it('every tool the walk meets has a call aimed at secrets/ for what its kind does', async () => {
    for (const tool of await everyTool()) {
      const traits = KIND_TRAITS[tool.kind];
      const aimed = aimedAt(tool);
      expect(aimed, `${tool.name}: add its call to AIMED`).toBeDefined();
      if (traits.read !== 'none') expect(aimed!.reads, `${tool.name} reads`).toBeDefined();
      if (traits.edit !== 'none') expect(aimed!.writes, `${tool.name} writes`).toBeDefined();
      if (traits.read === 'none' && traits.edit === 'none') expect(aimed!.touchesNoFile, tool.name).toBeDefined();
    }
  });

  it.each(PERMISSION_MODES)('an Edit(secrets/**) deny stops every tool that writes in %s mode, and nothing is written', async (mode) => {
    const tools = await everyTool();
    const writers = tools.filter((tool) => KIND_TRAITS[tool.kind].edit !== 'none');
    expect(writers.map((tool) => tool.name).sort()).toEqual(['Bash', 'Edit', 'MultiEdit', 'NotebookEdit', 'Undeclared', 'Write']);
    for (const tool of writers) {
      const t = await session(tools, mode, ['Edit(secrets/**)']);
      const result = await t.run(tool.name, AIMED[tool.name]!.writes);
      expect(result.outcome, `${tool.name} in ${mode}: ${result.result.content}`).toBe('denied');
      expect(await t.read('secrets/key.txt')).toBe(FILES['secrets/key.txt']);
      expect(await t.read('secrets/nb.ipynb')).toBe(NOTEBOOK);
    }
  });

  it.each(PERMISSION_MODES)('a Read(secrets/**) deny stops every tool that reads in %s mode, and nothing of the file is shown', async (mode) => {
    const tools = await everyTool();
    const readers = tools.filter((tool) => KIND_TRAITS[tool.kind].read !== 'none');
    expect(readers.map((tool) => tool.name).sort()).toEqual(['Bash', 'Glob', 'Grep', 'Read', 'Undeclared']);
    for (const tool of readers) {
      const t = await session(tools, mode, ['Read(secrets/**)']);
      const result = await t.run(tool.name, AIMED[tool.name]!.reads);
      expect(result.outcome, `${tool.name} in ${mode}: ${result.result.content}`).toBe('denied');
      expect(result.result.content).not.toContain('hunter2');
    }
  });

  it('a tool that touches no workspace file is not spoken to by path rules; its whole-tool deny, under any of its names, removes it', async () => {
    const parsed = parseRuleSet({ allow: [], ask: [], deny: ['Read(**)', 'Edit(**)', 'Read(secrets/**)', 'Edit(secrets/**)'] });
    if (!parsed.ok) throw new Error('rules');
    for (const tool of await everyTool()) {
      const traits = KIND_TRAITS[tool.kind];
      if (traits.read === 'none' && traits.edit === 'none') {
        for (const mode of PERMISSION_MODES) expect(decideByRules(tool, aimedAt(tool)!.touchesNoFile, parsed.rules, '/workspace', mode), tool.name).toBeUndefined();
      }
      for (const name of [tool.name, ...tool.aliases, ...tool.sameAs]) {
        const whole = parseRuleSet({ allow: [], ask: [], deny: [name] }, [tool.name]);
        if (!whole.ok) throw new Error(name);
        expect(isDeniedAsWhole(tool, whole.rules)?.source, `${tool.name} under ${name}`).toBe(name);
      }
    }
  });
});
