/**
 * The source tree's import graph, and the two rules `npm run lint` holds it to (docs/design.md,
 * Layers): no import cycle, and no layer importing a layer above it.
 *
 *   node scripts/importGraph.js [ROOT]     ROOT defaults to src/; exits 1 naming each breach
 *
 * Imports are read from the text (static `import`/`export … from`, `import type`, and dynamic
 * `import('…')` with a literal specifier); only relative specifiers are followed. A type-only
 * import counts: a layer that needs another's types depends on it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The layers from the bottom up: a file may import its own layer and those below. `cli` and `live`
 * share a rank (neither imports the other); `ui` is the top.
 */
export const LAYERS = [['time'], ['sandbox'], ['tools'], ['model'], ['scenarios'], ['run'], ['cli', 'live'], ['ui']];

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every source file under `root`, recursively. */
function sourceFiles(root) {
  const files = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The file a relative specifier names, as the bundler resolves it; `undefined` outside the graph. */
function resolveSpecifier(from, specifier, known) {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** Comments removed, so an example import in a doc comment is not read as one. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The graph: each file (absolute) and the files it imports. */
export function importGraph(root) {
  const files = sourceFiles(resolve(root));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = withoutComments(readFileSync(file, 'utf8'));
    const targets = new Set();
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveSpecifier(file, specifier, known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The cycles of the graph: each strongly connected component of more than one file (or a file importing itself). */
export function importCycles(graph) {
  // Tarjan's algorithm, iterative so that a deep chain of imports cannot overflow the stack.
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** The rank of a file's layer (its first folder under root), or `undefined` for a file in no layer. */
function layerRank(root, file) {
  const top = relative(root, file).split(sep)[0];
  const rank = LAYERS.findIndex((names) => names.includes(top));
  return rank === -1 ? undefined : rank;
}

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file);

/**
 * Imports that cross a layer upward, or sideways between `cli` and `live`. Tests are left out:
 * a test of a lower layer may drive it through the layers above, as the engine's tests run
 * scenarios; nothing imports a test, so it adds no dependency.
 */
export function layerBreaches(root, graph) {
  const absolute = resolve(root);
  const breaches = [];
  for (const [file, targets] of graph) {
    if (isTest(file)) continue;
    const from = layerRank(absolute, file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerRank(absolute, target);
      if (to === undefined) continue;
      const sideways = to === from && relative(absolute, file).split(sep)[0] !== relative(absolute, target).split(sep)[0];
      if (to > from || sideways) breaches.push({ file, target });
    }
  }
  return breaches;
}

/** Every breach of the two rules under `root`, as lines to print (none when it holds). */
export function checkImports(root) {
  const graph = importGraph(root);
  const name = (file) => relative(process.cwd(), file);
  const lines = [];
  for (const cycle of importCycles(graph)) lines.push(`import cycle: ${cycle.map(name).join(' → ')} → ${name(cycle[0])}`);
  for (const { file, target } of layerBreaches(root, graph)) {
    const layer = (path) => relative(resolve(root), path).split(sep)[0];
    lines.push(`layer crossed upward: ${name(file)} (${layer(file)}) imports ${name(target)} (${layer(target)})`);
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'src';
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`importGraph: ${root} is not a folder\n`);
    process.exit(2);
  }
  const lines = checkImports(root);
  for (const line of lines) process.stderr.write(`${line}\n`);
  if (lines.length > 0) {
    process.stderr.write(`${lines.length} breach${lines.length === 1 ? '' : 'es'} of the layers (docs/design.md, Layers)\n`);
    process.exit(1);
  }
}
