/**
 * The permission-rule tester on the command line:
 *   npm run rules -- [--allow R]… [--ask R]… [--deny R]… [--root DIR] [--mode MODE] [--json] COMMAND…
 *   npm run rules -- --examples [CLASS] [--json]
 * Exit 0 when done, 2 on bad arguments or a malformed rule.
 */
import './v8LinearFallback';
import { safeWriter } from './terminalText';
import { rulesMain } from './rulesMain';

// Piped into `head`, the reader may close early; that is not an error of the tester.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = rulesMain(process.argv.slice(2), {
  stdout: safeWriter(process.stdout),
  stderr: safeWriter(process.stderr),
});
