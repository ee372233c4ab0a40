import type { Sandbox } from '../src/sandbox/types';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { createRealClock } from '../src/time/clock';
import { runToolCall, type CallSettlement, type SessionEnvironment } from '../src/tools/execution';
import { FileStateCache } from '../src/tools/file/fileState';
import { parseRuleSet, type RuleSet } from '../src/tools/permissions/rules';
import { ToolPool } from '../src/tools/pool';
import { getAllBaseTools } from '../src/tools/registry';
import type { AnyTool } from '../src/tools/types';

/** A tool call's settlement plus the progress it reported on the way. */
export interface ToolRun extends CallSettlement {
  progress: unknown[];
}

/** A session for tool tests: a real virtual sandbox, the real pipeline, every permission allowed. */
export interface ToolTestEnv {
  env: SessionEnvironment;
  sandbox: Sandbox;
  /** Runs one call through `runToolCall`, as the executor would. */
  run(name: string, input: unknown, options?: { signal?: AbortSignal; id?: string }): Promise<ToolRun>;
  /** Reads a workspace file by its relative path. */
  read(path: string): Promise<string>;
  /** Writes a workspace file behind the tools' back (as a user or another process would). */
  write(path: string, content: string): Promise<void>;
}

let counter = 0;

/**
 * Builds a tool-test session over `files` (paths relative to the workspace root): the registry's
 * tools (or `tools`), a fresh file-state cache, a real clock, `bypassPermissions` and a
 * `canUseTool` that answers allow.
 */
export function createToolTestEnv(files: Record<string, string> = {}, tools: AnyTool[] = getAllBaseTools()): ToolTestEnv {
  return toolTestEnv(createVirtualSandbox(files), tools);
}

/**
 * The same over any sandbox (the node one, say), with `files` written into it first and, when
 * given, the scenario rules `allow` / `ask` / `deny` in force.
 */
export async function createToolTestEnvOn(
  sandbox: Sandbox,
  files: Record<string, string> = {},
  options: { rules?: Partial<Record<'allow' | 'ask' | 'deny', string[]>>; tools?: AnyTool[] } = {},
): Promise<ToolTestEnv> {
  const parsed = parseRuleSet({ allow: options.rules?.allow ?? [], ask: options.rules?.ask ?? [], deny: options.rules?.deny ?? [] });
  if (!parsed.ok) throw new Error(parsed.errors.map((error) => error.message).join('; '));
  const test = toolTestEnv(sandbox, options.tools ?? getAllBaseTools(), options.rules ? parsed.rules : undefined);
  for (const [path, content] of Object.entries(files)) await test.write(path, content);
  return test;
}

function toolTestEnv(sandbox: Sandbox, tools: AnyTool[], rules?: RuleSet): ToolTestEnv {
  const env: SessionEnvironment = {
    sandbox,
    clock: createRealClock(),
    pool: new ToolPool(tools),
    readFileState: new FileStateCache(),
    shared: { permissionMode: 'bypassPermissions', todos: [] },
    canUseTool: () => Promise.resolve('allow'),
    ...(rules ? { rules } : {}),
  };
  const absolute = (path: string) => `${sandbox.root}/${path}`;
  return {
    env,
    sandbox,
    async run(name, input, options = {}) {
      const progress: unknown[] = [];
      const id = options.id ?? `toolu_test_${++counter}`;
      const settlement = await runToolCall({ id, name, input }, env, options.signal ?? new AbortController().signal, {
        parentMessage: { turn: 0, toolUseIds: [id] },
        observer: { onProgress: (data) => progress.push(data) },
      });
      return { ...settlement, progress };
    },
    read: (path) => sandbox.fs.readFile(absolute(path)),
    async write(path, content) {
      const target = absolute(path);
      await sandbox.fs.mkdir(target.slice(0, target.lastIndexOf('/')));
      await sandbox.fs.writeFile(target, content);
    },
  };
}
