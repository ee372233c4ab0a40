import { afterEach, describe, expect, it } from 'vitest';
import { initialState, usePlayground } from '../store';
import { requestScenarioImport, takeScenarioImport } from './importRequest';

afterEach(() => usePlayground.setState(initialState, true));

describe('a scenario import asked for by another pane', () => {
  it('waits in the store until the scenario panel takes it, once', () => {
    expect(takeScenarioImport()).toBeNull();
    requestScenarioImport('live-run.scenario.json', '{"id":"live-run"}');
    expect(usePlayground.getState().scenarioImport).toEqual({ fileName: 'live-run.scenario.json', text: '{"id":"live-run"}' });
    expect(takeScenarioImport()).toEqual({ fileName: 'live-run.scenario.json', text: '{"id":"live-run"}' });
    expect(usePlayground.getState().scenarioImport).toBeNull();
    expect(takeScenarioImport()).toBeNull();
  });
});
