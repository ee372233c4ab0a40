/**
 * Builds the command line once, so that it starts without a TypeScript loader:
 *   node scripts/cliBuild.js          (npm run build:cli; npm's `prepare` runs it at install)
 * bundles src/cli/cliMain.ts with esbuild into dist-cli/: the entry cli.cjs and CommonJS chunks it
 * requires on demand (the replay engine, the importer, the exporters, the node sandbox, the MCP
 * SDK: a run reads and compiles only those it asks for), writes the loader dist-cli/replay.js
 * (see `LOADER`), replays one scenario so that V8's code cache holds
 * what a run compiles, and writes dist-cli/manifest.json: the source files the bundle was made
 * from and when, which scripts/cliStale.cjs reads: `bin/replay.js` rebuilds through it when dist-cli/
 * is missing or any of those files (or the lockfile, the tsconfig or these scripts) changed since.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { justBashFromEsm, lazyRe2, requireLazyChunks } from './cliPlugins.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST_CLI = join(root, 'dist-cli');

/**
 * dist-cli/replay.js (CommonJS, so that Node starts it without its ES module loader): loads cli.cjs,
 * and the chunks it requires as a run needs them (just-bash's bundled with ours), each through
 * V8's code cache, so a run skips most parsing and compiling (Node 20 has no compile cache
 * of its own). A module's cache is keyed by its name, size and modification time, so an edited or
 * rebuilt module is compiled afresh (a content hash would load node:crypto at every start); the
 * caches are written when the process exits, with what the run compiled. The chunks hold no
 * import() (the build turns each into a require()), so the scripts need no dynamic-import hook.
 */
const LOADER = `#!/usr/bin/env node
// Built by scripts/cliBuild.js: runs cli.cjs beside it through V8's code cache (.v8-cache/).
'use strict';
const { isAscii } = require('node:buffer');
const { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const { Script } = require('node:vm');

// V8's switch to its linear-time engine for a regular expression that backtracks too long (see
// src/cli/v8LinearFallback.ts, which sets it again for the unbuilt command), set before anything is
// compiled: a code cache carries the flags it was made under and is refused under others, so the
// modules compiled before cli.cjs set it had their caches refused, and written again, at every run.
const v8 = require('node:v8');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
// The young generation stays at its first size instead of doubling as objects survive: a short run
// keeps what it loads (the bundle's code and tables), which survives anyway, so a larger young
// generation only held 5 MiB more of a replay's memory (and 25 MiB more of a 2,000-call import's)
// without saving time. See docs/performance.md, "The command's start-up". The flag is the
// process's: a worker thread leaves it as the main thread set it (a folder's long run lets the
// young generation grow again, src/cli/folderRun.ts).
if (!require('node:worker_threads').isMainThread) {
  // A lane of a long run: nothing to set.
} else v8.setFlagsFromString('--semi-space-growth-factor=1');
// The process's first quarter second runs without V8's optimising compiler. A short run is over
// before optimised code would pay back (five functions were compiled in a replay of seed-partition),
// and the compiler's first use alone held 4.5 MiB of its memory; a longer run's hot code is
// optimised as before, a quarter second later at most. The flags are the process's, shared by its
// threads, so whether they are the first quarter's is told by the clock, not by a thread's state.
const OPTIMISE_AFTER_MS = 250;
const optimising = () => process.uptime() * 1000 >= OPTIMISE_AFTER_MS;
if (!optimising()) {
  v8.setFlagsFromString('--no-turbofan');
  setTimeout(() => v8.setFlagsFromString('--turbofan'), OPTIMISE_AFTER_MS - process.uptime() * 1000).unref();
}
// V8 refuses a code cache made under other flags than the current ones, so every cache is made and
// checked under the first quarter's.
function underStartFlags(make) {
  if (!optimising()) return make();
  v8.setFlagsFromString('--no-turbofan');
  try {
    return make();
  } finally {
    v8.setFlagsFromString('--turbofan');
  }
}
// When nothing is left to run, the process exits as \`process.exit\` does: the same code, after the
// same 'exit' handlers, without first taking down the heap (a few milliseconds a run).
process.once('beforeExit', (code) => process.exit(code));
const cacheDir = join(__dirname, '.v8-cache');
const fresh = [];
// A chunk is read as bytes and, being ASCII (esbuild escapes the rest), made a string as Latin-1,
// which copies where a UTF-8 read decodes (the main chunk is 0.8 MB); each is written already
// wrapped in its module function, so no second copy is made to wrap it. Chunks and caches are read
// into one buffer, used again for each file: a buffer per file lived on, unreachable but never
// collected in a short run, 2.6 MiB of a replay's memory.
let scratch = Buffer.allocUnsafeSlow(1 << 20);
/** A file's bytes (a view of the shared buffer, good until the next read) with its size and time. */
function readBytes(path) {
  const fd = openSync(path, 'r');
  try {
    const { size, mtimeMs } = fstatSync(fd);
    if (size > scratch.length) scratch = Buffer.allocUnsafeSlow(size);
    let length = 0;
    for (let read = -1; read !== 0 && length < size; length += read) read = readSync(fd, scratch, length, size - length, length);
    return { bytes: scratch.subarray(0, length), size, mtimeMs };
  } finally {
    closeSync(fd);
  }
}
const loadJs = Module._extensions['.js'];
Module._extensions['.cjs'] = function (module, filename) {
  // Another package's .cjs file loads as Node loads it.
  if (dirname(filename) !== __dirname) return loadJs(module, filename);
  const { bytes, size, mtimeMs } = readBytes(filename);
  const content = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const key = join(cacheDir, \`\${basename(filename)}-\${size}-\${Math.round(mtimeMs * 1000)}\`);
  let cachedData;
  try {
    cachedData = readBytes(key).bytes;
  } catch {
    cachedData = undefined;
  }
  const script = underStartFlags(() => new Script(content, { filename, cachedData }));
  if (cachedData === undefined || script.cachedDataRejected) fresh.push({ key, script });
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.cache = Module._cache;
  require.main = process.mainModule;
  script.runInThisContext().call(module.exports, module.exports, require, module, filename, dirname(filename));
};
process.once('exit', () => {
  // A worker thread shares this process id: only the main thread writes, so no two write one file.
  if (fresh.length === 0 || !require('node:worker_threads').isMainThread) return;
  for (const { key, script } of fresh) {
    try {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(\`\${key}.\${process.pid}\`, underStartFlags(() => script.createCachedData()));
      renameSync(\`\${key}.\${process.pid}\`, key);
    } catch {
      // A folder that cannot be written only means no cache: the next run compiles again.
    }
  }
});
require('./cli.cjs');
`;

