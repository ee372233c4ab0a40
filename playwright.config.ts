import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, hasFfmpeg, suiteChromiumPath } from './e2e/browser';

/** The preview server's port (PW_PORT lets a second run sit beside a first). */
const port = Number(process.env.PW_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  // Playwright's default is half the cores (one on a two-core machine); much of a test waits on a
  // paced replay, so a worker per core keeps the machine busy. PW_WORKERS overrides it.
  workers: Number(process.env.PW_WORKERS ?? availableParallelism()),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // Limits for a machine busy with other work: a test waits for states, never for the machine to be fast.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    // A trace records every action's DOM and screencast even when it is then thrown away: it made
    // the suite 28% slower (9.8 against 7.1 minutes on two cores). Failures keep their screenshot
    // and error context; PW_TRACE=retain-on-failure brings traces back when one is needed.
    trace: (process.env.PW_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry',
    video: hasFfmpeg ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(suiteChromiumPath ? { executablePath: suiteChromiumPath } : {}),
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env.CI,
    // Limits for a machine busy with other work: a test waits for states, never for the machine to be fast.
  timeout: 180_000,
  },
});
