import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../scenarios/validate';
import { BUILT_IN_ENTRIES, builtInText, newScenarioJson, suggestId } from './library';
import { checkScenarioText } from './scenarioText';

describe('the built-in entries', () => {
  it('list every built-in with the title and description of its text, which loads on demand', async () => {
    expect(BUILT_IN_ENTRIES.length).toBeGreaterThan(10);
    for (const entry of BUILT_IN_ENTRIES) {
      expect(entry.id).toMatch(/^[a-z0-9-]+$/);
      expect(entry.title).not.toBe('');
      expect(entry.description).not.toBe('');
      const checked = checkScenarioText((await builtInText(entry.id))!);
      expect(checked.ok && { id: checked.scenario.id, title: checked.scenario.title, description: checked.scenario.description }).toEqual(entry);
    }
    expect(await builtInText('no-such-lesson')).toBeUndefined();
  });
});

describe('newScenarioJson', () => {
  it('is a valid scenario with the given id', () => {
    const result = validateScenario(JSON.parse(newScenarioJson('my-scenario')));
    expect(result.ok && result.scenario.id).toBe('my-scenario');
  });
});

describe('suggestId', () => {
  it('keeps a free id and counts on from a taken one', () => {
    expect(suggestId('a', new Set())).toBe('a');
    expect(suggestId('a', new Set(['a']))).toBe('a-2');
    expect(suggestId('a', new Set(['a', 'a-2', 'a-3']))).toBe('a-4');
    expect(suggestId('my-id-2', new Set(['my-id-2']))).toBe('my-id-3');
  });
});
