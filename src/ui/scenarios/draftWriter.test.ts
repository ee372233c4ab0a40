import { describe, expect, it } from 'vitest';
import { createDraftWriter, type DraftTimers } from './draftWriter';
import { memoryStorage, openScenarioStore, type WriteResult } from './storage';

function fakeTimers() {
  let due: (() => void) | undefined;
  const timers: DraftTimers = {
    setTimeout: (run) => (due = run),
    clearTimeout: () => (due = undefined),
  };
  return { timers, fire: () => due?.(), pending: () => due !== undefined };
}

describe('createDraftWriter', () => {
  it('writes the last text once typing pauses', () => {
    const { store } = openScenarioStore(memoryStorage());
    const clock = fakeTimers();
    const written: WriteResult[] = [];
    const writer = createDraftWriter(store, (r) => written.push(r), 400, clock.timers);
    writer.schedule('new', 'a', 'saved');
    writer.schedule('new', 'ab', 'saved');
    expect(store.loadDraft('new')).toBeUndefined();
    clock.fire();
    expect(store.loadDraft('new')).toBe('ab');
    expect(written).toEqual([{ ok: true }]);
  });

  it('clears the draft when the text is back to the saved text', () => {
    const { store } = openScenarioStore(memoryStorage());
    store.saveDraft('new', 'old edits');
    const writer = createDraftWriter(store, () => undefined, 400, fakeTimers().timers);
    writer.schedule('new', 'saved', 'saved');
    writer.flush();
    expect(store.loadDraft('new')).toBeUndefined();
  });

  it('writes at once on flush or when another entry’s text arrives, and forgets on cancel', () => {
    const { store } = openScenarioStore(memoryStorage());
    const clock = fakeTimers();
    const writer = createDraftWriter(store, () => undefined, 400, clock.timers);
    writer.schedule('a', 'text a', '');
    writer.schedule('b', 'text b', '');
    expect(store.loadDraft('a')).toBe('text a');
    writer.flush();
    expect(store.loadDraft('b')).toBe('text b');
    writer.schedule('c', 'text c', '');
    writer.cancel();
    clock.fire();
    expect(clock.pending()).toBe(false);
    expect(store.loadDraft('c')).toBeUndefined();
  });
});
