import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { Browser, Locator, Page } from '@playwright/test';

/**
 * Playwright's `test`, which also keeps what the test's pages said went wrong (an uncaught error, a
 * console error, a request that failed) and attaches it to a failed test: a page that loads blank
 * on a busy machine says why in the report, where a screenshot only shows white.
 */
export const test = base.extend<{ pageLog: void }>({
  pageLog: [
    async ({ context }, use, testInfo) => {
      const lines: string[] = [];
      const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      const started = Date.now();
      context.on('page', (page) => {
        page.on('pageerror', (error) => lines.push(`${at()} uncaught: ${error.stack ?? error.message}`));
        page.on('console', (message) => message.type() === 'error' && lines.push(`${at()} console.error: ${message.text()}`));
        page.on('requestfailed', (request) => lines.push(`${at()} request failed: ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`));
        page.on('crash', () => lines.push(`${at()} the page crashed`));
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) await testInfo.attach('page log', { body: lines.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
