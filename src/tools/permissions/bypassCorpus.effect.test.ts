import { describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../../sandbox/nodeSandbox';
import type { Sandbox } from '../../sandbox/types';
import { createVirtualSandbox } from '../../sandbox/virtualSandbox';
import { createRealClock } from '../../time/clock';
import { runToolCall, type SessionEnvironment } from '../execution';
import { FileStateCache } from '../file/fileState';
import { ToolPool } from '../pool';
import { getAllBaseTools } from '../registry';
import type { PermissionMode } from '../types';
import { explainBashDecision } from './bashDecision';
import { BYPASS_CLASSES, BYPASS_CORPUS, CORPUS_ROOT, CORPUS_WORKSPACE, type BypassCase } from './bypassCorpus';
import { parseRuleSet } from './rules';

/**
 * Every corpus command through the real pipeline (`runToolCall` with the Bash tool, the case's
 * rules, asks answered "deny"), on the virtual sandbox and on the node sandbox (real bash in a
 * temporary folder), with the corpus workspace in place: the call is refused and the denied effect
 * never happens (the file is still there, the protected file unchanged, the secret not shown).
 */
const SANDBOXES: { name: string; create: () => Promise<Sandbox> }[] = [
  { name: 'virtual', create: () => Promise.resolve(createVirtualSandbox({})) },
  { name: 'node', create: () => createNodeSandbox() },
];

async function setUp(sandbox: Sandbox): Promise<void> {
  for (const [path, content] of Object.entries(CORPUS_WORKSPACE)) {
    const absolute = `${sandbox.root}/${path}`;
    await sandbox.fs.mkdir(absolute.slice(0, absolute.lastIndexOf('/')));
    await sandbox.fs.writeFile(absolute, content);
  }
}

async function runCase(sandbox: Sandbox, item: BypassCase, mode: PermissionMode) {
  const parsed = parseRuleSet(item.rules);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const command = item.command.split(CORPUS_ROOT).join(sandbox.root);
  // The guard before real bash: a case the rules would let through is reported, never run.
  const explanation = explainBashDecision(command, parsed.rules, sandbox.root, mode);
  if (explanation.decision !== item.expect) return { ran: false, explanation };
  const env: SessionEnvironment = {
    sandbox,
    clock: createRealClock(),
    pool: new ToolPool(getAllBaseTools()),
    readFileState: new FileStateCache(),
    shared: { permissionMode: mode, todos: [] },
    canUseTool: () => Promise.resolve('deny'),
    rules: parsed.rules,
  };
  const settled = await runToolCall({ id: 'toolu_corpus', name: 'Bash', input: { command } }, env, new AbortController().signal, {
    parentMessage: { turn: 0, toolUseIds: ['toolu_corpus'] },
  });
  return { ran: true, explanation, settled };
}

async function effectHeld(sandbox: Sandbox, item: BypassCase, shown: string): Promise<string[]> {
  const broken: string[] = [];
  for (const path of item.effect?.unchanged ?? []) {
    const stat = await sandbox.fs.stat(`${sandbox.root}/${path}`);
    const content = stat ? await sandbox.fs.readFile(`${sandbox.root}/${path}`) : null;
    if (content !== CORPUS_WORKSPACE[path]) broken.push(`${path} changed`);
  }
  for (const path of item.effect?.absent ?? []) if (await sandbox.fs.stat(`${sandbox.root}/${path}`)) broken.push(`${path} appeared`);
  if (item.effect?.unseen && shown.includes(item.effect.unseen)) broken.push(`${item.effect.unseen} was shown`);
  return broken;
}

describe.each(SANDBOXES)('the corpus through the pipeline on the $name sandbox', ({ create }) => {
  it('has a check that sees the effect when it does happen: with no rules, in bypassPermissions mode, rm x runs', async () => {
    const sandbox = await create();
    try {
      await setUp(sandbox);
      const control: BypassCase = { command: 'rm x', class: 'compound', rules: { allow: [], ask: [], deny: [] }, expect: 'deny', effect: { unchanged: ['x'] }, why: 'control' };
      const env: SessionEnvironment = {
        sandbox,
        clock: createRealClock(),
        pool: new ToolPool(getAllBaseTools()),
        readFileState: new FileStateCache(),
        shared: { permissionMode: 'bypassPermissions', todos: [] },
        canUseTool: () => Promise.resolve('deny'),
      };
      const settled = await runToolCall({ id: 'toolu_control', name: 'Bash', input: { command: 'rm x' } }, env, new AbortController().signal, {
        parentMessage: { turn: 0, toolUseIds: ['toolu_control'] },
      });
      expect(settled.outcome).toBe('success');
      expect(await effectHeld(sandbox, control, '')).toEqual(['x changed']);
    } finally {
      await sandbox.dispose();
    }
  });

  describe.each(BYPASS_CLASSES)('%s', (klass) => {
    const cases = BYPASS_CORPUS.filter((item) => item.class === klass);
    // Up to 70 cases, each a sandbox and one or two runs of real processes on the node sandbox:
    // about 2 s alone, past the default 30 s beside the rest of `npm test` and two CPU hogs (the
    // processes wait their turn for a core). A limit, not a wait.
    it(`refuses all ${cases.length} cases and the denied effect never happens, in default and bypassPermissions modes`, { timeout: 240_000 }, async () => {
      const failures: string[] = [];
      for (const item of cases) {
        const modes: PermissionMode[] = item.rules.ask.length === 0 ? ['default', 'bypassPermissions'] : ['default'];
        for (const mode of modes) {
          const sandbox = await create();
          try {
            await setUp(sandbox);
            const result = await runCase(sandbox, item, mode);
            if (!result.ran || !result.settled) {
              failures.push(`${JSON.stringify(item.command)} (${mode}): the rules decided ${result.explanation.decision}, not ${item.expect}; not run`);
              continue;
            }
            if (result.settled.outcome !== 'denied') failures.push(`${JSON.stringify(item.command)} (${mode}): ${result.settled.outcome}`);
            const shown = `${result.settled.result.content}${JSON.stringify(result.settled.display)}`;
            for (const broken of await effectHeld(sandbox, item, shown)) failures.push(`${JSON.stringify(item.command)} (${mode}): ${broken}`);
          } finally {
            await sandbox.dispose();
          }
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
