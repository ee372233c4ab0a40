/**
 * The esbuild plugins of the command line's build (scripts/cliBuild.js): just-bash bundled from its
 * ES module build, and re2js evaluated at its first use rather than at start-up.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * just-bash is bundled from its ES module build, whose commands are modules of their own that it
 * imports on their first use: they become chunks of ours, so a run compiles only the commands it
 * runs (its CommonJS build is one 2 MB file, every command in it), through our code cache. Its
 * files still find their neighbours where just-bash is installed: `import.meta.url` in them names
 * the file they were bundled from (its workers for sqlite3, python3 and js-exec are found beside
 * it), and the dependencies in `AT_RUN_TIME` are required from just-bash's folder when asked for.
 * One more change: just-bash keeps `globalThis.Headers` as it loads (for curl), and in Node that
 * read loads the whole HTTP client (undici, 4 MiB); its reads get `LazyHeaders` instead, which loads
 * Headers on first use (our sandbox gives just-bash no network, so curl never runs).
 */
const justBashEntry = createRequire(import.meta.url).resolve('just-bash');
const justBashDir = dirname(justBashEntry);
/** sql.js finds its .wasm file beside its own; the others are optional (gzip's zstd and xz). */
const AT_RUN_TIME = new Set(['sql.js', '@mongodb-js/zstd', 'node-liblzma']);
/**
 * Where just-bash is installed, as a path from the build's folder (`outDir`) found when the bundle is
 * built: resolving the package at every start took 4 ms (a rebuild follows a change of the lockfile).
 */
const justBashLocation = (outDir) => `
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const entry = join(__dirname, ${JSON.stringify(relative(outDir, justBashEntry))});
export const justBashRequire = createRequire(entry);
export const justBashUrl = (file) => new URL(file, pathToFileURL(entry)).href;
export class LazyHeaders {
  constructor(init) {
    return new globalThis.Headers(init);
  }
  static [Symbol.hasInstance](value) {
    return value instanceof globalThis.Headers;
  }
}
`;
/**
 * just-bash sorts its shell options' names (SHELLOPTS, set for every command) with `localeCompare`,
 * and a process's first `localeCompare` loads ICU's collation: 8 ms of a replay's start-up and
 * 2.4 MiB of memory, for names of lowercase ASCII letters and hyphens, which compare the same by
 * code unit. That one sort compares by code unit here (a build of another just-bash whose text
 * differs keeps its own sort: nothing else changes).
 */
const SHELL_OPTIONS_SORT = /\.sort\(\((\w+),(\w+)\)=>\1\.name\.localeCompare\(\2\.name\)\);for\((?=let \w+ of \w+\)\w+\.enabled&&)/g;
export const justBashFromEsm = (outDir) => ({
  name: 'just-bash-esm',
  setup(build) {
    const inJustBash = (path) => path.startsWith(`${justBashDir}${sep}`);
    build.onResolve({ filter: /^just-bash-location$/ }, () => ({ path: 'just-bash-location', namespace: 'just-bash' }));
    build.onLoad({ filter: /^just-bash-location$/, namespace: 'just-bash' }, () => ({ contents: justBashLocation(outDir), loader: 'js', resolveDir: root }));
    build.onResolve({ filter: /^[^./]/ }, (args) => (inJustBash(args.importer) && AT_RUN_TIME.has(args.path) ? { path: args.path, namespace: 'just-bash' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'just-bash' }, (args) => ({
      contents: `module.exports = require('just-bash-location').justBashRequire(${JSON.stringify(args.path)});`,
      loader: 'js',
      resolveDir: root,
    }));
    build.onLoad({ filter: /\.js$/ }, (args) => {
      if (!inJustBash(args.path)) return undefined;
      const url = `__justBashUrl(${JSON.stringify(`./${relative(justBashDir, args.path).split(sep).join('/')}`)})`;
      const text = readFileSync(args.path, 'utf8')
        .replaceAll('import.meta.url', url)
        .replace(/globalThis\.Headers\b(?!\s*=(?!=))/g, '__LazyHeaders')
        .replace(SHELL_OPTIONS_SORT, (_sort, a, b) => `.sort((${a},${b})=>${a}.name<${b}.name?-1:${a}.name>${b}.name?1:0);for(`);
      return { contents: `import { justBashUrl as __justBashUrl, LazyHeaders as __LazyHeaders } from 'just-bash-location';\n${text}`, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
});

/**
 * re2js, the linear-time engine for a Grep or BashOutput pattern that could backtrack
 * (src/tools/linearRegex.ts), is evaluated at its first use instead of at start-up, where it took
 * 12 ms of every replay: it is a chunk of its own (esbuild splits at an import()), required
 * synchronously by the first use of one of its exports, each a Proxy that forwards a call, a `new`
 * or a property to the loaded one. Only its functions and classes are exported (an import of
 * another value fails the build). The page bundles it as it is, loaded before Run is enabled.
 *
 * just-bash's own copy of re2js (for shell patterns, `${x%pat}`) cannot wait so: its first use
 * comes while a script runs, when just-bash's defence in depth refuses to load a module.
 */
const LAZY_RUNTIME = `
export function lazyExport(load, name) {
  const real = () => load()[name];
  return new Proxy(function lazy() {}, {
    apply: (_target, self, args) => Reflect.apply(real(), self, args),
    construct: (_target, args, newTarget) => Reflect.construct(real(), args, newTarget === _target ? real() : newTarget),
    get: (_target, key) => Reflect.get(real(), key),
    has: (_target, key) => Reflect.has(real(), key),
  });
}
`;
/** The marker of the lazy chunk, `__lazyRequire__(import("./chunk.cjs"))`, in an ES module chunk. */
const LAZY_REQUIRE = '__lazyRequire__';
const LAZY_CHUNK = new RegExp(`${LAZY_REQUIRE}\\(import\\(("\\./[\\w.-]+\\.cjs")\\)\\)`, 'g');

export const lazyRe2 = {
  name: 'lazy-re2js',
  setup(build) {
    build.onResolve({ filter: /^lazy-runtime$/ }, () => ({ path: 'runtime', namespace: 'lazy' }));
    build.onResolve({ filter: /^re2js$/ }, async (args) => {
      if (args.pluginData?.eager) return undefined;
      const resolved = await build.resolve('re2js', { kind: args.kind, resolveDir: args.resolveDir, pluginData: { eager: true } });
      return { path: resolved.path, namespace: 'lazy' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy' }, async (args) => {
      if (args.path === 'runtime') return { contents: LAZY_RUNTIME, loader: 'js' };
      const loaded = await import(pathToFileURL(args.path).href);
      const names = Object.keys(loaded).filter((name) => name !== 'default' && typeof loaded[name] === 'function');
      const exports = names.map((name) => `export const ${name} = lazyExport(load, ${JSON.stringify(name)});`).join('\n');
      return {
        contents: `import { lazyExport } from 'lazy-runtime';\nlet loaded;\nconst load = () => (loaded ??= ${LAZY_REQUIRE}(import(${JSON.stringify(args.path)})));\n${exports}\n`,
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/** An ES module chunk with the lazy chunk required at once when it is asked for (not through a promise). */
export function requireLazyChunks(name, text) {
  const required = text.replace(LAZY_CHUNK, 'require($1)');
  if (required.includes(LAZY_REQUIRE)) throw new Error(`${name}: a lazy module's import() was not turned into a require()`);
  return required;
}
