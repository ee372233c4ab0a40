import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { draftKey, entryFromKey, newEntry, resolveInitialEntry } from './entries';
import { BUILT_IN_ENTRIES, builtInText, newScenarioJson } from './library';
import { parseUrl } from './urlState';

const first = BUILT_IN_ENTRIES[0]!;
const second = BUILT_IN_ENTRIES[1]!;
const mine = [{ id: 'mine', json: newScenarioJson('mine') }];
const firstText = await builtInText(first.id);

describe('resolveInitialEntry', () => {
  it('opens the first lesson when nothing else is asked for', async () => {
    expect(await resolveInitialEntry(parseUrl({ search: '', hash: '' }), undefined, [])).toEqual({
      entry: { source: 'built-in', id: first.id, text: firstText },
      problems: [],
    });
  });

  it('prefers the link, then the last opened entry', async () => {
    const url = parseUrl({ search: `?scenario=${second.id}`, hash: '' });
    expect((await resolveInitialEntry(url, 'user:mine', mine)).entry.id).toBe(second.id);
    expect((await resolveInitialEntry(parseUrl({ search: '', hash: '' }), 'user:mine', mine)).entry).toMatchObject({ source: 'user', id: 'mine' });
    expect((await resolveInitialEntry(parseUrl({ search: '', hash: '' }), 'user:gone', mine)).entry.id).toBe(first.id);
  });

  it('opens a shared scenario pretty-printed, and falls back with the error when it is corrupt', async () => {
    const json = JSON.stringify({ id: 'from-a-friend', title: 't' });
    const shared = await resolveInitialEntry(parseUrl({ search: '', hash: `#s=${compressToEncodedURIComponent(json)}` }), undefined, []);
    expect(shared.entry).toEqual({ source: 'shared', id: 'from-a-friend', text: JSON.stringify(JSON.parse(json), null, 2) });

    const corrupt = await resolveInitialEntry(parseUrl({ search: '', hash: '#s=garbage!!' }), `built-in:${second.id}`, []);
    expect(corrupt.entry.id).toBe(second.id);
    expect(corrupt.problems[0]).toContain('corrupt');
  });
});

describe('draftKey', () => {
  it('keeps apart two shared scenarios with the same id', () => {
    const a = draftKey({ source: 'shared', id: 'x', text: '{"id":"x","v":1}' });
    const b = draftKey({ source: 'shared', id: 'x', text: '{"id":"x","v":2}' });
    expect(a).not.toBe(b);
    expect(draftKey({ source: 'built-in', id: 'x', text: '' })).toBe('built-in:x');
  });

  it('names entries that entryFromKey finds again', async () => {
    expect((await entryFromKey(`built-in:${first.id}`, []))?.text).toBe(firstText);
    expect((await entryFromKey('user:mine', mine))?.text).toBe(mine[0]!.json);
    expect(await entryFromKey('shared:x:1', mine)).toBeUndefined();
    expect(await entryFromKey('built-in:no-such-lesson', mine)).toBeUndefined();
  });
});

describe('newEntry', () => {
  it('picks an id that no scenario has', () => {
    expect(newEntry([]).id).toBe('my-scenario');
    expect(newEntry([{ id: 'my-scenario', json: '{}' }]).id).toBe('my-scenario-2');
  });
});
