// A build script (`npm run docs:policies`, run by tsx): Node's fs is fine here, nothing bundles this file.
// eslint-disable-next-line no-restricted-imports
import { writeFileSync } from 'node:fs';
import { POLICIES_DOC_PATH, policiesMarkdown } from './policiesDoc';

writeFileSync(POLICIES_DOC_PATH, policiesMarkdown());
process.stdout.write(`wrote ${POLICIES_DOC_PATH}\n`);
