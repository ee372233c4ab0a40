import { describe, expect, it } from 'vitest';
import { BUILT_IN_IDS, builtInText } from './library';
import { checkScenarioText, rememberScenarioText } from './scenarioText';

const lesson = (await builtInText(BUILT_IN_IDS[0]!))!;

describe('checkScenarioText', () => {
  it('names the line and column where the text stops being JSON', () => {
    const result = checkScenarioText('{\n  "id": "a",\n}');
    expect(result).toMatchObject({ ok: false, errors: [{ path: '', line: 3, column: 1 }] });
    expect(!result.ok && result.errors[0]!.message).toContain('trailing comma');
  });

  it('still refuses JSON nested deeper than the scanner reads, though JSON.parse takes it', () => {
    const deep = `${'['.repeat(600)}1${']'.repeat(600)}`;
    expect((): unknown => JSON.parse(deep)).not.toThrow();
    expect(checkScenarioText(deep)).toMatchObject({ ok: false, errors: [{ message: 'the JSON is nested too deeply' }] });
  });

  it('validates a text once: asked again, it gives the same result', () => {
    const first = checkScenarioText(lesson);
    expect(first.ok).toBe(true);
    expect(checkScenarioText(lesson)).toBe(first);
    expect(checkScenarioText(`${lesson} `)).not.toBe(first);
  });

  it('takes a remembered text as the scenario it was written from, without validating it again', () => {
    const checked = checkScenarioText(lesson);
    if (!checked.ok) throw new Error('the lesson is valid');
    const text = JSON.stringify(checked.scenario, null, 2);
    rememberScenarioText(text, checked.scenario);
    const again = checkScenarioText(text);
    expect(again.ok && again.scenario).toBe(checked.scenario);
  });
});
