import type { Scenario } from '../../scenarios/schema';
import { BUILT_IN_ENTRIES, builtInText, newScenarioJson, suggestId } from './library';
import type { UserScenario } from './storage';
import { readShared, type UrlState } from './urlState';

/**
 * Where the editor's scenario came from; `new` is an unsaved one started from the template,
 * `session` one imported from a session log (held in memory only: never stored, drafts neither).
 */
export type EntrySource = 'built-in' | 'user' | 'shared' | 'new' | 'session';

/** What the editor has open: its origin, its id, and the saved text that Revert returns to. */
export interface OpenEntry {
  source: EntrySource;
  id: string;
  text: string;
}

/** A valid scenario the app should load: what `onOpen` receives, validated once by the panel. */
export interface ScenarioEntry {
  id: string;
  scenario: Scenario;
  source: 'built-in' | 'user' | 'shared' | 'session';
}

/**
 * The key an entry's unsaved edits are kept under. A shared scenario's key includes a hash of its
 * text: two different links with the same id must not hand each other's edits around.
 */
export function draftKey(entry: OpenEntry): string {
  switch (entry.source) {
    case 'built-in':
    case 'user':
      return `${entry.source}:${entry.id}`;
    case 'shared':
      return `shared:${entry.id}:${fnv1a(entry.text)}`;
    case 'new':
      return 'new';
    case 'session':
      return `session:${entry.id}`;
    default: {
      const _exhaustive: never = entry.source;
      return _exhaustive;
    }
  }
}

/** The entry a key saved by `saveLastOpened` names, if it still exists. */
export async function entryFromKey(key: string, mine: readonly UserScenario[]): Promise<OpenEntry | undefined> {
  const [source, id] = key.split(':', 2);
  if (source === 'built-in') return builtInEntry(id ?? '');
  if (source === 'user') {
    const scenario = mine.find((s) => s.id === id);
    return scenario && { source: 'user', id: scenario.id, text: scenario.json };
  }
  return undefined;
}

/** A built-in scenario as an entry, its text loaded (the page's first paint holds only the lessons' titles). */
export async function builtInEntry(id: string): Promise<OpenEntry | undefined> {
  const text = await builtInText(id);
  return text === undefined ? undefined : { source: 'built-in', id, text };
}

/** The template entry "New" opens, with an id no other scenario has. */
export function newEntry(mine: readonly UserScenario[]): OpenEntry {
  const id = suggestId('my-scenario', takenIds(mine));
  return { source: 'new', id, text: newScenarioJson(id) };
}

/** Every id in use: the built-ins' and the user's. */
export function takenIds(mine: readonly UserScenario[]): Set<string> {
  return new Set([...BUILT_IN_ENTRIES.map((e) => e.id), ...mine.map((s) => s.id)]);
}

/**
 * What opens first: the link's shared scenario, else the link's built-in id, else the entry the
 * user had open last time, else the first lesson. A shared scenario that cannot be read is a
 * problem, and the next choice opens instead.
 */
export async function resolveInitialEntry(url: UrlState, lastOpened: string | undefined, mine: readonly UserScenario[]): Promise<{ entry: OpenEntry; problems: string[] }> {
  const problems = [...url.problems];
  const shared = url.shared && (await readShared(url.shared.data));
  if (shared?.ok) {
    const value: unknown = JSON.parse(shared.json);
    const id = value !== null && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : 'shared';
    return { entry: { source: 'shared', id, text: JSON.stringify(value, null, 2) }, problems };
  }
  if (shared) problems.push(shared.error);
  const entry =
    (url.scenarioId === undefined ? undefined : await builtInEntry(url.scenarioId)) ??
    (lastOpened === undefined ? undefined : await entryFromKey(lastOpened, mine)) ??
    (await builtInEntry(BUILT_IN_ENTRIES[0]?.id ?? '')) ??
    newEntry(mine);
  return { entry, problems };
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}
