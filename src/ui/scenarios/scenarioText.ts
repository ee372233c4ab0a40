import { findJsonSyntaxError } from '../../scenarios/jsonSyntax';
import type { Scenario } from '../../scenarios/schema';
import { validateScenario } from '../../scenarios/validate';

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

/** Parses and validates the text of a scenario (the editor's, a file's, a link's). */
export function checkScenarioText(text: string): ScenarioTextResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const syntax = findJsonSyntaxError(body);
  if (syntax) return { ok: false, errors: [{ path: '', message: syntax.message, line: syntax.line, column: syntax.column }] };
  const value: unknown = JSON.parse(body);
  const result = validateScenario(value);
  if (!result.ok) return result;
  return { ok: true, scenario: result.scenario, value: value as Record<string, unknown> };
}
