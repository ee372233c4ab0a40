import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../run/record';
import type { Lane } from './laneLayout';
import { laneLabels } from './laneLabels';

const lane = (id: string, name: string, input: unknown, depth = 0): Lane =>
  ({ row: 0, depth, turn: 0, batch: 0, concurrent: true, state: 'yielded', outcome: 'success', segments: [], call: { id, name, input } as unknown as CallRecord });

const shown = (lanes: Lane[], chars = 30) => {
  const labels = laneLabels(lanes, chars);
  return lanes.map((l) => labels.get(l.call.id)!.shown);
};

describe('lane labels', () => {
  it('keeps the file name of a long path, not both ends cut', () => {
    const [label] = shown([lane('a', 'Read', { file_path: '/home/someone/work/project/packages/renderer/src/transcript_renderer.ts' })], 34);
    expect(label).toMatch(/^Read\(….*transcript_renderer\.ts\)$/);
  });

  it('tells apart calls whose short labels clash, by what differs in their input', () => {
    const labels = shown([lane('a', 'Read', { file_path: 'src/app.ts', offset: 100 }), lane('b', 'Read', { file_path: 'src/app.ts', offset: 400 }), lane('c', 'Read', { file_path: 'src/app.ts' })]);
    expect(labels).toEqual(['Read(src/app.ts) · offset 100', 'Read(src/app.ts) · offset 400', 'Read(src/app.ts) · no offset']);
  });

  it('tells apart commands that share their first words', () => {
    const labels = shown([lane('a', 'Bash', { command: 'npm run test -- --project page src/ui' }), lane('b', 'Bash', { command: 'npm run test -- --project page src/run' })], 30);
    expect(labels).toEqual(['Bash(npm run…) · … page src/ui', 'Bash(npm run…) · …page src/run']);
    for (const label of labels) expect([...label].length).toBeLessThanOrEqual(32);
  });

  it('numbers what the fields cannot tell apart, and leaves one input to one label', () => {
    const same = { command: 'x'.repeat(80) };
    const labels = shown([lane('a', 'Bash', same), lane('b', 'Bash', { command: `${'x'.repeat(79)}y` }), lane('c', 'Bash', same)], 20);
    expect(labels[0]).toBe(labels[2]);
    expect(labels[1]).not.toBe(labels[0]);
  });

  it('in a narrow column, different calls read from where they part, not as numbered repeats', () => {
    const mcp = shown([lane('a', 'mcp__demo__get_weather', { city: 'Oslo' }), lane('b', 'mcp__demo__get_time', { zone: 'UTC' }), lane('c', 'mcp__demo__echo', { text: 'hi' })], 12);
    expect(mcp.some((label) => label.includes('#'))).toBe(false);
    expect(new Set(mcp).size).toBe(3);
    expect(mcp[0]).toMatch(/^…et_weather/);
    const reads = shown([lane('a', 'Read', { file_path: 'src/module00.ts' }), lane('b', 'Read', { file_path: 'src/module10.ts' })], 11);
    expect(reads).toEqual(['…ule00.ts)', '…ule10.ts)']);
    for (const label of [...mcp, ...reads]) expect([...label].length).toBeLessThanOrEqual(12);
  });

  it('each reads from where it parts from the label most like it, when a group parts at different places', () => {
    const bash = (command: string) => ({ command });
    const labels = shown([lane('a', 'Bash', bash('git diff --stat src/a.go')), lane('b', 'Bash', bash('git diff --stat src/b.go')), lane('c', 'Bash', bash('git status --short'))], 11);
    // Parted where all three part ("git "), the two diffs read the same and would be numbered.
    expect(labels.some((label) => label.includes('#'))).toBe(false);
    expect(new Set(labels).size).toBe(3);
    expect(labels[0]).toContain('a.go');
    expect(labels[1]).toContain('b.go');
    for (const label of labels) expect([...label].length).toBeLessThanOrEqual(11);
  });

  it('keeps the whole text for hover', () => {
    const labels = laneLabels([lane('a', 'Read', { file_path: 'src/app.ts', offset: 1 }), lane('b', 'Read', { file_path: 'src/app.ts', offset: 2 })], 30);
    expect(labels.get('b')!.full).toBe('Read(src/app.ts) · offset 2');
  });
});

describe('lane labels that cannot say what differs', () => {
  it('show the first text inside a list, not its JSON', () => {
    const labels = shown([lane('a', 'AskUserQuestion', { questions: [{ question: 'Which one?' }] }), lane('b', 'AskUserQuestion', { questions: [{ question: 'And now?' }] })], 40);
    expect(labels).toEqual(['AskUserQuestion(Which one?)', 'AskUserQuestion(And now?)']);
  });

  it('number the calls, within the column, rather than show a cut text', () => {
    const labels = shown([lane('a', 'TodoWrite', { todos: [{ content: 'Write the tests first', status: 'pending' }] }), lane('b', 'TodoWrite', { todos: [{ content: 'Write the tests first', status: 'done' }] })], 20);
    expect(labels[0]).toBe('TodoWrite(Write th…)');
    expect(labels[1]).toMatch(/^TodoWrite\(.*#2$/);
    expect([...labels[1]!].length).toBeLessThanOrEqual(20);
  });
});

describe('lane labels in a narrow column', () => {
  it('files whose shortened names clash read from where their paths part (a number would read as a repeat), within the column', () => {
    const labels = laneLabels([lane('a', 'Read', { file_path: 'src/a.ts' }), lane('b', 'Read', { file_path: 'src/b.ts' })], 10);
    const [a, b] = [labels.get('a')!, labels.get('b')!];
    expect([a.shown, b.shown]).toEqual(['…rc/a.ts)', '…rc/b.ts)']);
    for (const label of [a, b]) expect([...label.shown].length).toBeLessThanOrEqual(10);
    expect(b.full).toBe('Read(src/b.ts)');
  });
});

describe('lane labels in a column too narrow for a name and what differs', () => {
  it('number the calls rather than cut what differs away', () => {
    const labels = shown([lane('a', 'Read', { file_path: 'src/app.ts', offset: 100 }), lane('b', 'Read', { file_path: 'src/app.ts', offset: 400 })], 16);
    expect(labels[0]).not.toContain('·');
    expect(labels[1]).toMatch(/#2$/);
    for (const label of labels) expect([...label].length).toBeLessThanOrEqual(16);
  });
});
