import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { barBoxes, CauseLayer, type DrawnLink } from './CauseLayer';
import type { Lane } from './laneLayout';
import { ROW_HEIGHT } from './TimelineLane';

/** seed-partition's shape: Bash (row 2) waited for two reads (rows 0 and 1), Read c (row 3) for Bash. */
const LINKS: DrawnLink[] = [
  { kind: 'runs-alone', from: 'read_a', to: 'bash', at: 1400, fromAt: 1200, open: false },
  { kind: 'runs-alone', from: 'read_b', to: 'bash', at: 1400, open: false },
  { kind: 'unsafe-running', from: 'bash', to: 'read_c', at: 1800, open: false },
];
const ROWS = new Map([
  ['read_a', 0],
  ['read_b', 1],
  ['bash', 2],
  ['read_c', 3],
]);

function labelsOf(focus: ReadonlySet<string>): { kind: string; word: string; x: number; y: number; className: string }[] {
  const html = renderToStaticMarkup(
    <CauseLayer links={LINKS} rowOf={ROWS} x={(at) => at / 4} width={1000} rows={4} range={{ first: 0, end: 4 }} viewTop={0} focus={focus} critical={null} />,
  );
  return [...html.matchAll(/<text class="([^"]*)" data-testid="cause-label" data-kind="([^"]*)" x="([^"]*)" y="([^"]*)">([^<]*)<\/text>/g)].map((match) => ({
    className: match[1]!,
    kind: match[2]!,
    x: Number(match[3]),
    y: Number(match[4]),
    word: match[5]!,
  }));
}

describe('the causes\u2019 words', () => {
  it('say "runs alone" once, in the waiting call\u2019s row just before its bar; "unsafe running" at the blocker', () => {
    const labels = labelsOf(new Set());
    const alone = labels.filter((label) => label.kind === 'runs-alone');
    expect(alone).toHaveLength(1);
    expect(alone[0]!.word).toBe('runs alone');
    expect(alone[0]!.y).toBeGreaterThan(2 * ROW_HEIGHT);
    expect(alone[0]!.y).toBeLessThan(3 * ROW_HEIGHT);
    expect(alone[0]!.x).toBeLessThan(1400 / 4);
    const running = labels.find((label) => label.kind === 'unsafe-running');
    expect(running?.y).toBeGreaterThan(2 * ROW_HEIGHT);
    expect(running?.y).toBeLessThan(3 * ROW_HEIGHT);
  });

  it('draw a word that stands for several causes as strong as the strongest of them', () => {
    // Read b chosen: its cause is strong, Read a's dim; the one word is strong.
    const [alone] = labelsOf(new Set(['read_b'])).filter((label) => label.kind === 'runs-alone');
    expect(alone?.className).toContain('tl-cause-label--strong');
    // Read a chosen: the first cause is the strong one.
    const [first] = labelsOf(new Set(['read_a'])).filter((label) => label.kind === 'runs-alone');
    expect(first?.className).toContain('tl-cause-label--strong');
  });

  it('never lays a word over a call’s bar: "unsafe ahead" from Bash as it starts goes below its bar, not on it', () => {
    const lane = (id: string, row: number, from: number, to: number): Lane =>
      ({ row, call: { id }, segments: [{ kind: 'queued', from: 0, to: from, open: false }, { kind: 'executing', from, to, open: false }] }) as unknown as Lane;
    const lanes = [lane('read_a', 0, 300, 1200), lane('read_b', 1, 500, 1400), lane('bash', 2, 1400, 1800), lane('read_c', 3, 1800, 2200)];
    const x = (at: number) => at / 4;
    const links: DrawnLink[] = [{ kind: 'unsafe-ahead', from: 'bash', to: 'read_c', at: 1400, fromAt: 1400, open: false }];
    const render = (taken?: ReturnType<typeof barBoxes>) =>
      renderToStaticMarkup(<CauseLayer links={links} rowOf={ROWS} x={x} width={1000} rows={4} range={{ first: 0, end: 4 }} viewTop={0} focus={new Set()} critical={null} {...(taken ? { taken } : {})} />);
    const baseline = (html: string) => Number(/data-kind="unsafe-ahead" x="[^"]*" y="([^"]*)"/.exec(html)?.[1]);
    // A 10 px word's glyphs stand about 9 px above its baseline; Bash's bar is its row's 5..19 px.
    const overBash = (y: number) => y > 2 * ROW_HEIGHT + 5 && y - 9 < 2 * ROW_HEIGHT + 19;
    expect(overBash(baseline(render()))).toBe(true);
    expect(overBash(baseline(render(barBoxes(lanes, x, { first: 0, end: 4 }))))).toBe(false);
  });
});
