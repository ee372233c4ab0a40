#!/usr/bin/env node
/**
 * The `tool-playground-replay` command (and `npm run replay`): the headless replay, run from its
 * built bundle in dist-cli/ with no TypeScript loader. It builds the bundle first when it is
 * missing or older than its sources (`npm run build:cli` does it by hand).
 */
import { ensureBuilt } from '../scripts/cliBuild.js';

await ensureBuilt();
await import('../dist-cli/replay.js');
