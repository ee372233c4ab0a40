import { describe, expect, it } from 'vitest';
import { initialPanelState, panelReducer } from './panelState';

const entry = { source: 'built-in' as const, id: 'a', text: '{"id":"a"}' };
const start = initialPanelState(entry, entry.text, [], [], [{ tone: 'error', text: 'storage is odd' }]);

describe('panelReducer', () => {
  it('marks text that came from a draft as restored until it matches the saved text again', () => {
    const restored = initialPanelState(entry, '{"id":"a","x":1}', [], [], []);
    expect(restored.restored).toBe(true);
    expect(panelReducer(restored, { type: 'edit', text: '{"id":"a","x":2}' }).restored).toBe(true);
    expect(panelReducer(restored, { type: 'edit', text: entry.text }).restored).toBe(false);
  });

  it('drops a stale share link when the text changes or another entry opens', () => {
    const shared = panelReducer(start, { type: 'shared', url: 'https://x/#s=1', copied: false });
    expect(shared.share).toEqual({ url: 'https://x/#s=1', copied: false });
    expect(panelReducer(shared, { type: 'edit', text: '{}' }).share).toBeUndefined();
    expect(panelReducer(shared, { type: 'open', entry, text: entry.text }).share).toBeUndefined();
  });

  it('keeps a refused import listed across edits until it is dismissed', () => {
    const failed = panelReducer(start, { type: 'import-failed', fileName: 'x.json', errors: [{ path: 'id', message: 'bad' }] });
    const edited = panelReducer(failed, { type: 'edit', text: '{}' });
    expect(edited.importErrors?.fileName).toBe('x.json');
    expect(edited.entry).toBe(entry);
    expect(panelReducer(edited, { type: 'dismiss-import' }).importErrors).toBeUndefined();
  });

  it('shows the same message once and dismisses by id', () => {
    const once = panelReducer(start, { type: 'notify', tone: 'error', text: 'full' });
    const twice = panelReducer(once, { type: 'notify', tone: 'error', text: 'full' });
    expect(twice.notices.map((n) => n.text)).toEqual(['storage is odd', 'full']);
    expect(panelReducer(twice, { type: 'dismiss', id: 0 }).notices.map((n) => n.text)).toEqual(['full']);
  });
});
