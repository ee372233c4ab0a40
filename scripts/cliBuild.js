/**
 * Builds the command line once, so that it starts without a TypeScript loader:
 *   node scripts/cliBuild.js          (npm run build:cli; npm's `prepare` runs it at install)
 * bundles src/cli/replay.ts and its worker into dist-cli/ with esbuild (ES modules, one chunk per
 * lazily imported part: the exporters, the node sandbox, the MCP SDK), and writes
 * dist-cli/manifest.json: the source files the bundle was made from and when. `ensureBuilt()`
 * rebuilds when dist-cli/ is missing or any of those files (or the lockfile, the tsconfig or this
 * script) changed since; `bin/replay.js` calls it before every run.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist-cli');
const manifestPath = join(outDir, 'manifest.json');
/** Files besides the bundle's own sources whose change calls for a rebuild. */
const ALSO_DEPENDS_ON = ['package-lock.json', 'tsconfig.json', 'scripts/cliBuild.js'];

/** Why dist-cli/ must be rebuilt (the first reason found), or `null` when it is up to date. */
export function staleReason() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return 'dist-cli/ has not been built';
  }
  for (const file of [...manifest.inputs, ...ALSO_DEPENDS_ON]) {
    let mtime;
    try {
      mtime = statSync(join(root, file)).mtimeMs;
    } catch {
      return `${file} is gone`;
    }
    if (mtime > manifest.builtFrom) return `${file} changed`;
  }
  return null;
}

/** Bundles the command line into dist-cli/, replacing the files one by one (each rename is atomic). */
export async function buildCli() {
  const { build } = await import('esbuild');
  const builtFrom = Date.now();
  const staging = join(outDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { replay: 'src/cli/replay.ts', replayWorker: 'src/cli/replayWorker.ts' },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // just-bash is a bundle of its own whose optional parts (compression codecs) are resolved at run time.
    external: ['just-bash'],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  const files = readdirSync(staging);
  mkdirSync(outDir, { recursive: true });
  // Chunks before entries, so an entry never names a chunk that is not there yet.
  for (const file of [...files.filter((f) => f.startsWith('chunk-')), ...files.filter((f) => !f.startsWith('chunk-'))]) {
    renameSync(join(staging, file), join(outDir, file));
  }
  rmSync(staging, { recursive: true, force: true });
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.js') && !files.includes(file)) rmSync(join(outDir, file), { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(manifestPath, `${JSON.stringify({ builtFrom, inputs: inputs.map((input) => relative(root, join(root, input))) }, null, 1)}\n`);
  return { files, inputs: inputs.length };
}

/** Builds dist-cli/ when it is missing or stale, saying why on standard error. */
export async function ensureBuilt() {
  const reason = staleReason();
  if (reason === null) return;
  process.stderr.write(`tool-playground: building the command line (${reason})…\n`);
  await buildCli();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const { files, inputs } = await buildCli();
  process.stderr.write(`dist-cli/: ${files.length} files from ${inputs} sources in ${Math.round(performance.now() - started)} ms\n`);
}
