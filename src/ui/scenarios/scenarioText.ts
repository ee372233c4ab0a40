import { jsonTextDepth } from '../../model/deepJson';
import { findJsonSyntaxError, MAX_JSON_DEPTH } from '../../scenarios/jsonSyntax';
import type { Scenario } from '../../scenarios/schema';
import type { validateScenario } from '../../scenarios/validate';

/**
 * One problem with scenario text: a JSON syntax error carries its 1-based line and column (and an
 * empty path); a format error carries the bad path (`turns[0].stream[1].at`).
 */
export interface LocatedError {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

/** Scenario text checked: the validated scenario and the parsed value as written, or every problem. */
export type ScenarioTextResult = { ok: true; scenario: Scenario; value: Record<string, unknown> } | { ok: false; errors: LocatedError[] };

/**
 * The last text checked and what it gave: opening a scenario, the editor's own check of the same
 * text, Apply and Share ask in turn, and a 2,000-call scenario takes a tenth of a second to
 * validate. Results are read, never changed, by those who ask.
 */
let last: { text: string; result: ScenarioTextResult } | undefined;

/**
 * The scenario validator (the schema, and zod under it: a third of what the page's first screen
 * would otherwise load). The page loads it right after its first paint, before it opens any
 * scenario (main.tsx), so every check, all of which come after a scenario opens or with it, finds it.
 */
let validate: typeof validateScenario | undefined;

/** Loads the validator; the page awaits it before opening a scenario (and the page's tests, in their setup). */
export async function loadScenarioValidator(): Promise<void> {
  validate ??= (await import('../../scenarios/validate')).validateScenario;
}

/** Parses and validates the text of a scenario (the editor's, a file's, a link's); the validator must be loaded. */
export function checkScenarioText(text: string): ScenarioTextResult {
  if (last?.text === text) return last.result;
  const result = check(text);
  last = { text, result };
  return result;
}

/**
 * Notes that `text` was written from `scenario`, already validated (an imported session's), so
 * that checking the text does not parse and validate it again.
 */
export function rememberScenarioText(text: string, scenario: Scenario): void {
  last = { text, result: { ok: true, scenario, value: scenario } };
}

function check(text: string): ScenarioTextResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  let parseError: string | undefined;
  try {
    value = JSON.parse(body);
  } catch (error: unknown) {
    parseError = error instanceof Error ? error.message : String(error);
  }
  // The scanner names where and why text is not JSON (engines word it differently); it reads only
  // text that failed, or that nests deeper than it allows (JSON.parse takes any depth).
  if (parseError !== undefined || jsonTextDepth(body) > MAX_JSON_DEPTH) {
    const syntax = findJsonSyntaxError(body);
    if (syntax) return { ok: false, errors: [{ path: '', message: syntax.message, line: syntax.line, column: syntax.column }] };
    if (parseError !== undefined) return { ok: false, errors: [{ path: '', message: `not valid JSON: ${parseError}` }] };
  }
  if (!validate) throw new Error('a scenario was checked before the page loaded its validator (loadScenarioValidator)');
  const result = validate(value);
  if (!result.ok) return result;
  return { ok: true, scenario: result.scenario, value: value as Record<string, unknown> };
}
