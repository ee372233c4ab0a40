import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds, cpuSeconds, describeCpu, parseChildrenCpu, parseProcStat } from './machine.js';

describe('the machine CPU reading of npm test', () => {
  it('reads busy, kernel and idle seconds from the first line of /proc/stat', () => {
    const text = 'cpu  1000 50 300 4000 100 20 30 0 0 0\ncpu0 500 25 150 2000 50 10 15 0 0 0\nintr 1\n';
    expect(parseProcStat(text)).toEqual({ busy: 14, kernel: 3.5, idle: 41 });
  });

  it('says nothing when the text is not /proc/stat', () => {
    expect(parseProcStat('')).toBeUndefined();
    expect(parseProcStat('cpu  1 2 x 4 5 6 7')).toBeUndefined();
    expect(parseProcStat('cpu  1 2 3')).toBeUndefined();
  });

  it('describes what was spent between two readings', () => {
    expect(describeCpu({ busy: 100, kernel: 20, idle: 50 }, { busy: 1194.4, kernel: 348.5, idle: 91 })).toBe('1,094 s of CPU busy (30% in the kernel), 41 s idle');
    expect(describeCpu(undefined, { busy: 1, kernel: 0, idle: 0 })).toBeUndefined();
  });

  it('reads this machine where it has /proc/stat, and the reading only grows', () => {
    const first = cpuSeconds();
    if (first === undefined) return;
    let spin = 0;
    for (let i = 0; i < 5e6; i++) spin += i;
    const second = cpuSeconds()!;
    expect(spin).toBeGreaterThan(0);
    expect(second.busy).toBeGreaterThanOrEqual(first.busy);
    expect(second.idle).toBeGreaterThanOrEqual(first.idle);
  });

  it('reads the CPU of ended children from /proc/self/stat, a name with spaces and parentheses too', () => {
    const fields = (first: string) => `${first} S 1 1 1 0 -1 4194560 100 200 0 0 1500 300 2500 700 20 0 1 0 1 0 0`;
    expect(parseChildrenCpu(fields('42 (node)'))).toBe(32);
    expect(parseChildrenCpu(fields('42 (a (b) c)'))).toBe(32);
    expect(parseChildrenCpu('42 (node) S')).toBeUndefined();
  });

  it('counts what a child spent once it has been waited for', async () => {
    const before = childrenCpuSeconds();
    if (before === undefined) return;
    const { spawnSync } = await import('node:child_process');
    spawnSync(process.execPath, ['-e', 'let x = 0; const end = Date.now() + 300; while (Date.now() < end) x++;']);
    expect(childrenCpuSeconds()! - before).toBeGreaterThan(0.1);
  });
});
