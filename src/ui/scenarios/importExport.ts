import type { Scenario } from '../../scenarios/schema';
import { suggestId } from './library';
import { checkScenarioText, type LocatedError } from './scenarioText';

/** The ids already in use, which an imported scenario must not take over. */
export interface TakenIds {
  builtIn: Iterable<string>;
  user: Iterable<string>;
}

/**
 * An imported file: the scenario to add (its `json` carries the final id) and, when its id was
 * taken, the id it had and a sentence saying so; or every problem found, in which case nothing
 * is to change.
 */
export type ImportResult =
  | { ok: true; id: string; json: string; scenario: Scenario; renamed?: { from: string; notice: string } }
  | { ok: false; errors: LocatedError[] };

/**
 * Reads a scenario file. Invalid text gives every error (a JSON syntax error with its line and
 * column); a valid scenario whose id is a built-in's or one of the user's gets the next free id
 * (`my-id` → `my-id-2`), since an import must never replace a scenario that exists.
 */
export function importScenarioFile(text: string, taken: TakenIds): ImportResult {
  const foreign = notAScenario(text);
  if (foreign !== undefined) return { ok: false, errors: [{ path: '', message: foreign }] };
  const checked = checkScenarioText(text);
  if (!checked.ok) return checked;
  const { scenario, value } = checked;
  const builtIn = new Set(taken.builtIn);
  const all = new Set([...builtIn, ...taken.user]);
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!all.has(scenario.id)) return { ok: true, id: scenario.id, json, scenario };

  const id = suggestId(scenario.id, all);
  const owner = builtIn.has(scenario.id) ? 'a built-in scenario' : 'one of your scenarios';
  return {
    ok: true,
    id,
    json: JSON.stringify({ ...value, id }, null, 2),
    scenario: { ...scenario, id },
    renamed: { from: scenario.id, notice: `The id "${scenario.id}" belongs to ${owner}, so the import was saved as "${id}".` },
  };
}

/** A file to download: the scenario as pretty JSON named after its id (`my-id.scenario.json`). */
export interface ExportFile {
  filename: string;
  text: string;
}

/**
 * The editor's text as a file. JSON is pretty-printed; text that is not JSON yet is exported as
 * written (an export is also how a user keeps unfinished work), named `scenario.scenario.json`.
 */
export function exportScenarioFile(json: string): ExportFile {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { filename: 'scenario.scenario.json', text: json };
  }
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  const safe = typeof id === 'string' ? id.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') : '';
  return { filename: `${safe || 'scenario'}.scenario.json`, text: `${JSON.stringify(value, null, 2)}\n` };
}

/**
 * Why a file is plainly no scenario, in one line (JSON of some other kind: settings, a package
 * file, a run record): a list of every schema error would only say the same twelve times.
 * `undefined` when it may be one, for the schema to judge.
 */
export function notAScenario(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (['version', 'sandbox', 'strategy', 'turns'].every((key) => keys.includes(key))) {
      return 'This is a run record, not a scenario (a record is what a run made; a scenario is what a run replays: "id", "title" and "turns").';
    }
    // Any of a scenario's own fields: a scenario with mistakes, for the schema to list.
    if (['id', 'title', 'turns', 'workspace', 'settings', 'agents'].some((key) => keys.includes(key))) return undefined;
    return `This JSON is not a scenario (it has ${keys.length === 0 ? 'no fields' : `"${keys.slice(0, 3).join('", "')}"${keys.length > 3 ? ', …' : ''}`}, and no "turns") nor a session log: nothing to import.`;
  }
  return `This JSON is ${Array.isArray(value) ? 'an array' : `a ${value === null ? 'null' : typeof value}`}, not a scenario (an object with "id", "title" and "turns"): nothing to import.`;
}
