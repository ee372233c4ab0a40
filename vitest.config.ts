import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { lessonOutline } from './scripts/lessonOutline.js';

/**
 * The files that spend their time on real processes and long runs (bash run for each of the bypass
 * corpus's cases, stdio MCP servers started and ended, the built command line, 20,000-call
 * scenarios, the wall clock): the `slow` project. `npm run test:unit` leaves them out for a quick
 * loop; `npm test` runs every project.
 */
const SLOW = [
  'src/tools/permissions/bypassCorpus.differential.test.ts',
  'src/tools/permissions/bypassCorpus.effect.test.ts',
  'src/cli/mcpHost.test.ts',
  'src/run/hugeScenario.test.ts',
  'src/cli/replay.process.test.ts',
  'src/cli/codeCache.process.test.ts',
  'scripts/cliBuild.test.ts',
  'src/cli/folderRun.test.ts',
  'src/sandbox/nodeSwapRace.test.ts',
  'src/run/realTime.test.ts',
];

/**
 * The page's test files that reach its store or its controller (or mock a module): each of these
 * imports its modules afresh, because the store and the controller's module state are the page's
 * one copy. The rest (models, layout, labels, markup of components given their props) share a
 * worker's modules as the engine's files do, which a file's own imports were most of the cost of.
 */
const PAGE_STATEFUL = readdirSync('src/ui', { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `src/ui/${name}`)
  .filter((file) => /usePlayground|\/store'|\/controller'|from '\.\/store|vi\.mock/.test(readFileSync(file, 'utf8')));

/** Files sharing a worker wait, after their tests, for every just-bash command to end (see the file). */
const SETTLED = './test/justBashSettled.ts';

export default defineConfig({
  plugins: [lessonOutline()],
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where much of
    // the suite waits on child processes, servers and timers. A worker more than the cores keeps
    // both cores busy while one file waits.
    maxWorkers: availableParallelism() + 1,
    // Worker threads, not child processes: the same isolation where a project asks for it (the
    // page's files each import their modules afresh), for 10% less CPU than forks (54 against 60
    // CPU-seconds for the engine and page projects, docs/performance.md).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          // The engine's files share a worker's modules instead of importing them afresh for each
          // file (the suite took 106 s, 70 s of it importing): its modules keep no state a test
          // could leave behind.
          name: 'engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/ui/**', ...SLOW],
          isolate: false,
          setupFiles: [SETTLED],
        },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW, isolate: false, setupFiles: [SETTLED] },
      },
      {
        extends: true,
        test: { name: 'page', include: ['src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx'], exclude: PAGE_STATEFUL, isolate: false, setupFiles: ['./test/pageSetup.ts', SETTLED] },
      },
      {
        extends: true,
        // The page's files that share one store (zustand) and its module state: each file has its own.
        test: { name: 'page-state', include: PAGE_STATEFUL, setupFiles: ['./test/pageSetup.ts'] },
      },
    ],
  },
});
