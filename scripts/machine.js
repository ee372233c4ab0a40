/**
 * What the machine did while a command ran, for `npm test`'s summary: how much CPU it spent, and how
 * fast it starts a process right now. On these 2-core machines the test command is bound by CPU, and
 * the same machine runs at very different speeds from one hour to the next (docs/performance.md, "The
 * test command"): the two figures tell a slow suite from a slow machine.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The machine's CPU time so far, in seconds summed over its cores; `undefined` off Linux. */
export function cpuSeconds() {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The first line of `/proc/stat` (`cpu  user nice system idle iowait irq softirq steal …`, in clock
 * ticks of 1/100 s): busy time (user, nice, system, irq, softirq), of which the kernel's (system, irq,
 * softirq), and idle time (idle, iowait), in seconds.
 */
export function parseProcStat(text) {
  const fields = /^cpu\s+(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  if (!fields || fields.length < 7 || fields.some((value) => !Number.isFinite(value))) return undefined;
  const [user, nice, system, idle, iowait, irq, softirq] = fields;
  const kernel = system + irq + softirq;
  return { busy: (user + nice + kernel) / 100, kernel: kernel / 100, idle: (idle + iowait) / 100 };
}

/**
 * The CPU time of this process's children that have ended and been waited for, with theirs, in
 * seconds (user and kernel, from `/proc/self/stat`); `undefined` off Linux. A stage of `npm test`
 * ends before its reading is taken, so the reading grows by exactly what the stage's processes
 * spent (Chromium's too: Playwright waits for its browsers), whatever else the machine is doing.
 */
export function childrenCpuSeconds() {
  try {
    return parseChildrenCpu(readFileSync('/proc/self/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** `cutime + cstime` of a `/proc/PID/stat` line (fields 16 and 17, in ticks of 1/100 s), in seconds. */
export function parseChildrenCpu(text) {
  // The command's name, in parentheses, may hold spaces: fields are counted after its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).trim().split(/\s+/).map(Number);
  const cutime = fields[13];
  const cstime = fields[14];
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return undefined;
  return (cutime + cstime) / 100;
}

/** What was spent between two readings, in words: `1,094 s of CPU busy (31% in the kernel), 41 s idle`. */
export function describeCpu(before, after) {
  if (!before || !after) return undefined;
  const busy = after.busy - before.busy;
  const kernel = after.kernel - before.kernel;
  const idle = after.idle - before.idle;
  const share = busy > 0 ? Math.round((kernel / busy) * 100) : 0;
  return `${Math.round(busy).toLocaleString('en')} s of CPU busy (${share}% in the kernel), ${Math.round(idle).toLocaleString('en')} s idle`;
}

/** The median wall time of `node -e 0`, in ms: the machine's speed at this moment, measured the way `npm run bench:cli` does. */
export function nodeStartMs(runs = 5) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
