import type { Page, WebSocket } from '@playwright/test';
import { HEARTBEAT_KIND, HeartbeatEvent, HeartbeatMethod, STORAGE_KEYS } from '@ptt/contracts';
import { DEMO, expect, loginViaApi, test } from '../harness/fixtures';
import { startServer, type RunningServer } from '../harness/server';

// Issue 5, acceptance 3: the server stopped and started again (same port, same data): the console
// shows the disconnected state, reconnects by itself and sends two online heartbeats again; a
// second login of the same user elsewhere logs the first one out with its message. Also the
// 'account information changed' logout. In English and in Chinese.

const TEXT = {
  en: {
    connected: 'Connected',
    reconnecting: /^Disconnected, reconnecting \(attempt \d+\)$/,
    dropped: 'WebSocket disconnected',
    restored: 'Connection restored',
    elsewhere: 'Logged in on another device, please log in again',
    changed: 'Account information changed, please log in again',
  },
  zh: {
    connected: '已连接',
    reconnecting: /^已断开，正在重连（第 \d+ 次）$/,
    dropped: 'WebSocket 已断开',
    restored: '连接已恢复',
    elsewhere: '已在其他设备登录，请重新登录',
    changed: '账号信息已变更，请重新登录',
  },
} as const;

interface Login { auth_token: string; id: number }

async function apiLogin(baseURL: string, account: string): Promise<Login> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entId: DEMO.entId, account, password: DEMO.password }),
  });
  const body = (await res.json()) as { code: number; data: Login };
  expect(body.code).toBe(0);
  return body.data;
}

/** Online presence heartbeats (method 1, event 0) the page sent on one socket. */
function onlineHeartbeats(sent: string[]): number {
  return sent.filter((raw) => {
    try {
      const frame = JSON.parse(raw) as { t?: string; data?: { method?: number; event?: number } };
      return frame.t === HEARTBEAT_KIND && frame.data?.method === HeartbeatMethod.Presence && frame.data.event === HeartbeatEvent.Online;
    } catch {
      return false;
    }
  }).length;
}

/** Records the frames the page sends on each /ws2 socket it opens, in order. */
function watchSockets(page: Page): string[][] {
  const sockets: string[][] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/ws2')) return;
    const sent: string[] = [];
    sockets.push(sent);
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(payload);
    });
  });
  return sockets;
}

async function openConsole(page: Page, baseURL: string, account: string, lang: 'en' | 'zh'): Promise<void> {
  await loginViaApi(page, baseURL, account);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, lang] as const);
  await page.goto(`${baseURL}/main/dispatch`);
}

const toast = (page: Page, text: string) => page.locator('.fui-ToastTitle', { hasText: text });

for (const lang of ['en', 'zh'] as const) {
  const t = TEXT[lang];

  test.describe(`session life in ${lang}`, () => {
    // These tests stop their server, so each has its own instead of the worker's.
    let server: RunningServer;
    test.beforeEach(async () => {
      server = await startServer();
    });
    test.afterEach(async () => {
      await server.stop();
    });

    test('the server stopped and started again: disconnected, then back by itself with two online heartbeats', async ({ page }) => {
      test.setTimeout(120_000);
      const sockets = watchSockets(page);
      await openConsole(page, server.baseURL, 'dispatcher1', lang);
      const status = page.getByTestId('connection-status');
      await expect(status).toHaveText(t.connected);
      await expect.poll(() => onlineHeartbeats(sockets[0] ?? [])).toBe(2);

      await server.kill();
      await expect(status).toHaveAttribute('data-state', 'reconnecting');
      await expect(status).toHaveText(t.reconnecting);
      await expect(toast(page, t.dropped)).toBeVisible();
      // Several attempts fail while the server is down; the drop is reported once.
      await expect(status).toHaveText(/[2-9]/, { timeout: 15_000 });
      await expect(toast(page, t.dropped)).toHaveCount(1);

      const before = sockets.length;
      await server.start();
      await expect(status).toHaveText(t.connected, { timeout: 45_000 });
      await expect(toast(page, t.restored)).toBeVisible();
      await expect(toast(page, t.dropped)).toHaveCount(0);
      const latest = () => sockets[sockets.length - 1] ?? [];
      expect(sockets.length).toBeGreaterThan(before);
      await expect.poll(() => onlineHeartbeats(latest())).toBe(2);

      // The restarted server (presence starts empty) counts the user online from those heartbeats.
      const session = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Login, STORAGE_KEYS.user);
      const presence = await fetch(`${server.baseURL}/api/presence`, { headers: { authorization: `Bearer ${session.auth_token}` } });
      const online = ((await presence.json()) as { data: { uid: number; status: string }[] }).data;
      expect(online).toContainEqual({ uid: session.id, status: 'online' });
    });

    test('a second login of the same user logs the first page out with its message', async ({ page }) => {
      await openConsole(page, server.baseURL, 'dispatcher1', lang);
      await expect(page.getByTestId('connection-status')).toHaveText(t.connected);
      await apiLogin(server.baseURL, 'dispatcher1');
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(t.elsewhere)).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
    });

    test("an admin locking the account logs the user out with 'account information changed'", async ({ page }) => {
      await openConsole(page, server.baseURL, 'member2', lang);
      await expect(page.getByTestId('connection-status')).toHaveText(t.connected);
      const member = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Login, STORAGE_KEYS.user);
      const admin = await apiLogin(server.baseURL, 'admin');
      const res = await fetch(`${server.baseURL}/api/users/${member.id}/lock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.auth_token}` },
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText(t.changed)).toBeVisible();
    });
  });
}
