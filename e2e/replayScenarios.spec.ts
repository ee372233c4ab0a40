import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { awaitPageRun, scenarioUrl } from '../src/cli/browserReplay';
import { formatErrors, parseScenario } from '../src/scenarios/validate';

/**
 * Replays scenarios through the page as Playwright tests, one test each, so that Playwright's
 * `--shard=I/N` splits many scenarios across CI machines and its reporters (JUnit, HTML) report
 * them. Which: REPLAY_SCENARIOS, a comma-separated list of built-in ids, scenario files and folders
 * of them (`all` for every built-in); by default the seed-partition lesson alone.
 */
// The library is read as files: Playwright's loader will not import JSON modules without an import attribute.
const library = new URL('../src/scenarios/library/', import.meta.url);
const builtIn = new Map(
  readdirSync(library)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const text = readFileSync(new URL(file, library), 'utf8');
      return [(JSON.parse(text) as { id: string }).id, text] as const;
    }),
);
const ids = [...builtIn.keys()];
const names = (process.env.REPLAY_SCENARIOS ?? 'seed-partition')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '')
  .flatMap((name) => {
    if (name === 'all') return ids;
    if (!ids.includes(name) && statSync(name, { throwIfNoEntry: false })?.isDirectory()) {
      return readdirSync(name).filter((file) => file.endsWith('.json')).sort().map((file) => join(name, file));
    }
    return [name];
  });
const strategy = (process.env.REPLAY_STRATEGY ?? 'streaming') as 'streaming';

for (const name of names) {
  test(`scenario ${name} meets its expectations in the page (${strategy})`, async ({ page, baseURL }, testInfo) => {
    const loaded = parseScenario(builtIn.get(name) ?? readFileSync(name, 'utf8'), name);
    if (!loaded.ok) throw new Error(`invalid scenario\n${formatErrors(loaded.errors, name)}`);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await scenarioUrl(`${baseURL}/`, name, loaded.scenario, ids.includes(name), strategy));
    const { status, record } = await awaitPageRun(page, 45_000);
    await testInfo.attach('record.json', { body: JSON.stringify(record, null, 2), contentType: 'application/json' });
    expect(status).toBe('done');
    expect(record.expectations?.failures ?? ['not checked']).toEqual([]);
    expect(errors).toEqual([]);
  });
}
