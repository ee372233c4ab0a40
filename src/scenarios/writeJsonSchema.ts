// A build script (`npm run schema`, run by tsx): Node's fs is fine here, nothing bundles this file.
// eslint-disable-next-line no-restricted-imports
import { writeFileSync } from 'node:fs';
import { SCENARIO_JSON_SCHEMA_PATH, scenarioJsonSchemaText } from './jsonSchema';

/** Writes `public/scenario.schema.json` from the Zod schema; `jsonSchema.test.ts` fails when it is stale. */
writeFileSync(SCENARIO_JSON_SCHEMA_PATH, scenarioJsonSchemaText());
process.stdout.write(`wrote ${SCENARIO_JSON_SCHEMA_PATH}\n`);
