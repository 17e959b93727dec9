import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, expect, loginViaApi, test } from '../harness/fixtures';
import { REPO } from '../harness/paths';
import { startServer, type RunningServer } from '../harness/server';
import { startSimulator, type Simulator } from '../harness/simulator';

// Issue 21 against the real server, the real simulator and Chromium: a wall display opened on its
// own shows a pairing code, an admin pairs it from the console, it shows the simulator's members
// live; its credential reads the screen and nothing else; revoked, it goes back to pairing; after
// a server restart it shows correct counts again within 10 s.

let server: RunningServer;
let sim: Simulator | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startServer();
  sim = await startSimulator(server.baseURL, 'member1,member2,member3', {
    args: ['--interval', '1000', '--center', '116.397,39.909', '--radius', '300', '--status-every', '1000'],
    ready: /3\/3 connected/,
  });
});

test.afterAll(async () => {
  await sim?.stop();
  await server?.stop();
});

interface Envelope<T> { code: number; data: T }
interface Counts { online: number; talking: number; sos: number; offline: number; total: number }

async function api<T>(request: APIRequestContext, method: string, url: string, token: string, data?: unknown): Promise<{ status: number; body: Envelope<T> }> {
  const res = await request.fetch(`${server.baseURL}${url}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  return { status: res.status(), body: (await res.json().catch(() => ({ code: -1, data: null }))) as Envelope<T> };
}

/** A standalone display page in a context of its own (a wall display is its own browser). */
async function openDisplay(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/remotes/screen/index.html`);
  return page;
}

/** Pairs the display page's code through the console's Displays dialog, as an admin does. */
async function pairFromConsole(console: Page, code: string, name: string): Promise<void> {
  await console.getByRole('button', { name: 'Displays' }).click();
  await console.getByRole('button', { name: 'Pair a display' }).click();
  const dialog = console.getByRole('dialog', { name: 'Pair a display' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Pairing code').fill(code);
  await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(console.getByRole('row').filter({ hasText: name })).toBeVisible();
}

async function pairingCode(display: Page): Promise<string> {
  const code = display.getByTestId('screen-pairing-code');
  await expect(code).toHaveText(/^\d{6}$/, { timeout: 15_000 });
  return (await code.textContent())!.trim();
}

async function summaryCounts(request: APIRequestContext, token: string): Promise<Counts> {
  const r = await api<{ counts: Counts }>(request, 'GET', '/api/screen/summary', token);
  expect(r.body.code).toBe(0);
  return r.body.data.counts;
}

async function shownCounts(display: Page): Promise<Counts> {
  const read = async (id: string) => Number((await display.getByTestId(`screen-count-${id}`).textContent())?.trim());
  return { online: await read('online'), talking: await read('talking'), sos: await read('sos'), offline: await read('offline'), total: NaN };
}

test('a display pairs, shows the simulator live, reads nothing but the screen, and returns to pairing when revoked', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const display = await openDisplay(browser);
  const code = await pairingCode(display);

  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/screen`);
  await pairFromConsole(page, code, 'Control room wall');

  // Paired: the display drops its code and shows the organisation, the clock and live figures.
  await expect(display.getByTestId('screen-pairing-code')).toBeHidden({ timeout: 10_000 });
  await expect(display.getByTestId('screen-org')).toHaveText('Demo Organisation');
  await expect(display.getByTestId('screen-clock')).toHaveText(/\d{1,2}:\d{2}/);
  await expect.poll(async () => Number(await display.getByTestId('screen-count-online').textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  // The simulator's members are on the map.
  await expect.poll(async () => Number(await display.getByTestId('screen-map').getAttribute('data-members')), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

  // An SOS from a handset shows in the count and the SOS panel at once.
  sim?.send('sos member2');
  await expect(display.getByTestId('screen-count-sos')).toHaveText('1', { timeout: 10_000 });
  await expect(display.getByTestId('screen-sos')).toContainText('member2');

  // The display's credential: every endpoint but the screen's refuses it.
  const stored: string | null = await display.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const value = localStorage.getItem(localStorage.key(i) ?? '');
      if (value?.includes('"kind":"display"')) return value;
    }
    return null;
  });
  expect(stored, 'the display keeps its credential in local storage').not.toBeNull();
  const displayToken = (JSON.parse(stored ?? '{}') as { auth_token: string }).auth_token;
  const openapi = JSON.parse(readFileSync(path.join(REPO, 'docs', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  const accepted: string[] = [];
  let walked = 0;
  for (const [route, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.security) continue; // public: nothing to refuse
      const url = route.replace(/\{[^}]+\}/g, '1');
      const r = await api(request, method.toUpperCase(), url, displayToken, {});
      walked += 1;
      const screenRead = /^\/api\/screen\/(summary|members|me)$/.test(route) && method === 'get';
      if (screenRead ? r.status !== 200 : r.status < 400) accepted.push(`${method.toUpperCase()} ${route} -> ${r.status}`);
    }
  }
  expect(walked).toBeGreaterThan(100);
  expect(accepted, 'answers that did not treat the display credential as expected').toEqual([]);

  // Revoked from the console: the display is back at a pairing code within seconds.
  const row = page.getByRole('row').filter({ hasText: 'Control room wall' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(display.getByTestId('screen-pairing-code')).toHaveText(/^\d{6}$/, { timeout: 10_000 });
  expect((await api(request, 'GET', '/api/screen/summary', displayToken)).status).toBe(401);

  await display.context().close();
});

test('after a server restart the display reconnects and shows correct counts within 10 s', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const display = await openDisplay(browser);
  const code = await pairingCode(display);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/screen`);
  await pairFromConsole(page, code, 'Lobby wall');
  await expect(display.getByTestId('screen-count-online')).toHaveText(/^\d+$/, { timeout: 10_000 });

  await server.kill();
  await server.start();
  const restarted = Date.now();
  const token = await apiLogin(request, server.baseURL, 'superadmin');
  // The handsets reconnect too; the display must end up agreeing with the server within 10 s of
  // the server being back, whatever the handsets do meanwhile.
  await expect
    .poll(async () => {
      const [truth, shown] = [await summaryCounts(request, token), await shownCounts(display)];
      return shown.online === truth.online && shown.sos === truth.sos && shown.offline === truth.offline && shown.talking === truth.talking;
    }, { timeout: 10_000, intervals: [250] })
    .toBe(true);
  expect(Date.now() - restarted).toBeLessThan(10_000);
  // Still paired: no pairing code after the restart.
  await expect(display.getByTestId('screen-pairing-code')).toBeHidden();
  await display.context().close();
});

test('the large screen in the console, in Chinese', async ({ page }) => {
  await loginViaApi(page, server.baseURL, 'dispatcher1');
  await page.evaluate(() => localStorage.setItem('locale', 'zh'));
  await page.goto(`${server.baseURL}/main/screen`);
  await expect(page.getByTestId('screen-org')).toHaveText('Demo Organisation');
  await expect(page.getByTestId('screen-count-online')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('remote-screen')).toContainText('在线');
  // Dispatchers see the screen but do not manage displays.
  await expect(page.getByRole('button', { name: /显示屏|Displays/ })).toHaveCount(0);
});
