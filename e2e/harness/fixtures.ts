import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { cspTest } from './csp';
import { startServer, type RunningServer } from './server';

export const DEMO = { entId: 100001, password: 'demo123' } as const;

interface WorkerFixtures { server: RunningServer }
interface TestFixtures { baseURL: string }

/** `server` is one real server per worker, reading the repo's builds; tests that change
 *  remote files start their own with `startServer({ remotesDir: copyRemotes() })`. Every test
 *  fails on a CSP violation in any of its browsers (cspTest, harness/csp.ts). */
export const test = cspTest.extend<TestFixtures, WorkerFixtures>({
  server: [async ({}, use) => {
    const server = await startServer();
    await use(server);
    await server.stop();
  }, { scope: 'worker' }],
  baseURL: async ({ server }, use) => { await use(server.baseURL); },
});

export { expect };

/** Logs in through the API and stores the session the way the host does, without the form. */
export async function loginViaApi(page: Page, baseURL: string, account = 'dispatcher1'): Promise<void> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { entId: DEMO.entId, account, password: DEMO.password },
  });
  const body = (await res.json()) as { code: number; data: { auth_token: string } };
  expect(body.code).toBe(0);
  await page.goto(`${baseURL}/login`);
  await page.evaluate((session) => {
    localStorage.setItem('token', session.auth_token);
    localStorage.setItem('user', JSON.stringify(session));
  }, body.data);
}

/** Logs an account in over REST and returns its token (a newer login ends that account's older session). */
export async function apiLogin(request: APIRequestContext, baseURL: string, account: string): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { entId: DEMO.entId, account, password: DEMO.password } });
  const body = (await res.json()) as { code: number; data: { auth_token: string } };
  expect(body.code).toBe(0);
  return body.data.auth_token;
}

/**
 * `test` with a server of the file's own (one per worker), for specs that change what others
 * count on (memberships, passwords, login throttles) or need their own environment.
 */
export function withOwnServer(env: Record<string, string> = {}) {
  return test.extend<object, { ownServer: RunningServer }>({
    ownServer: [
      async ({}, use) => {
        const server = await startServer({ env });
        await use(server);
        await server.stop();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}
