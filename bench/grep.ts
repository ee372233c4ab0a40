/**
 * The Grep figures of `npm run bench`: the tool against a bare scan of the same texts (warm), its
 * first call on a fresh sandbox against reading the same texts through the same sandbox (cold),
 * and the node sandbox's Grep against the machine's rg.
 */
import { spawn } from 'node:child_process';
import { createNodeSandbox } from '../src/sandbox/nodeSandbox';
import type { Sandbox } from '../src/sandbox/types';
import { createVirtualSandbox } from '../src/sandbox/virtualSandbox';
import { createRealClock } from '../src/time/clock';
import { runToolCall, type SessionEnvironment } from '../src/tools/execution';
import { FileStateCache } from '../src/tools/file/fileState';
import { parseRuleSet, type RuleSet } from '../src/tools/permissions/rules';
import { ToolPool } from '../src/tools/pool';
import { GrepTool } from '../src/tools/search/GrepTool';

type Line = (text?: string) => void;
interface Timed {
  elapsed: number;
  found: number;
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);
/** The files that hold the needle: every 97th of 5,000. */
const NEEDLES = 52;
/** Fresh sandboxes per side in the cold comparison. */
const COLD_ROUNDS = 9;

/** 5,000 generated TypeScript files (50 packages × 7 folders), 52 of them holding `NEEDLE`. */
export function generatedWorkspace(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 5000; i++) {
    const dir = `pkg${i % 50}/src/mod${i % 7}`;
    files[`${dir}/file${i}.ts`] = `// file ${i}\nexport function f${i}(x: number) {\n  return x + ${i};\n}\n${i % 97 === 0 ? 'export const NEEDLE = true;\n' : ''}`;
  }
  return files;
}

function environment(sandbox: Sandbox, rules?: RuleSet): SessionEnvironment {
  return {
    sandbox,
    clock: createRealClock(),
    pool: new ToolPool([GrepTool]),
    readFileState: new FileStateCache(),
    shared: { permissionMode: 'bypassPermissions', todos: [] },
    canUseTool: () => Promise.resolve('allow'),
    ...(rules ? { rules } : {}),
  };
}

/** One Grep call through the whole pipeline a model's call goes through, timed. */
async function grepOnce(sandbox: Sandbox, rules?: RuleSet): Promise<Timed> {
  const env = environment(sandbox, rules);
  const start = performance.now();
  const settled = await runToolCall({ id: 'g', name: 'Grep', input: { pattern: 'NEEDLE', head_limit: 0 } }, env, new AbortController().signal, {
    parentMessage: { turn: 0, toolUseIds: [] },
  });
  const elapsed = performance.now() - start;
  if (settled.outcome !== 'success') throw new Error(`Grep failed: ${settled.result.content}`);
  return { elapsed, found: settled.result.content.split('\n').filter((l) => l.endsWith('.ts')).length };
}

/**
 * What Grep's first call cannot do without: list the tree and read every text through the
 * sandbox's own `fs` (walk, then a readFile per file), then test the same regular expression on
 * each text.
 */
async function readAndScan(sandbox: Sandbox): Promise<Timed> {
  const start = performance.now();
  const needle = /NEEDLE/m;
  const entries = await sandbox.fs.walk(sandbox.root);
  const texts = await Promise.all(entries.filter((entry) => entry.type === 'file').map((entry) => sandbox.fs.readFile(entry.path)));
  let found = 0;
  for (const text of texts) if (needle.test(text)) found++;
  return { elapsed: performance.now() - start, found };
}

