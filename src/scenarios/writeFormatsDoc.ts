// A build script (`npm run docs:formats`, run by tsx): Node's fs is fine here, nothing bundles this file.
// eslint-disable-next-line no-restricted-imports
import { readFileSync, writeFileSync } from 'node:fs';
import { withFormatsList } from './formatsDoc';

writeFileSync('README.md', withFormatsList(readFileSync('README.md', 'utf8')));
process.stdout.write('wrote the list of session formats in README.md\n');
