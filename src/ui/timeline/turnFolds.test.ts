import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRecord } from '../../run/reduceRun';
import { observedRecord } from '../../run/observedRecord';
import { importClaudeSession } from '../../scenarios/import/claude-code/importClaudeSession';
import { seedRun, subAgentRun } from '../../../test/sampleRuns';
import { STRIP_TRACKS } from './laneLayout';
import { fitView, layoutTimeline, type TimelineLayout } from './layout';
import { foldText, foldTurns } from './turnFolds';

const SESSION = 'spotter-fa812bfe-main-lines1-312.jsonl';

function sessionLayout(): TimelineLayout {
  const text = readFileSync(join(import.meta.dirname, '../../../test/transcripts', SESSION), 'utf8');
  const imported = importClaudeSession([{ name: SESSION, text }]);
  if (!imported.ok) throw new Error('the sample session does not import');
  const record = observedRecord(imported.scenario)!;
  return layoutTimeline(record, fitView(record, 800));
}

function seedLayout(): TimelineLayout {
  const record = buildRecord(seedRun());
  return layoutTimeline(record, fitView(record, 600));
}

describe('turns folded into rows', () => {
  it('draws a turn of several calls as one row that names its tools and holds every call in its strip', () => {
    const folded = foldTurns(seedLayout(), new Set());
    expect(folded.lanes).toHaveLength(1);
    const [row] = folded.lanes;
    expect(row!.row).toBe(0);
    expect(foldText(row!.fold!)).toBe('T0 · 4 calls: Read ×3, Bash');
    expect(row!.fold!.strip.map((bar) => bar.id).sort()).toEqual(['toolu_a', 'toolu_b', 'toolu_bash', 'toolu_c']);
    // Its frames would all sit on one row: they go; its turn's line starts at its row.
    expect(folded.batches).toEqual([]);
    expect(folded.turnStarts.map((start) => [start.firstRow, start.named])).toEqual([[0, true]]);
  });

  it('stacks calls that overlap on different tracks, and a fourth on the track freed soonest', () => {
    const strip = foldTurns(seedLayout(), new Set()).lanes[0]!.fold!.strip;
    const track = (id: string) => strip.find((bar) => bar.id === id)!.track;
    // All four are in the turn at once (queued included): a, b and Bash take a track each, and c,
    // queued before any of them ended, shares a's, which ends first.
    expect(STRIP_TRACKS).toBe(3);
    expect([track('toolu_a'), track('toolu_b'), track('toolu_bash')]).toEqual([0, 1, 2]);
    expect(track('toolu_c')).toBe(track('toolu_a'));
  });

  it('unfolds an open turn under its row, its frames moved with its lanes', () => {
    const layout = seedLayout();
    const open = foldTurns(layout, new Set([0]));
    expect(open.lanes.map((lane) => [lane.row, lane.fold ? 'fold' : lane.call.id])).toEqual([
      [0, 'fold'],
      ...layout.lanes.map((lane) => [lane.row + 1, lane.call.id]),
    ]);
    expect(open.lanes[0]!.fold!.open).toBe(true);
    expect(open.batches.map((frame) => [frame.firstRow, frame.lastRow])).toEqual(layout.batches.map((frame) => [frame.firstRow + 1, frame.lastRow + 1]));
  });

  it('counts a sub-agent’s calls in the turn of its Agent call', () => {
    const record = buildRecord(subAgentRun());
    const folded = foldTurns(layoutTimeline(record, fitView(record, 600)), new Set());
    expect(folded.lanes).toHaveLength(1);
    expect(folded.lanes[0]!.fold!.calls).toBe(2);
    expect(folded.lanes[0]!.fold!.tools).toBe('Agent, Read');
  });

  it('keeps every call of a real session once, a lone call as its lane, and the rows numbered from 0', () => {
    const layout = sessionLayout();
    const folded = foldTurns(layout, new Set());
    expect(folded.lanes.length).toBeLessThan(layout.lanes.length);
    expect(folded.lanes.map((lane) => lane.row)).toEqual(folded.lanes.map((_, i) => i));
    const seen = folded.lanes.flatMap((lane) => (lane.fold ? lane.fold.strip.map((bar) => bar.id) : [lane.call.id]));
    expect(seen).toEqual(layout.lanes.map((lane) => lane.call.id));
    expect(folded.lanes.filter((lane) => !lane.fold).every((lane) => folded.lanes.filter((other) => other.turn === lane.turn && other.depth === 0).length === 1)).toBe(true);
    expect(folded.background.map((lane) => lane.row)).toEqual(folded.background.map((_, i) => folded.lanes.length + i));
    expect(foldTurns(folded, new Set()).lanes).toHaveLength(folded.lanes.length);
  });

  it('leaves a run whose turns have one call each as it is', () => {
    const layout = sessionLayout();
    const single = { ...layout, lanes: layout.lanes.filter((lane, i, all) => all.findIndex((other) => other.turn === lane.turn) === i && lane.depth === 0) };
    expect(foldTurns(single, new Set())).toBe(single);
  });
});
