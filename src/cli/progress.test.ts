import { describe, expect, it } from 'vitest';
import { createProgress } from './progress';

function terminal(isTTY = true) {
  const writes: string[] = [];
  return { stream: { isTTY, columns: 40, write: (text: string) => writes.push(text) }, writes };
}

describe('createProgress', () => {
  it('redraws one line in place on a terminal, and clears it at the end', () => {
    const { stream, writes } = terminal();
    let now = 0;
    const progress = createProgress('replay', 3, { stream, env: {}, intervalMs: 100, now: () => now });
    expect(progress.active).toBe(true);
    progress.update(0, 'seed-partition');
    progress.update(1, 'too soon');
    now = 150;
    progress.update(2, 'bash-cascade');
    progress.update(3, 'sub-agent');
    progress.end();
    expect(writes).toEqual(['\r\u001b[2Kreplay [0/3] seed-partition', '\r\u001b[2Kreplay [2/3] bash-cascade', '\r\u001b[2Kreplay [3/3] sub-agent', '\r\u001b[2K']);
  });

  it('cuts a line to the terminal width, and prints a log line above it', () => {
    const { stream, writes } = terminal();
    const progress = createProgress('replay', 1, { stream, env: {} });
    progress.update(0, 'a-very-long-scenario-name-that-does-not-fit');
    progress.log('a note');
    expect(writes[0]!.length).toBeLessThanOrEqual('\r\u001b[2K'.length + 39);
    expect(writes[0]!.endsWith('…')).toBe(true);
    expect(writes[1]).toBe('\r\u001b[2Ka note\n');
  });

  it('stays quiet when standard error is not a terminal, or under CI=true', () => {
    for (const [isTTY, env] of [
      [false, {}],
      [true, { CI: 'true' }],
      [true, { CI: '1' }],
      [true, { TERM: 'dumb' }],
    ] as const) {
      const { stream, writes } = terminal(isTTY);
      const progress = createProgress('replay', 2, { stream, env });
      expect(progress.active).toBe(false);
      progress.update(1, 'x');
      progress.update(2, 'y');
      progress.end();
      expect(writes).toEqual([]);
    }
    const { stream } = terminal();
    expect(createProgress('replay', 1, { stream, env: { CI: 'false' } }).active).toBe(true);
  });
});
