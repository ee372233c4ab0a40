/**
 * `npm run watch -- LOG.jsonl|FOLDER`: follows a Claude Code session in the page (see watchMain.ts).
 * Runs from the built bundle, like the replay.
 */
import { terminalSafe, safeWriter } from './terminalText';
import { join } from 'node:path';
import { watchMain } from './watchMain';

watchMain(process.argv.slice(3), {
  root: join(__dirname, '..'),
  stdout: safeWriter(process.stdout),
  stderr: safeWriter(process.stderr),
}).then(
  (result) => {
    if (typeof result === 'number') process.exitCode = result;
  },
  (error: unknown) => {
    process.stderr.write(terminalSafe(`watch: ${error instanceof Error ? error.message : String(error)}\n`));
    process.exitCode = 2;
  },
);
