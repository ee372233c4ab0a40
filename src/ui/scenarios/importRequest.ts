import { usePlayground, type ScenarioImportRequest, type SessionOpenRequest } from '../store';

/**
 * Asks the scenario panel to import `text` as if it were a chosen file: the same checks, id
 * dedupe, saving and notices (the panel owns the person's scenario storage). The request waits in
 * the store until the panel takes it.
 */
export function requestScenarioImport(fileName: string, text: string): void {
  usePlayground.setState({ scenarioImport: { fileName, text } });
}

/** The scenario panel's side: the waiting request, if any, taken out of the store (each is handled once). */
export function takeScenarioImport(): ScenarioImportRequest | null {
  const request = usePlayground.getState().scenarioImport;
  if (request) usePlayground.setState({ scenarioImport: null });
  return request;
}

/** Asks the scenario panel to open an imported session log (kept in memory, never stored). */
export function requestSessionOpen(request: SessionOpenRequest): void {
  usePlayground.setState({ sessionOpen: request });
}

/** The scenario panel's side: the waiting session, if any, taken out of the store. */
export function takeSessionOpen(): SessionOpenRequest | null {
  const request = usePlayground.getState().sessionOpen;
  if (request) usePlayground.setState({ sessionOpen: null });
  return request;
}
