import { BUILT_IN_SCENARIOS } from '../../scenarios/library';

/** A built-in scenario as the pane lists it: what it is called, what it teaches, and its text. */
export interface BuiltInEntry {
  id: string;
  title: string;
  description: string;
  /** The scenario as pretty JSON, the text the editor starts from. */
  json: string;
}

const field = (raw: unknown, name: string): string => {
  const value = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
};

/** The built-in library in lesson order; `library.test.ts` beside the library checks each is valid. */
export const BUILT_IN_ENTRIES: readonly BuiltInEntry[] = BUILT_IN_SCENARIOS.map((raw) => ({
  id: field(raw, 'id'),
  title: field(raw, 'title'),
  description: field(raw, 'description'),
  json: JSON.stringify(raw, null, 2),
}));

/** The ids of the built-in scenarios, the ones `?scenario=ID` may name. */
export const BUILT_IN_IDS: readonly string[] = BUILT_IN_ENTRIES.map((entry) => entry.id);

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
