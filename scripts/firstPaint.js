/**
 * The JavaScript the built page loads before anything renders (the entry and what it preloads),
 * gzipped, against its budget of 150 KB. Monaco, xterm.js, just-bash, zod, the engine, the
 * lessons' bodies, the scenario's JSON schema, lz-string and the importers load later; one static
 * import in the wrong place pulls them into the entry (it happened once: 595 KB), and this check is what `npm test` runs after the build to catch it. The figure does not
 * depend on the machine, so unlike the timed budgets (`npm run budget`) it fails the tests.
 *
 *   node scripts/firstPaint.js [DIST]     DIST defaults to dist/; exits 1 over budget
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget, in KB gzipped. */
export const FIRST_PAINT_LIMIT_KB = 150;

/** The gzipped size of the JavaScript `index.html` loads before anything renders, and its files. */
export function firstPaintJs(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]);
  const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length, 0);
  return { bytes, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, files } = firstPaintJs(process.argv[2] ?? 'dist');
  const kb = bytes / 1024;
  const ok = kb <= FIRST_PAINT_LIMIT_KB;
  process.stdout.write(`${ok ? 'ok  ' : 'MISS'} JavaScript before first paint: ${kb.toFixed(1)} KB gzipped in ${files.length} files (target ≤ ${FIRST_PAINT_LIMIT_KB} KB)\n`);
  if (!ok) process.stdout.write(`  the entry pulled in more than the page's first paint needs: look for a static import of the engine, the importers or a sandbox in src/ui\n`);
  process.exitCode = ok ? 0 : 1;
}
