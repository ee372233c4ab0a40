import { compressToEncodedURIComponent } from 'lz-string';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_ENTRIES, newScenarioJson } from './library';
import { ScenarioPanel } from './ScenarioPanel';
import { memoryStorage, openScenarioStore, STORAGE_KEY } from './storage';
import { parseUrl } from './urlState';

// Monaco needs a browser; the pane's own markup is what these tests read.
vi.mock('../monaco', () => ({
  LazyCodeEditor: ({ value, testId }: { value: string; testId?: string }) => <textarea data-testid={testId} defaultValue={value} />,
}));

const render = (hash: string, storage = memoryStorage(), search = '') =>
  renderToString(<ScenarioPanel currentId={BUILT_IN_ENTRIES[0]!.id} onOpen={() => undefined} running={false} initialUrl={parseUrl({ search, hash })} storage={storage} baseUrl="https://play.example/" />);

describe('ScenarioPanel markup', () => {
  it('lists every lesson with its description, code spans as <code>, the current one marked', () => {
    const html = render('');
    for (const entry of BUILT_IN_ENTRIES) expect(html).toContain(`data-testid="scenario-item-${entry.id}"`);
    expect(html).toMatch(new RegExp(`aria-current="true"[^>]*data-testid="scenario-item-${BUILT_IN_ENTRIES[0]!.id}"`));
    expect(html.match(/aria-current="true"/g)).toHaveLength(1);
    expect(html).toContain('<code>Read c.ts</code>');
    expect(html).toContain('data-valid="true"');
    expect(html).toContain('None yet');
  });

  it('shows the errors of an invalid shared scenario under the editor', () => {
    const json = JSON.stringify({ id: 'Bad Id', title: '', description: 'x', turns: [] });
    const html = render(`#s=${compressToEncodedURIComponent(json)}`);
    expect(html).toContain('data-valid="false"');
    expect(html).toContain('data-path="id"');
    expect(html).toContain('data-path="title"');
    expect(html).toContain('data-path="turns"');
    expect(html).toContain('The shared scenario has problems');
  });

  it('says why a corrupt link did not open, and opens a lesson instead', () => {
    const html = render('#s=garbage!!', memoryStorage(), '?strategy=warp');
    expect(html).toContain('is corrupt');
    expect(html).toContain('strategy &quot;warp&quot;');
    expect(html).toContain('data-valid="true"');
  });

  it('brings back unsaved edits and the user’s own scenarios after a reload', () => {
    const storage = memoryStorage();
    const { store } = openScenarioStore(storage);
    store.saveUserScenario({ id: 'mine', json: newScenarioJson('mine') });
    store.saveDraft(`built-in:${BUILT_IN_ENTRIES[0]!.id}`, '{ "id": "half done');
    const html = render('', storage);
    expect(html).toContain('data-testid="scenario-item-mine-mine"');
    expect(html).toContain('{ &quot;id&quot;: &quot;half done');
    expect(html).toContain('restored edits');
    expect(html).toMatch(/1:\d+/);
  });

  it('reports unreadable storage and still renders', () => {
    const html = render('', memoryStorage({ [STORAGE_KEY]: '{{{' }));
    expect(html).toContain('set aside');
  });
});