async function best(runs: number, once: () => Promise<Timed>): Promise<Timed> {
  let fastest: Timed = { elapsed: Infinity, found: 0 };
  for (let i = 0; i < runs; i++) {
    const run = await once();
    if (run.elapsed < fastest.elapsed) fastest = run;
  }
  return fastest;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function checked(side: string, run: Timed): number {
  if (run.found !== NEEDLES) throw new Error(`${side} found ${run.found} files, not ${NEEDLES}`);
  return run.elapsed;
}

/**
 * Every side on a sandbox of its own, made just before and untouched (nothing listed, read or
 * derived yet), so each is a first call. The garbage of making it is collected before the clock
 * starts, when the bench runs with `--expose-gc`. The sides take turns going first, round by round.
 */
async function coldRounds(files: Record<string, string>, rules: RuleSet): Promise<{ baseline: number[]; grep: number[]; ruled: number[] }> {
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  const fresh = () => {
    const sandbox = createVirtualSandbox(files);
    collect();
    return sandbox;
  };
  const times = { baseline: [] as number[], grep: [] as number[], ruled: [] as number[] };
  const sides: [keyof typeof times, () => Promise<Timed>][] = [
    ['baseline', () => readAndScan(fresh())],
    ['grep', () => grepOnce(fresh())],
    ['ruled', () => grepOnce(fresh(), rules)],
  ];
  for (let round = 0; round < COLD_ROUNDS; round++) {
    for (let i = 0; i < sides.length; i++) {
      const [side, run] = sides[(round + i) % sides.length]!;
      times[side].push(checked(side, await run()));
    }
  }
  return times;
}

/** Prints the Grep sections of the bench. */
export async function grepFigures(line: Line): Promise<void> {
  const files = generatedWorkspace();
  const denying = parseRuleSet({ allow: [], ask: [], deny: ['Read(.env)', 'Read(secrets/**)'] });
  if (!denying.ok) throw new Error("the bench's rules are invalid");

  line(`## Grep's first call over a generated 5,000-file workspace, cold (a fresh virtual sandbox each, ${COLD_ROUNDS} rounds)`);
  const cold = await coldRounds(files, denying.rules);
  const baseline = median(cold.baseline);
  const grep = median(cold.grep);
  const ruled = median(cold.ruled);
  const summary = (times: number[]) => `median ${fmt(median(times))} ms (best ${fmt(Math.min(...times))})`;
  line(`baseline (walk, then readFile of every text through the sandbox's fs, then the regex on each): ${summary(cold.baseline)}`);
  line(`Grep tool, first call: ${summary(cold.grep)}`);
  line(`Grep tool, first call, with Read(.env) and Read(secrets/**) denied: ${summary(cold.ruled)}`);
  line(`rounds (baseline / Grep / with rules, ms): ${cold.baseline.map((_, i) => `${fmt(cold.baseline[i]!, 0)}/${fmt(cold.grep[i]!, 0)}/${fmt(cold.ruled[i]!, 0)}`).join('  ')}`);
  line(`first Grep / baseline: ${fmt(grep / baseline)}×   (target ≤ 3×)`);
  line(`first Grep with deny rules / baseline: ${fmt(ruled / baseline)}×   (target ≤ 3×)`);
  line();

  line('## Grep over a generated 5,000-file workspace, warm');
  // The virtual sandbox against a bare scan of the same 5,000 strings in memory.
  const virtual = createVirtualSandbox(files);
  const texts = Object.values(files);
  const bare = await best(7, async () => {
    const start = performance.now();
    const needle = /NEEDLE/m;
    let found = 0;
    for (const text of texts) if (needle.test(text)) found++;
    return { elapsed: performance.now() - start, found };
  });
  const first = await grepOnce(virtual);
  const warm = await best(7, () => grepOnce(virtual));
  line(`bare in-memory scan: ${fmt(bare.elapsed)} ms (${bare.found} files)   Grep tool (virtual): ${fmt(warm.elapsed)} ms (${warm.found} files; first run, texts not yet read: ${fmt(first.elapsed)} ms)`);
  line(`Grep / bare scan: ${fmt(warm.elapsed / bare.elapsed, 1)}×   (target ≤ 3×)`);
  // The same search with deny rules in force. No file here is denied: what it adds is judging every file.
  const withRules = await best(7, () => grepOnce(virtual, denying.rules));
  line(`with Read(.env) and Read(secrets/**) denied: ${fmt(withRules.elapsed)} ms (${withRules.found} files): ${fmt(withRules.elapsed / bare.elapsed, 1)}× the bare scan (no target)`);
  const shellRg = async () => {
    const start = performance.now();
    const result = await virtual.exec('rg -l NEEDLE .', { cwd: virtual.root });
    return { elapsed: performance.now() - start, found: result.stdout.split('\n').filter(Boolean).length };
  };
  const simulated = await shellRg();
  line(`the virtual shell's own rg: ${fmt(simulated.elapsed)} ms (${simulated.found} files): ${fmt(simulated.elapsed / warm.elapsed, 1)}× the Grep tool`);

  // The node sandbox: the Grep tool (through the machine's rg) against that rg run directly.
  const node = await createNodeSandbox();
  try {
    for (const [path, text] of Object.entries(files)) {
      const target = `${node.root}/${path}`;
      await node.fs.mkdir(target.slice(0, target.lastIndexOf('/')));
      await node.fs.writeFile(target, text);
    }
    const direct = async () => {
      const start = performance.now();
      const found = await new Promise<number>((resolve) => {
        const child = spawn('rg', ['-l', 'NEEDLE', '.'], { cwd: node.root });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', () => resolve(-1));
        child.on('close', () => resolve(out.split('\n').filter(Boolean).length));
      });
      return { elapsed: performance.now() - start, found };
    };
    const rgRun = await best(7, direct);
    if (rgRun.found < 0) line("no rg on this machine: the node sandbox's Grep falls back to its own scan (install Debian's ripgrep)");
    else {
      const nodeGrep = await best(7, () => grepOnce(node));
      line(`rg run directly: ${fmt(rgRun.elapsed)} ms (${rgRun.found} files)   Grep tool (node, through rg): ${fmt(nodeGrep.elapsed)} ms (${nodeGrep.found} files)`);
      line(`Grep / rg: ${fmt(nodeGrep.elapsed / rgRun.elapsed, 2)}×   (target ≤ 1.5×)`);
    }
  } finally {
    await node.dispose();
  }
}
