import type { Browser, BrowserContext } from '@playwright/test';

// Chromium reports every Content-Security-Policy violation (caught or not) on the console.
const VIOLATION = /Content Security Policy|Content-Security-Policy/;

/** Collects the CSP violations of every page of `context` into `sink`. */
export function watchCsp(context: BrowserContext, sink: string[]): void {
  context.on('console', (msg) => {
    if (VIOLATION.test(msg.text())) sink.push(`${msg.page()?.url() ?? '?'}: ${msg.text()}`);
  });
}

/** Watches every context `browser.newContext()` makes until the returned function is called. */
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