/** Each chunk's module function, as Node's `Module.wrap` makes it (the loader compiles the chunk as it is). */
const MODULE_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

/** Writes a file through a temporary name, so that a concurrent run never reads half of it. */
function writeAtomically(path, text) {
  writeFileSync(`${path}.${process.pid}`, text);
  renameSync(`${path}.${process.pid}`, path);
}

/**
 * Bundles the command line into dist-cli/ and warms its code cache with one replay. esbuild splits
 * only ES modules, so the bundle is built as ES module chunks (the entry, a chunk per module a run
 * imports on demand, shared chunks), and each chunk is then turned into CommonJS, its dynamic
 * import()s into require()s: a run reads, compiles and evaluates only the chunks it needs.
 * `npm run bench:cli` builds another entry the same way (its start-up floor) into a folder of its own.
 */
export async function buildCli({ entry = 'src/cli/cliMain.ts', outDir = DIST_CLI, warmUp = ['seed-partition', '--format', 'summary'] } = {}) {
  const { build, transform } = await import('esbuild');
  const builtFrom = Date.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { cli: entry },
    bundle: true,
    splitting: true,
    write: false,
    outdir: outDir,
    outExtension: { '.js': '.cjs' },
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [lazyRe2, justBashFromEsm(outDir)],
    define: { 'import.meta.url': '__cliUrl' },
  });
  const chunks = await Promise.all(
    result.outputFiles.map(async (file) => {
      // Only a chunk that reads import.meta.url gets it (each computes its own from __filename).
      const name = relative(outDir, file.path);
      const own = requireLazyChunks(name, file.text);
      const text = own.includes('__cliUrl') ? `const __cliUrl = require('node:url').pathToFileURL(__filename).href;\n${own}` : own;
      const { code } = await transform(text, { format: 'cjs', platform: 'node', target: 'node20', supported: { 'dynamic-import': false }, minifyWhitespace: true, minifySyntax: true, logLevel: 'warning' });
      return { name, code };
    }),
  );
  mkdirSync(outDir, { recursive: true });
  rmSync(join(outDir, '.v8-cache'), { recursive: true, force: true });
  writeAtomically(join(outDir, 'package.json'), '{ "type": "commonjs" }\n');
  for (const { name, code } of chunks) writeAtomically(join(outDir, name), `${MODULE_WRAPPER[0]}${code}${MODULE_WRAPPER[1]}`);
  writeAtomically(join(outDir, 'replay.js'), LOADER);
  const kept = new Set(['replay.js', 'package.json', 'manifest.json', ...chunks.map(({ name }) => name)]);
  for (const file of readdirSync(outDir)) {
    if (/\.c?js$/.test(file) && !kept.has(file)) rmSync(join(outDir, file), { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/') && !input.includes(':'));
  writeAtomically(join(outDir, 'manifest.json'), `${JSON.stringify({ builtFrom, inputs: inputs.map((input) => relative(root, join(root, input))) }, null, 1)}\n`);
  const warm = spawnSync(process.execPath, [join(outDir, 'replay.js'), ...warmUp], { cwd: root, stdio: 'ignore' });
  return { bytes: chunks.reduce((sum, { code }) => sum + code.length, 0), chunks: chunks.length, inputs: inputs.length, warmed: warm.status === 0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const { bytes, chunks, inputs, warmed } = await buildCli();
  process.stderr.write(
    `dist-cli/: ${(bytes / 1024).toFixed(0)} KiB in ${chunks} chunks from ${inputs} sources in ${Math.round(performance.now() - started)} ms${warmed ? '' : ' (the warm-up replay failed: no code cache yet)'}\n`,
  );
}
