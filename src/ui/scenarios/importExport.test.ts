import { describe, expect, it } from 'vitest';
import { exportScenarioFile, importScenarioFile } from './importExport';
import { BUILT_IN_ENTRIES, builtInText, BUILT_IN_IDS, newScenarioJson } from './library';

const taken = { builtIn: BUILT_IN_IDS, user: ['mine'] };

describe('importScenarioFile', () => {
  it('accepts a valid scenario with a free id as written', () => {
    const text = newScenarioJson('fresh-one');
    const result = importScenarioFile(text, taken);
    expect(result).toMatchObject({ ok: true, id: 'fresh-one', json: text });
    expect(result.ok && result.renamed).toBeUndefined();
  });

  it('locates a JSON syntax error by line and column', () => {
    const result = importScenarioFile('{\n  "id": "x",\n  "title": \'t\'\n}', taken);
    expect(result).toEqual({
      ok: false,
      errors: [{ path: '', line: 3, column: 12, message: 'JSON strings use double quotes ("), not single quotes' }],
    });
  });

  it('lists every format error with its path', () => {
    const scenario = JSON.parse(newScenarioJson('bad')) as { turns: { stream: Record<string, unknown>[] }[] };
    scenario.turns[0]!.stream[1]!.at = -1;
    const text = JSON.stringify({ ...scenario, title: '', colour: 'red' });
    const result = importScenarioFile(text, taken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'turns[0].stream[1].at']));
    expect(result.errors.length).toBeGreaterThanOrEqual(3);
  });

  it('says in one line what a JSON file is when it is plainly no scenario', () => {
    const one = (text: string) => {
      const result = importScenarioFile(text, taken);
      return result.ok ? [] : result.errors.map((error) => error.message);
    };
    expect(one('{"name":"my-app","version":"1.0.0","dependencies":{}}')).toEqual(['This JSON is not a scenario (it has "name", "version", "dependencies", and no "turns") nor a session log: nothing to import.']);
    expect(one('[1, 2]')).toEqual(['This JSON is an array, not a scenario (an object with "id", "title" and "turns"): nothing to import.']);
    expect(one('{"version":1,"scenario":"x","sandbox":"virtual","strategy":"streaming","turns":[]}')).toEqual([
      'This is a run record, not a scenario (a record is what a run made; a scenario is what a run replays: "id", "title" and "turns").',
    ]);
  });

  it('gives a built-in id clash the next free id and says so', async () => {
    const builtIn = BUILT_IN_ENTRIES[0]!;
    const result = importScenarioFile((await builtInText(builtIn.id))!, taken);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.id).toBe(`${builtIn.id}-2`);
    expect(result.scenario.id).toBe(`${builtIn.id}-2`);
    expect((JSON.parse(result.json) as { id: string }).id).toBe(`${builtIn.id}-2`);
    expect(result.renamed?.from).toBe(builtIn.id);
    expect(result.renamed?.notice).toContain('built-in');
  });

  it('never takes over one of the user’s own ids either', () => {
    const result = importScenarioFile(newScenarioJson('mine'), { builtIn: [], user: ['mine', 'mine-2'] });
    expect(result).toMatchObject({ ok: true, id: 'mine-3', renamed: { from: 'mine' } });
    expect(result.ok && result.renamed?.notice).toContain('one of your scenarios');
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(importScenarioFile(`\uFEFF${newScenarioJson('bom')}`, taken).ok).toBe(true);
  });
});

describe('exportScenarioFile', () => {
  it('pretty-prints and names the file after the id', () => {
    expect(exportScenarioFile('{"id":"my-id","title":"t"}')).toEqual({
      filename: 'my-id.scenario.json',
      text: '{\n  "id": "my-id",\n  "title": "t"\n}\n',
    });
  });

  it('exports unfinished text as written, so work in progress can be kept', () => {
    expect(exportScenarioFile('{"id": "half')).toEqual({ filename: 'scenario.scenario.json', text: '{"id": "half' });
  });

  it('keeps the file name safe whatever the id holds', () => {
    expect(exportScenarioFile('{"id":"../A b"}').filename).toBe('a-b.scenario.json');
    expect(exportScenarioFile('[1]').filename).toBe('scenario.scenario.json');
  });
});
