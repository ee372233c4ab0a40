import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WIDTH, writeScenarioJson } from './scenarioJson';

describe('writeScenarioJson', () => {
  it('keeps what fits on a line on it, spaced as the library writes it, and opens the rest an entry per line', () => {
    const text = writeScenarioJson({
      id: 'a',
      turns: [{ stream: [{ type: 'text', text: 'hi', at: 0, durationMs: 10 }], expect: { batches: [['x'], ['y']] } }],
      observed: { calls: Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`toolu_${i}`, { outcome: 'success', startedAt: i, endedAt: i + 5, result: 'x'.repeat(60) }])) },
      empty: {},
      none: [],
      gone: undefined,
    });
    expect(text).toBe(
      [
        '{',
        '  "id": "a",',
        '  "turns": [{ "stream": [{ "type": "text", "text": "hi", "at": 0, "durationMs": 10 }], "expect": { "batches": [["x"], ["y"]] } }],',
        '  "observed": {',
        '    "calls": {',
        `      "toolu_0": { "outcome": "success", "startedAt": 0, "endedAt": 5, "result": "${'x'.repeat(60)}" },`,
        `      "toolu_1": { "outcome": "success", "startedAt": 1, "endedAt": 6, "result": "${'x'.repeat(60)}" },`,
        `      "toolu_2": { "outcome": "success", "startedAt": 2, "endedAt": 7, "result": "${'x'.repeat(60)}" }`,
        '    }',
        '  },',
        '  "empty": {},',
        '  "none": []',
        '}',
      ].join('\n'),
    );
  });

  it('writes the same data as JSON.stringify, each line within the width unless one value alone is longer', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = writeScenarioJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        for (const line of text.split('\n')) {
          if (line.length > WIDTH) expect(line.trimStart().replace(/^"(?:[^"\\]|\\.)*": /, '')).toMatch(/^(?:"(?:[^"\\]|\\.)*"|-?[\d.e+-]+|true|false|null)[,]?$/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
