import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { builtInUrl, parseUrl, readShared, shareUrl } from './urlState';

const at = (href: string) => {
  const url = new URL(href, 'https://play.example/');
  return { search: url.search, hash: url.hash };
};
const scenario = '{"id":"my-one","title":"A + B","description":"`x`"}';

describe('parseUrl', () => {
  it('opens nothing in particular on a bare URL', () => {
    expect(parseUrl(at('/'))).toEqual({ autorun: false, watch: false, problems: [] });
  });

  it('reads a built-in id, autorun, strategy and a time from the query', () => {
    expect(parseUrl(at('/?scenario=seed-partition&autorun=1&strategy=serial&t=1500'))).toEqual({
      scenarioId: 'seed-partition',
      autorun: true,
      watch: false,
      strategy: 'serial',
      t: 1500,
      problems: [],
    });
  });

  it('turns an unknown scenario id or strategy into a problem, keeping the rest', () => {
    const state = parseUrl(at('/?scenario=no-such-thing&strategy=fastest&autorun=1'));
    expect(state.scenarioId).toBeUndefined();
    expect(state.strategy).toBeUndefined();
    expect(state.autorun).toBe(true);
    expect(state.problems).toHaveLength(2);
    expect(state.problems[0]).toContain('"no-such-thing"');
    expect(state.problems[1]).toContain('"fastest"');
    expect(state.problems[1]).toContain('streaming, batched, serial, parallel');
  });

  it('checks ids against the ids it is given', () => {
    expect(parseUrl(at('/?scenario=mine'), ['mine']).scenarioId).toBe('mine');
  });

  it('reports a time that is not a number of milliseconds', () => {
    for (const t of ['-5', 'soon', '']) expect(parseUrl(at(`/?t=${t}`)).problems[0]).toContain('not a time');
  });

  it('reports an autorun value it does not understand, and accepts 0 as off', () => {
    expect(parseUrl(at('/?autorun=0'))).toEqual({ autorun: false, watch: false, problems: [] });
    expect(parseUrl(at('/?autorun=yes')).problems[0]).toContain('autorun=1');
  });

  it('unpacks a shared scenario from the hash, with options in the hash or in the query', async () => {
    const data = compressToEncodedURIComponent(scenario);
    const inHash = parseUrl(at(`/#s=${data}&autorun=1&strategy=batched`));
    expect(await readShared(inHash.shared!.data)).toEqual({ ok: true, json: scenario });
    expect(inHash.autorun).toBe(true);
    expect(inHash.strategy).toBe('batched');
    const inQuery = parseUrl(at(`/?autorun=1&strategy=parallel#s=${data}`));
    expect(await readShared(inQuery.shared!.data)).toEqual({ ok: true, json: scenario });
    expect(inQuery).toMatchObject({ autorun: true, strategy: 'parallel', problems: [] });
  });

  it('keeps the + and $ of the compressed alphabet as they are', async () => {
    const json = JSON.stringify({ text: 'x'.repeat(300) + '???>>>~~~' });
    const data = compressToEncodedURIComponent(json);
    expect(data).toMatch(/[+$]/);
    expect(await readShared(parseUrl({ search: '', hash: `#s=${data}` }).shared!.data)).toEqual({ ok: true, json });
  });

  it('gives a clear error for a corrupt or cut-short shared scenario, never a throw', async () => {
    const data = compressToEncodedURIComponent(JSON.stringify({ id: 'long', text: 'abc'.repeat(200) }));
    for (const hash of ['#s=garbage!!', `#s=${data.slice(0, data.length / 2)}`, '#s=', '#s=%E0%A4%A']) {
      const shared = await readShared(parseUrl({ search: '', hash }).shared!.data);
      expect(shared.ok, hash).toBe(false);
      if (!shared.ok) expect(shared.error).toMatch(/shared scenario/);
    }
  });

  it('lets a shared scenario win over a built-in id, and says so', () => {
    const state = parseUrl(at(`/?scenario=seed-partition#s=${compressToEncodedURIComponent(scenario)}`));
    expect(state.scenarioId).toBeUndefined();
    expect(state.shared).toBeDefined();
    expect(state.problems[0]).toContain('the shared one opens');
  });

  it('ignores a plain anchor in the hash', () => {
    expect(parseUrl(at('/?scenario=seed-partition#timeline'))).toMatchObject({ scenarioId: 'seed-partition', problems: [] });
  });
});

describe('shareUrl and builtInUrl', () => {
  it('round-trips a scenario and its options through parseUrl, minifying the JSON', async () => {
    const pretty = JSON.stringify(JSON.parse(scenario), null, 2);
    const link = await shareUrl('https://play.example/app/?scenario=old#s=stale', pretty, { autorun: true, strategy: 'serial', t: 250 });
    expect(link.startsWith('https://play.example/app/#s=')).toBe(true);
    const { shared, ...options } = parseUrl(at(link));
    expect(options).toEqual({ autorun: true, watch: false, strategy: 'serial', t: 250, problems: [] });
    expect(await readShared(shared!.data)).toEqual({ ok: true, json: scenario });
  });

  it('shares text that is not JSON as written', async () => {
    const state = parseUrl(at(await shareUrl('https://play.example/', '{"id": ')));
    expect((await readShared(state.shared!.data)).ok).toBe(false);
  });

  it('links a built-in scenario by id', () => {
    const link = builtInUrl('https://play.example/#s=x', 'seed-partition', { autorun: true, strategy: 'streaming' });
    expect(link).toBe('https://play.example/?scenario=seed-partition&autorun=1&strategy=streaming');
    expect(parseUrl(at(link))).toMatchObject({ scenarioId: 'seed-partition', autorun: true, strategy: 'streaming' });
  });

  it('reads predict=1 and predict=hide, and writes them into links', () => {
    expect(parseUrl(at('/?scenario=seed-partition&predict=1')).predict).toBe('open');
    expect(parseUrl(at('/?scenario=seed-partition&predict=hide')).predict).toBe('hide');
    expect(parseUrl(at('/?scenario=seed-partition&predict=maybe')).problems[0]).toContain('predict=maybe');
    const link = builtInUrl('https://play.example/', 'seed-partition', { predict: 'hide' });
    expect(link).toBe('https://play.example/?scenario=seed-partition&predict=hide');
  });

  it('reads `watch`: follow the session npm run watch serves', () => {
    expect(parseUrl(at('/?watch')).watch).toBe(true);
    expect(parseUrl(at('/?scenario=seed-partition')).watch).toBe(false);
  });
});
