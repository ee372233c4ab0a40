import { describe, expect, it } from 'vitest';
import { checkScenarioText } from './scenarioText';

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
});
