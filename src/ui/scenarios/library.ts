import { LESSON_ORDER } from '../../scenarios/library/lessons';

/** A built-in scenario as the pane lists it: what it is called and what it teaches. */
export interface BuiltInEntry {
  id: string;
  title: string;
  description: string;
}

// Each lesson's title and description, without the rest of it: the `?outline` copy of a file is its
// own module, of which the page keeps two fields; the bodies load with `builtInText` (and with the
// engine's warm-up, after the first paint).
// (The options are written out: Vite reads them from the source.)
const TITLES = import.meta.glob<string>('../../scenarios/library/*.json', { query: '?outline', import: 'title', eager: true });
const DESCRIPTIONS = import.meta.glob<string>('../../scenarios/library/*.json', { query: '?outline', import: 'description', eager: true });
const fileOf = (id: string) => `../../scenarios/library/${id}.json`;

/** The built-in library in lesson order; `library.test.ts` beside the library checks each is valid. */
export const BUILT_IN_ENTRIES: readonly BuiltInEntry[] = LESSON_ORDER.map((id) => ({
  id,
  title: TITLES[fileOf(id)] ?? id,
  description: DESCRIPTIONS[fileOf(id)] ?? '',
}));

/** The ids of the built-in scenarios, the ones `?scenario=ID` may name. */
export const BUILT_IN_IDS: readonly string[] = LESSON_ORDER;

/**
 * A built-in scenario's text as pretty JSON, the text the editor starts from; `undefined` for an id
 * that is not one. It loads the library (one chunk, shared with the engine's warm-up) the first time.
 */
export async function builtInText(id: string): Promise<string | undefined> {
  if (!BUILT_IN_IDS.includes(id)) return undefined;
  const { BUILT_IN_SCENARIOS } = await import('../../scenarios/library');
  return JSON.stringify(BUILT_IN_SCENARIOS[BUILT_IN_IDS.indexOf(id)], null, 2);
}

/** The text "New" opens: the smallest scenario that runs and shows one call. */
export function newScenarioJson(id: string): string {
  const scenario = {
    id,
    title: 'My scenario',
    description: 'What this scenario teaches. Wrap names in backticks, like `Read`.',
    workspace: { files: { 'src/a.ts': 'export const a = 1;\n' } },
    turns: [
      {
        stream: [
          { type: 'text', text: 'Let me read the file.', at: 0, durationMs: 200 },
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'src/a.ts' }, at: 200, durationMs: 200, latencyMs: 300 },
        ],
      },
    ],
  };
  return JSON.stringify(scenario, null, 2);
}

/**
 * An id not in `taken`, close to `id`: `id` itself when free, else `id-2`, `id-3`, … (an id that
 * already ends in `-N` counts on from N, so `my-id-2` becomes `my-id-3`).
 */
export function suggestId(id: string, taken: ReadonlySet<string>): string {
  if (!taken.has(id)) return id;
  const numbered = /^(.*)-(\d+)$/.exec(id);
  const base = numbered ? numbered[1]! : id;
  let n = numbered ? Number(numbered[2]) + 1 : 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
