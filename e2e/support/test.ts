import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** Chromium's console line for anything the Content-Security-Policy refused. */
const CSP_VIOLATION = /Content Security Policy/i;

/**
 * Every browser test runs under the server's Content-Security-Policy and fails when a page of
 * any of its browser contexts (the default one and those a test opens itself) logs a violation.
 * A test that provokes a violation on purpose reads and empties `cspViolations`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const found: string[] = [];
      const watched = new WeakSet<BrowserContext>();
      const watch = (candidate: BrowserContext) => {
        if (watched.has(candidate)) return;
        watched.add(candidate);
        candidate.on('console', (message) => {
          if (CSP_VIOLATION.test(message.text())) found.push(`${message.location().url}: ${message.text()}`);
        });
      };
      watch(context);
      const { newContext, newPage } = browser;
      const patched = browser as { newContext: Browser['newContext']; newPage: Browser['newPage'] };
      patched.newContext = async (options) => {
        const created = await newContext.call(browser, options);
        watch(created);
        return created;
      };
      patched.newPage = async (options) => {
        const page = await newPage.call(browser, options);
        watch(page.context());
        return page;
      };
      try {
        await use(found);
      } finally {
        patched.newContext = newContext;
        patched.newPage = newPage;
      }
      expect(found, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
