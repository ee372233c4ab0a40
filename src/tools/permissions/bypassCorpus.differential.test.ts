import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSandbox } from '../../sandbox/nodeSandbox';
import { inspectBashCommand } from './bash/inspect';
import { commandName } from './bash/semantics';
import { BYPASS_CORPUS, CORPUS_ROOT, CORPUS_WORKSPACE, type BypassCase } from './bypassCorpus';

/**
 * The analysis against real bash. Each corpus command runs under bash on the node sandbox with
 * xtrace written to a file descriptor (`BASH_XTRACEFD`, exported with SHELLOPTS so child bashes
 * trace too), and with PATH starting at harmless shims that log their name and arguments instead
 * of deleting, moving or fetching anything. Every simple command bash ran (traced, or logged by a
 * shim when a program such as xargs or find started it) must be one the analysis saw, or the
 * analysis must have said it cannot see everything (it then asks).
 */

/** Programs replaced by logging shims: whatever a case does with them, nothing really happens. */
const SHIMMED = [
  'rm', 'rmdir', 'unlink', 'shred', 'mv', 'cp', 'dd', 'truncate', 'chmod', 'chown', 'install', 'ln', 'rsync', 'sudo', 'watch',
  'parallel', 'curl', 'wget', 'ssh', 'scp', 'npm', 'npx', 'node', 'python', 'python3', 'make', 'kill', 'reboot', 'shutdown', 'mycat', 'busybox',
];
/** Trace entries that are syntax, not commands. */
const NOT_COMMANDS = new Set(['[[', '((', 'for', 'select', 'case', 'while', 'until', 'if', 'coproc']);

/** Cases observed at once: each runs in a slot of its own (shims, their log, the trace). */
const SLOTS = 4;

let scratch: string;
/** A workspace with the corpus files committed to git, made once and copied for each case. */
let template: string;

/** Where one running case writes: its own shims (logging to its own file) and its own trace. */
interface Slot {
  shims: string;
  log: string;
  trace: string;
}
const slots: Slot[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'corpus-differential-'));
  template = join(scratch, 'template');
  for (const [path, content] of Object.entries(CORPUS_WORKSPACE)) {
    await mkdir(join(template, path, '..'), { recursive: true });
    await writeFile(join(template, path), content);
  }
  await promisify(execFile)('sh', ['-c', 'git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm init'], { cwd: template });
  for (let index = 0; index < SLOTS; index++) {
    const slot = { shims: join(scratch, `shims-${index}`), log: join(scratch, `shims-${index}.log`), trace: join(scratch, `trace-${index}.txt`) };
    await mkdir(slot.shims);
    for (const name of SHIMMED) {
      const path = join(slot.shims, name);
      await writeFile(path, `#!/bin/sh\nprintf '%s\\n' "${name} $*" >> '${slot.log}'\n`);
      await chmod(path, 0o755);
    }
    slots.push(slot);
  }
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The first word of an xtrace line (`+ rm x`, `++ 'r m' x`), unquoted. */
function tracedName(line: string): string | undefined {
  const text = line.replace(/^\++ /, '');
  let word: string;
  if (text.startsWith("$'")) word = text.slice(2, text.indexOf("'", 2));
  else if (text.startsWith("'")) word = text.slice(1, text.indexOf("'", 1));
  else word = text.split(/[ \t]/)[0] ?? '';
  if (word === '' || NOT_COMMANDS.has(word) || /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word)) return undefined;
  return commandName(word);
}

interface Observation {
  ran: string[];
  unseen: string[];
  blind: boolean;
}

async function observe(item: BypassCase, slot: Slot): Promise<Observation> {
  const sandbox = await createNodeSandbox();
  try {
    await cp(template, sandbox.root, { recursive: true });
    await writeFile(slot.trace, '');
    await writeFile(slot.log, '');
    const command = item.command.split(CORPUS_ROOT).join(sandbox.root);
    const prefix = `exec 3>>'${slot.trace}'\nexport BASH_XTRACEFD=3\nexport PATH='${slot.shims}':"$PATH"\nset -x\nexport SHELLOPTS\n: corpus-start\n`;
    await sandbox.exec(`${prefix}${command}`, { timeoutMs: 5_000 });
    const lines = (await readFile(slot.trace, 'utf8')).split('\n');
    const start = lines.findIndex((line) => line === '+ : corpus-start');
    const traced = lines.slice(start + 1).filter((line) => /^\++ /.test(line)).map(tracedName);
    const logged = (await readFile(slot.log, 'utf8')).split('\n').filter(Boolean).map((line) => line.split(' ')[0]!);
    const ran = [...new Set([...traced, ...logged].filter((name): name is string => name !== undefined))];
    const inspected = inspectBashCommand(command, { root: sandbox.root });
    const seen = new Set(
      inspected.ok ? inspected.inspection.commands.flatMap((found) => (found.argv[0]?.text ? [commandName(found.argv[0].text)] : [])) : [],
    );
    const blind = !inspected.ok || inspected.inspection.hidden.length > 0 || inspected.inspection.env.length > 0;
    return { ran, unseen: ran.filter((name) => !seen.has(name)), blind };
  } finally {
    await sandbox.dispose();
  }
}

/** Observes every case, {@link SLOTS} at a time (each case is mostly waiting on its processes). */
async function observeAll(cases: readonly BypassCase[]): Promise<Map<BypassCase, Observation>> {
  const results = new Map<BypassCase, Observation>();
  let next = 0;
  await Promise.all(
    slots.map(async (slot) => {
      while (next < cases.length) {
        const item = cases[next++]!;
        results.set(item, await observe(item, slot));
      }
    }),
  );
  return results;
}

describe('the analysis against real bash (xtrace on the node sandbox, destructive programs shimmed)', () => {
  const results = new Map<BypassCase, Observation>();

  it('sees every command bash runs for every corpus case, or says it cannot see them all', { timeout: 600_000 }, async () => {
    const disagreements: string[] = [];
    for (const [item, observation] of await observeAll(BYPASS_CORPUS)) {
      results.set(item, observation);
      if (observation.unseen.length > 0 && !observation.blind) {
        disagreements.push(`${JSON.stringify(item.command)}: bash ran ${observation.unseen.join(', ')}, which the analysis did not see`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('sees exactly what bash runs, with nothing hidden, for most cases', () => {
    const exact = [...results.values()].filter((observation) => observation.unseen.length === 0).length;
    expect(exact / BYPASS_CORPUS.length).toBeGreaterThan(0.9);
  });

  it('says which cases bash runs nothing for: they are only parsed', () => {
    const silent = BYPASS_CORPUS.filter((item) => results.get(item)?.ran.length === 0).map((item) => item.command);
    const marked = BYPASS_CORPUS.filter((item) => item.bashRunsNothing !== undefined).map((item) => item.command);
    expect(silent).toEqual(marked);
  });
});
