#!/usr/bin/env node
/**
 * The `tool-playground-replay` command (and `npm run replay`): the headless replay, run from its
 * built bundle in dist-cli/ with no TypeScript loader. It builds the bundle first when it is
 * missing or older than its sources (`npm run build:cli` does it by hand). CommonJS (bin/package.json),
 * so that Node starts it without its ES module loader (docs/performance.md, "Start-up, a fourth time").
 */
'use strict';
const { staleReason } = require('../scripts/cliStale.cjs');

const reason = staleReason();
if (reason === null) {
  require('../dist-cli/replay.js');
} else {
  process.stderr.write(`tool-playground: building the command line (${reason})…\n`);
  import('../scripts/cliBuild.js')
    .then(({ buildCli }) => buildCli())
    .then(
      () => require('../dist-cli/replay.js'),
      (error) => {
        process.stderr.write(`tool-playground: the command line could not be built: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
