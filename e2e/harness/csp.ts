import { chromium, expect, test as base, type Browser, type BrowserContext, type BrowserType } from '@playwright/test';

// Chromium reports every Content-Security-Policy violation (caught or not) on the console.
const VIOLATION = /Content Security Policy|Content-Security-Policy/;

/** Collects the CSP violations of every page of `context` into `sink`. */
export function watchCsp(context: BrowserContext, sink: string[]): void {
  context.on('console', (msg) => {
    if (VIOLATION.test(msg.text())) sink.push(`${msg.page()?.url() ?? '?'}: ${msg.text()}`);
  });
}

/** Watches every context `browser.newContext()` (and `browser.newPage()`) makes until the returned
 *  function is called. */
export function watchNewContexts(browser: Browser, sink: string[]): () => void {
  const original = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original(...args);
    watchCsp(context, sink);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

/** Watches every browser `type.launch()` starts (a spec's own browser, a media role's) until the
 *  returned function is called. */
export function watchLaunches(type: BrowserType, sink: string[]): () => void {
  const original = type.launch.bind(type);
  type.launch = async (...args: Parameters<BrowserType['launch']>) => {
    const browser = await original(...args);
    watchNewContexts(browser, sink);
    return browser;
  };
  return () => {
    type.launch = original;
  };
}

/**
 * Issue 15 item 7 and issue 25: every screen runs under the server's CSP, and any violation fails
 * the test it happened in. The worker part watches the worker's browser and every browser launched
 * in the worker from its start (so contexts made in beforeAll, and media roles' own browsers, are
 * seen too); each test takes what was seen during it. Violations after the last test fail the
 * worker's teardown.
 */
export const cspTest = base.extend<{ cspViolations: string[] }, { cspWorkerViolations: string[] }>({
  cspWorkerViolations: [
    async ({ browser }, use) => {
      const seen: string[] = [];
      const stopLaunches = watchLaunches(chromium, seen);
      const stopContexts = watchNewContexts(browser, seen);
      await use(seen);
      stopContexts();
      stopLaunches();
      expect(seen, 'Content-Security-Policy violations after the last test').toEqual([]);
    },
    { scope: 'worker', auto: true },
  ],
  cspViolations: [
    async ({ context, cspWorkerViolations }, use) => {
      // The test's own context is usually made through the watched newContext already; watching it
      // here too only matters when it was not, and duplicates are dropped below.
      // What the worker saw before this test (a beforeAll's pages) counts against it as well.
      const own: string[] = [];
      watchCsp(context, own);
      await use(own);
      const seen = [...new Set([...own, ...cspWorkerViolations.splice(0)])];
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
