import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where much of
    // the suite waits on child processes, servers and timers. A worker more than the cores keeps
    // both cores busy while one file waits.
    maxWorkers: availableParallelism() + 1,
  },
});
