import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** Chromium's console line for anything the Content-Security-Policy refused. */
const CSP_VIOLATION = /Content Security Policy/i;

/**
 * Some refusals are not logged to the console (an `eval` probe a library catches), only fired as
 * `securitypolicyviolation` events: each page logs those too, so the guard sees every one.
 */
const REPORT_VIOLATIONS = () => {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
  });
};

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
      const watch = async (candidate: BrowserContext) => {
        if (watched.has(candidate)) return;
        watched.add(candidate);
        await candidate.addInitScript(REPORT_VIOLATIONS);
        candidate.on('console', (message) => {
          if (CSP_VIOLATION.test(message.text())) found.push(`${message.location().url}: ${message.text()}`);
        });
      };
      await watch(context);
      const { newContext, newPage } = browser;
      const patched = browser as { newContext: Browser['newContext']; newPage: Browser['newPage'] };
      patched.newContext = async (options) => {
        const created = await newContext.call(browser, options);
        await watch(created);
        return created;
      };
      patched.newPage = async (options) => {
        const page = await newPage.call(browser, options);
        await watch(page.context());
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
