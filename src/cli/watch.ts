/**
 * `npm run watch -- LOG.jsonl|FOLDER`: follows a Claude Code session in the page (see watchMain.ts).
 * Runs from the built bundle, like the replay.
 */
import { join } from 'node:path';
import { watchMain } from './watchMain';

watchMain(process.argv.slice(3), {
  root: join(__dirname, '..'),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (result) => {
    if (typeof result === 'number') process.exitCode = result;
  },
  (error: unknown) => {
    process.stderr.write(`watch: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
