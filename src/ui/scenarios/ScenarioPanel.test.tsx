import { compressToEncodedURIComponent } from 'lz-string';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOpening } from '../controller/opening';
import { initialState, usePlayground } from '../store';
import { BUILT_IN_ENTRIES, newScenarioJson } from './library';
import { ScenarioEditing, ScenarioPanel } from './ScenarioPanel';
import { memoryStorage, openScenarioStore, STORAGE_KEY } from './storage';
import { parseUrl } from './urlState';

// Monaco needs a browser; the pane's own markup is what these tests read.
vi.mock('../monaco', () => ({
  LazyCodeEditor: ({ value, testId }: { value: string; testId?: string }) => <textarea data-testid={testId} defaultValue={value} />,
}));

/** The page as it starts with this address and storage, the panel drawn from the store. */
const render = async (hash: string, storage = memoryStorage(), search = '') => {
  await startOpening(parseUrl({ search, hash }), storage);
  // A server render reads the store's initial state: the panel is given the store's state as it is now.
  const state = usePlayground.getState();
  return renderToString(<ScenarioEditing state={state.opening!.panel} currentId={state.scenario?.id ?? ''} running={false} strategy={state.strategy} baseUrl="https://play.example/" />);
};

afterEach(() => usePlayground.setState(initialState, true));

describe('ScenarioPanel markup', () => {
  it('draws nothing before the page started opening', () => {
    expect(renderToString(<ScenarioPanel />)).toBe('');
  });

  it('lists every lesson with its description, code spans as <code>, the current one marked', async () => {
    const html = await render('');
    for (const entry of BUILT_IN_ENTRIES) expect(html).toContain(`data-testid="scenario-item-${entry.id}"`);
    expect(html).toMatch(new RegExp(`aria-current="true"[^>]*data-testid="scenario-item-${BUILT_IN_ENTRIES[0]!.id}"`));
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toContain('<code>Read c.ts</code>');
    expect(html).toContain('data-valid="true"');
    expect(html).toContain('None yet');
  });

  it('shows the errors of an invalid shared scenario under the editor', async () => {
    const json = JSON.stringify({ id: 'Bad Id', title: '', description: 'x', turns: [] });
    const html = await render(`#s=${compressToEncodedURIComponent(json)}`);
    expect(html).toContain('data-valid="false"');
    expect(html).toContain('data-path="id"');
    expect(html).toContain('data-path="title"');
    expect(html).toContain('data-path="turns"');
    expect(html).toContain('The shared scenario has problems');
  });

  it('says why a corrupt link did not open, and opens a lesson instead', async () => {
    const html = await render('#s=garbage!!', memoryStorage(), '?strategy=warp');
    expect(html).toContain('is corrupt');
    expect(html).toContain('strategy &quot;warp&quot;');
    expect(html).toContain('data-valid="true"');
  });

  it('brings back unsaved edits and the user’s own scenarios after a reload', async () => {
    const storage = memoryStorage();
    const { store } = openScenarioStore(storage);
    store.saveUserScenario({ id: 'mine', json: newScenarioJson('mine') });
    store.saveDraft(`built-in:${BUILT_IN_ENTRIES[0]!.id}`, '{ "id": "half done');
    const html = await render('', storage);
    expect(html).toContain('data-testid="scenario-item-mine-mine"');
    expect(html).toContain('{ &quot;id&quot;: &quot;half done');
    expect(html).toContain('restored edits');
    expect(html).toMatch(/1:\d+/);
  });

  it('reports unreadable storage and still renders', async () => {
    const html = await render('', memoryStorage({ [STORAGE_KEY]: '{{{' }));
    expect(html).toContain('set aside');
  });
});
