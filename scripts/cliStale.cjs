/**
 * Whether dist-cli/ is older than what it was built from, asked by `bin/replay.js` before every run.
 * CommonJS, like the bin, and it loads only what the question needs (node:fs, node:path): the build
 * itself (scripts/cliBuild.js, esbuild and its plugins) is loaded only when the answer is yes.
 */
'use strict';
const { readFileSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
/** Files besides the bundle's own sources whose change calls for a rebuild. */
const ALSO_DEPENDS_ON = ['package-lock.json', 'tsconfig.json', 'scripts/cliBuild.js', 'scripts/cliPlugins.js', 'scripts/cliStale.cjs'];

/**
 * Why dist-cli/ must be rebuilt (the first reason found), or `null` when it is up to date, by
 * dist-cli/manifest.json: the source files the bundle was made from, and when.
 * @returns {string | null}
 */
function staleReason() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'dist-cli', 'manifest.json'), 'utf8'));
  } catch {
    return 'dist-cli/ has not been built';
  }
  for (const file of [...manifest.inputs, ...ALSO_DEPENDS_ON]) {
    let mtime;
    try {
      // Joined as text: the paths are relative and normal already, and path.join's normalising,
      // 270 times over, had V8's optimising compiler load (4 MiB of the run's memory) before the
      // command's loader could hold it back.
      mtime = statSync(`${root}/${file}`).mtimeMs;
    } catch {
      return `${file} is gone`;
    }
    if (mtime > manifest.builtFrom) return `${file} changed`;
  }
  return null;
}

module.exports = { ALSO_DEPENDS_ON, staleReason };
