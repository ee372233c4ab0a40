import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../run/reduceRun';
import { observedRecord } from '../../run/observedRecord';
import { importClaudeSession } from '../../scenarios/import/claude-code/importClaudeSession';
import { seedRun, subAgentRun } from '../../../test/sampleRuns';
import { filterLayout, laneMatches, parseLaneQuery } from './laneFilter';
import { fitView, layoutTimeline } from './layout';

const SESSION = 'spotter-fa812bfe-main-lines1-312.jsonl';

function sessionLayout() {
  const text = readFileSync(join(import.meta.dirname, '../../../test/transcripts', SESSION), 'utf8');
  const imported = importClaudeSession([{ name: SESSION, text }]);
  if (!imported.ok) throw new Error('the sample session does not import');
  const record = observedRecord(imported.scenario)!;
  return layoutTimeline(record, fitView(record, 800));
}

describe('the lane filter', () => {
  it('reads words and turns from a query, and nothing from blanks', () => {
    expect(parseLaneQuery('   ')).toBeNull();
    expect(parseLaneQuery('Bash  git')).toEqual({ words: ['bash', 'git'], turns: [] });
    expect(parseLaneQuery('turn 3 error')).toEqual({ words: ['error'], turns: [3] });
    expect(parseLaneQuery('turn:12')).toEqual({ words: [], turns: [12] });
  });

  it('keeps the calls whose name, input or outcome hold every word', () => {
    const layout = layoutTimeline(buildRecord(seedRun()), fitView(buildRecord(seedRun()), 600));
    const kept = (query: string) => filterLayout(layout, parseLaneQuery(query)).lanes.map((lane) => lane.call.id);
    expect(kept('read')).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    expect(kept('SRC/B')).toEqual(['toolu_b']);
    expect(kept('bash ls')).toEqual(['toolu_bash']);
    expect(kept('bash src/a')).toEqual([]);
    expect(kept('success turn 0')).toEqual(['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c']);
    expect(kept('turn 1')).toEqual([]);
  });

  it('numbers the kept lanes from row 0 and drops what spoke of the old rows', () => {
    const layout = layoutTimeline(buildRecord(seedRun()), fitView(buildRecord(seedRun()), 600));
    const filtered = filterLayout(layout, parseLaneQuery('read'));
    expect(filtered.lanes.map((lane) => lane.row)).toEqual([0, 1, 2]);
    expect(filtered.batches).toEqual([]);
    expect(filtered.turnStarts.map((start) => start.firstRow)).toEqual(layout.turnStarts.length > 0 ? [0] : []);
    expect(filterLayout(layout, null)).toBe(layout);
  });

  it('finds a sub-agent call by its agent, and a turn only among the main agent', () => {
    const layout = layoutTimeline(buildRecord(subAgentRun()), fitView(buildRecord(subAgentRun()), 600));
    const sub = layout.lanes.find((lane) => lane.depth > 0)!;
    expect(laneMatches(sub, parseLaneQuery(sub.call.agent!)!)).toBe(true);
    expect(laneMatches(sub, parseLaneQuery(`turn ${sub.turn}`)!)).toBe(false);
  });

  it('leaves in a real session only the calls whose input holds a command’s words', () => {
    const layout = sessionLayout();
    const bash = layout.lanes.find((lane) => lane.call.name === 'Bash' && typeof (lane.call.input as { command?: unknown }).command === 'string')!;
    const words = String((bash.call.input as { command: string }).command).split(/\s+/).slice(0, 2).join(' ');
    const kept = filterLayout(layout, parseLaneQuery(words)).lanes;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(layout.lanes.length);
    expect(kept.map((lane) => lane.call.id)).toContain(bash.call.id);
    for (const word of words.toLowerCase().split(' ')) for (const lane of kept) expect(JSON.stringify(lane.call).toLowerCase()).toContain(word);
  });
});
