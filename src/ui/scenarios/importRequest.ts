/** The event the scenario panel listens for to import a scenario made elsewhere on the page. */
export const SCENARIO_IMPORT_EVENT = 'tsp:import-scenario';

export interface ScenarioImportRequest {
  fileName: string;
  text: string;
}

/**
 * Asks the scenario panel to import `text` as if it were a chosen file: the same checks, id
 * dedupe, saving and notices (the panel owns the person's scenario storage).
 */
export function requestScenarioImport(fileName: string, text: string): void {
  window.dispatchEvent(new CustomEvent<ScenarioImportRequest>(SCENARIO_IMPORT_EVENT, { detail: { fileName, text } }));
}
