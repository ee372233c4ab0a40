import { describe, expect, it } from 'vitest';
import { labelWidth, placeFrameLabel, placeFreeLabels, placeMarks, placeOutcomeTag, shortName } from './labelPlacement';

describe('label placement', () => {
  it('puts an outcome tag after its bar, before it at the track’s end, inside when neither fits', () => {
    expect(placeOutcomeTag(100, 200, '✕ error', 600)).toBe('right');
    expect(placeOutcomeTag(100, 590, '✕ error', 600)).toBe('left');
    expect(placeOutcomeTag(5, 590, '✕ error', 600)).toBe('inside');
  });

  it('puts a batch label beside its frame, away from the row’s outcome tag, or drops it', () => {
    expect(placeFrameLabel(100, 300, 'concurrent · b0', 600)).toBe('right');
    expect(placeFrameLabel(100, 580, 'concurrent · b0', 600)).toBe('left');
    expect(placeFrameLabel(100, 300, 'serial · b1', 600, [304, 360])).toBe('left');
    expect(placeFrameLabel(10, 580, 'concurrent · b0', 600)).toBe('none');
  });

  it('places marks without overlaps: full words, short ones, a glyph, leftwards at the end', () => {
    const w = labelWidth('▲ cap 10');
    const placed = placeMarks(
      [
        { x: 0, text: 'turn 0', short: 'T0' },
        { x: 200, text: '▲ cap 10', short: '▲' },
        { x: 200 + w - 10, text: '◆ mode plan', short: '◆ plan' },
        { x: 595, text: '↺ fallback', short: '↺' },
      ],
      600,
    );
    expect(placed.map((mark) => mark.text)).toEqual(['turn 0', '▲', '◆ mode plan', '↺ fallback']);
    expect(placed.at(-1)?.alignRight).toBe(true);
    for (let i = 1; i < placed.length; i++) expect(placed[i]!.mark.x).toBeGreaterThan(placed[i - 1]!.mark.x);
    expect(placeMarks([{ x: 10, text: 'turn 1', short: 'T1' }, { x: 12, text: '▲ cap 2', short: '▲' }], 600).map((mark) => mark.text)).toEqual(['T', '']);
  });

  it('shortens long names keeping the tool and the file', () => {
    expect(shortName('Read(src/a.ts)', 24)).toBe('Read(src/a.ts)');
    expect(shortName('Read(src/deeply/nested/folder/module.ts)', 24)).toBe('Read(…/folder/module.ts)');
    expect(shortName('Bash(npm run test -- --coverage --watch)', 20)).toBe('Bash(npm run test…)');
    expect([...shortName('Read(src/deeply/nested/folder/module.ts)', 24)].length).toBe(24);
  });
});

describe('placeFreeLabels', () => {
  it('moves a word that would cover another a row down (or up, or past it), and shares a word that would cover the same word', () => {
    const labels = [
      { x: 100, y: 40, word: 'unsafe ahead' },
      { x: 120, y: 40, word: 'unsafe running' },
      { x: 104, y: 40, word: 'unsafe ahead' },
      { x: 120, y: 64, word: 'cap' },
      { x: 200, y: 40, word: 'cancelled' },
    ];
    expect(placeFreeLabels(labels).map((label) => `${label.word}@${label.x},${label.y}`)).toEqual(['unsafe ahead@100,40', 'unsafe running@120,51', 'cap@120,64', 'cancelled@200,40']);
  });

  it('keeps clear of the room other labels hold (a batch frame’s label)', () => {
    const frameLabel = { x0: 95, x1: 200, y: 40 };
    expect(placeFreeLabels([{ x: 100, y: 40, word: 'runs alone' }], 11, [frameLabel])).toEqual([{ x: 100, y: 51, word: 'runs alone' }]);
  });

  it('leaves a word out only when below, above and past the word it covers are all taken', () => {
    const w = labelWidth('cap', 5.5, 3);
    const labels = [
      { x: 100, y: 40, word: 'cap' },
      { x: 100, y: 51, word: 'cancelled' },
      { x: 100, y: 29, word: 'runs alone' },
      { x: 100 + w + 2, y: 40, word: 'batch before' },
      { x: 101, y: 40, word: 'unsafe ahead' },
    ];
    expect(placeFreeLabels(labels).map((label) => label.word)).toEqual(['cap', 'cancelled', 'runs alone', 'batch before']);
    // Never above the layer's top.
    expect(placeFreeLabels([{ x: 0, y: 10, word: 'cap' }, { x: 0, y: 10, word: 'cancelled' }])).toEqual([{ x: 0, y: 10, word: 'cap' }, { x: 0, y: 21, word: 'cancelled' }]);
  });

  it('never moves a word past the track’s end (it would be cut off there): it is left out', () => {
    const taken = [
      { x0: 0, x1: 400, y: 51 },
      { x0: 0, x1: 400, y: 29 },
    ];
    const label = { x: 300, y: 40, word: 'unsafe running' };
    // Past the word it covers there is room on an endless track, and none on one 380 px wide.
    expect(placeFreeLabels([{ x: 300, y: 40, word: 'cap' }, label], 11, taken)).toHaveLength(2);
    expect(placeFreeLabels([{ x: 300, y: 40, word: 'cap' }, label], 11, taken, 380)).toEqual([{ x: 300, y: 40, word: 'cap' }]);
  });

  it('moves a word off a call’s bar where it can, and keeps it over the bar rather than leave it out', () => {
    const bar = { x0: 90, x1: 300, y: 40, soft: true };
    expect(placeFreeLabels([{ x: 100, y: 40, word: 'unsafe ahead' }], 11, [bar])).toEqual([{ x: 100, y: 51, word: 'unsafe ahead' }]);
    const bars = [bar, { ...bar, y: 51 }, { ...bar, y: 29 }];
    expect(placeFreeLabels([{ x: 100, y: 40, word: 'unsafe ahead' }], 11, bars, 320)).toEqual([{ x: 100, y: 40, word: 'unsafe ahead' }]);
  });

  it('takes a word to its other point (before the waiting call’s bar) when its own is crowded', () => {
    const taken = [
      { x0: 0, x1: 400, y: 51 },
      { x0: 0, x1: 400, y: 29 },
      { x0: 80, x1: 380, y: 40 },
    ];
    const label = { x: 100, y: 40, word: 'unsafe running', alt: { x: 20, y: 80 } };
    expect(placeFreeLabels([label], 11, taken, 420)).toEqual([{ ...label, x: 20, y: 80 }]);
    expect(placeFreeLabels([{ x: 100, y: 40, word: 'unsafe running' }], 11, taken, 420)).toEqual([]);
  });
});
