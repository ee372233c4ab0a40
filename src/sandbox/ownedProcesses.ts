import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';

/*
 * Every process the playground starts on this machine (a command in the node sandbox, an MCP
 * server over stdio) carries one environment variable naming who started it, and its children
 * inherit it: a process that leaves its process group (`setsid`, a daemon's double fork) or
 * ignores SIGTERM still carries it. When a run ends, whatever still carries its owner's mark is
 * killed. Found through /proc (Linux); where there is no /proc, the process groups are what holds.
 * A process started with its environment cleared (`env -i`) carries no mark: design.md, Threat
 * model, names that limit.
 */

/** The variable every process the playground starts carries. */
export const OWNER_VARIABLE = 'TOOL_PLAYGROUND_OWNER';

/** Whoever starts processes: the variable to give each, and a way to end every one still marked. */
export interface ProcessOwner {
  readonly env: Readonly<Record<string, string>>;
  /** SIGKILLs every process that carries this owner's mark, until none is left; how many it killed. */
  killAll(): Promise<number>;
}

/** A new owner; `kind` goes into its mark to tell owners apart in `ps e` (`sandbox`, `mcp`). */
export function processOwner(kind: string, procRoot = '/proc'): ProcessOwner {
  const mark = `${kind}-${randomUUID()}`;
  const entry = Buffer.from(`\0${OWNER_VARIABLE}=${mark}\0`);
  return {
    env: { [OWNER_VARIABLE]: mark },
    async killAll() {
      const killed = new Set<number>();
      // A process may fork while it is looked for: look again until a round finds none new (one
      // killed a moment ago may still be there, dying).
      for (let round = 0; round < 5; round++) {
        const before = killed.size;
        await killMarked(entry, procRoot, killed);
        if (killed.size === before) break;
      }
      return killed.size;
    },
  };
}

/** Kills each process whose environment holds `entry` (NUL-bounded `NAME=value`), adding it to `killed`. */
async function killMarked(entry: Buffer, procRoot: string, killed: Set<number>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(procRoot);
  } catch {
    return;
  }
  const pids = names.filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => pid !== process.pid);
  const found = await Promise.all(pids.map(async (pid) => ((await carries(`${procRoot}/${pid}/environ`, entry)) ? pid : null)));
  for (const pid of found) {
    if (pid === null) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed.add(pid);
    } catch {
      // Gone already, or not ours to signal.
    }
  }
}

/** Whether the environment file holds the entry; a file that cannot be read (another user's, a process gone) does not. */
async function carries(file: string, entry: Buffer): Promise<boolean> {
  try {
    const environ = await readFile(file);
    return Buffer.concat([Buffer.from('\0'), environ, Buffer.from('\0')]).includes(entry);
  } catch {
    return false;
  }
}
