import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where much of
    // the suite waits on child processes, servers and timers. A worker more than the cores keeps
    // both cores busy while one file waits.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          // The engine's files share a worker's modules instead of importing them afresh for each
          // file (the suite took 106 s, 70 s of it importing): its modules keep no state a test
          // could leave behind.
          name: 'engine',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/ui/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        // The page's files share one store (zustand) and its module state: each file has its own.
        test: { name: 'page', include: ['src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx'] },
      },
    ],
  },
});
