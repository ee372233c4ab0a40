import { findJsonSyntaxError } from './jsonSyntax';
import { describeIssue } from './issueMessages';
import { protoKeyErrors } from './protoKeys';
import { scenarioSchema, type Scenario } from './schema';

/** One problem with a scenario: where (`turns[0].stream[1].at`, or `''` for the whole text) and what. */
export interface ScenarioError {
  path: string;
  message: string;
}

/** A validated scenario, or every problem found in it. */
export type ScenarioResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

/**
 * Validates an already-parsed value (a built-in scenario, the editor's model) against the format,
 * listing every bad path at once. The scenario it returns has every default applied.
 */
export function validateScenario(value: unknown): ScenarioResult {
  const parsed = scenarioSchema.safeParse(value, { reportInput: true });
  const dropped = protoKeyErrors(value);
  if (parsed.success && dropped.length === 0) return { ok: true, scenario: parsed.data };
  const errors: ScenarioError[] = [];
  const seen = new Set<string>();
  for (const error of [...dropped, ...(parsed.success ? [] : parsed.error.issues.flatMap(describeIssue))]) {
    const key = `${error.path}\n${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(error);
  }
  return { ok: false, errors };
}

/**
 * Parses and validates scenario text. Text that is not JSON gives one error that names `source`
 * and the line and column where the JSON breaks; JSON that does not fit the format gives every bad
 * path, as {@link validateScenario} does.
 */
export function parseScenario(text: string, source?: string): ScenarioResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error: unknown) {
    const subject = source ?? 'the scenario';
    const syntax = findJsonSyntaxError(body);
    const message = syntax
      ? `${subject} is not valid JSON: line ${syntax.line}, column ${syntax.column}: ${syntax.message}`
      : `${subject} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, errors: [{ path: '', message }] };
  }
  return validateScenario(value);
}

/**
 * The errors as text, one per line (`SOURCE: PATH: MESSAGE`), for the command line. A message
 * that already names the source (a JSON syntax error from {@link parseScenario}) is not prefixed
 * again.
 */
export function formatErrors(errors: readonly ScenarioError[], source: string): string {
  return errors
    .map((error) => {
      const line = error.path === '' ? error.message : `${error.path}: ${error.message}`;
      return line.startsWith(`${source} `) || line.startsWith(`${source}:`) ? line : `${source}: ${line}`;
    })
    .join('\n');
}
