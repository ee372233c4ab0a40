import * as z from 'zod';
import { scenarioSchema } from './schema';

/** Where the published JSON Schema lives, relative to the project root (served at `/scenario.schema.json`). */
export const SCENARIO_JSON_SCHEMA_PATH = 'public/scenario.schema.json';

/**
 * The scenario format as JSON Schema, for the editor's validation and completion. It describes the
 * input side (what a file holds), so fields with a default are optional and show their default.
 * Cross-field rules (unique ids, answers naming real calls) are the schema's refinements and are
 * not expressible here; the app's own validation reports them.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' });
}

/** The JSON Schema as the committed file holds it: two-space JSON with a final newline. */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
