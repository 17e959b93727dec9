import type { BrowserContext } from '@playwright/test';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Aborts, and records, every request of the context that would leave the machine (map tiles
 * included); a test expects the returned list to stay empty.
 */
export async function guardLoopback(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.has(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}
