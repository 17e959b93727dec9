import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect, apiLogin, loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';

// Issue 6, acceptance 1: a dispatcher and a member, each in their own browser, chat both ways in
// the enterprise channel with text, image, file and location against the real server; a system
// message appears on both sides when an admin adds a member to a channel.

const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Envelope<T> {
  code: number;
  data: T;
}

async function call<T>(request: APIRequestContext, baseURL: string, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${baseURL}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}

/** A console in its own browser context; nothing may leave loopback (map tiles included). Every
 *  URL it asks for is kept, to check that none carries the session token. */
async function openConsole(
  browser: Browser,
  baseURL: string,
  account: string,
): Promise<{ context: BrowserContext; page: Page; outside: string[]; requested: string[] }> {
  const context = await browser.newContext();
  const outside = await guardLoopback(context);
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  const page = await context.newPage();
  await loginViaApi(page, baseURL, account);
  await page.goto(`${baseURL}/main/dispatch`);
  return { context, page, outside, requested };
}

/** Issue 15, item 10: files come at URLs signed with the session's file key (ADR 012), and no
 *  request of the page carries the token in its URL (the /ws2 socket's `?at=`, which the spec
 *  defines, is a WebSocket, not among these requests). */
async function expectNoTokenInUrls(c: { page: Page; requested: string[] }): Promise<void> {
  const token = await c.page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const files = c.requested.filter((u) => u.includes('/api/files/'));
  expect(files.length).toBeGreaterThan(0);
  for (const u of files) expect(u).toMatch(/\/api\/files\/[\w-]+\?l=[\w-]+&x=\d+&s=[\w-]{43}$/);
  const leaking = c.requested.filter((u) => u.includes(token!) || u.includes(encodeURIComponent(token!)));
  expect(leaking).toEqual([]);
}

/** Opens a channel's chat from the channel list; returns its message list. */
async function openChannelChat(page: Page, title: string): Promise<Locator> {
  await page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('heading', { name: `Channel chat: ${title}` })).toBeVisible();
  return page.getByRole('feed', { name: `Messages of ${title}` });
}

async function sendText(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

async function attach(page: Page, label: 'Send an image' | 'Send a file', file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.locator(`input[type="file"][aria-label="${label}"]`).setInputFiles(file);
}

async function sendLocation(page: Page, lng: string, lat: string): Promise<void> {
  await page.getByRole('button', { name: 'Send a location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a location' });
  await dialog.getByRole('spinbutton', { name: 'Longitude' }).fill(lng);
  await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill(lat);
  await dialog.getByRole('button', { name: 'Send location' }).click();
  await expect(dialog).toBeHidden();
}

/** What the other side must see of one exchange. */
async function expectReceived(feed: Locator, request: APIRequestContext, x: { text: string; image: string; file: string; fileBody: string; location: string }): Promise<void> {
  await expect(feed.getByText(x.text, { exact: true })).toBeVisible();
  // Typed markup stays text: no element was made of it.
  await expect(feed.locator('b')).toHaveCount(0);

  const image = feed.getByRole('img', { name: x.image });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const link = feed.getByRole('link', { name: `Download ${x.file}` });
  await expect(link).toBeVisible();
  const download = await request.get(new URL((await link.getAttribute('href'))!, feed.page().url()).toString());
  expect(await download.text()).toBe(x.fileBody);

  const card = feed.getByRole('group', { name: 'Location' }).filter({ hasText: x.location });
  await expect(card).toBeVisible();
}

test('a dispatcher and a member chat both ways with text, image, file and location; adding a member shows a system message', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, baseURL, 'admin');
  const users = await call<{ items: { id: number; account: string }[] }>(request, baseURL, admin, 'GET', '/api/users?size=200');
  const idOf = (account: string) => users.items.find((u) => u.account === account)!.id;
  const title = `Chat e2e ${Date.now() % 1_000_000}`;
  const channel = await call<{ id: number }>(request, baseURL, admin, 'POST', '/api/channels', { name: title, memberIds: [idOf('dispatcher1'), idOf('member1')] });

  const dispatcher = await openConsole(browser, baseURL, 'dispatcher1');
  const member = await openConsole(browser, baseURL, 'member1');
  const dFeed = await openChannelChat(dispatcher.page, 'General');
  const mFeed = await openChannelChat(member.page, 'General');

  // Dispatcher to member.
  await sendText(dispatcher.page, 'Gate 3 <b>closed</b>, hold position');
  await attach(dispatcher.page, 'Send an image', { name: 'gate.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await attach(dispatcher.page, 'Send a file', { name: 'orders.txt', mimeType: 'text/plain', buffer: Buffer.from('orders for the night shift') });
  await sendLocation(dispatcher.page, '116.3974', '39.9087');
  await expectReceived(mFeed, member.page.request, {
    text: 'Gate 3 <b>closed</b>, hold position',
    image: 'gate.png',
    file: 'orders.txt',
    fileBody: 'orders for the night shift',
    location: 'Longitude 116.397400, latitude 39.908700',
  });

  // Member to dispatcher.
  await sendText(member.page, 'Copy, holding at gate 3');
  await attach(member.page, 'Send an image', { name: 'view.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await attach(member.page, 'Send a file', { name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from('all quiet') });
  await sendLocation(member.page, '121.4737', '31.2304');
  await expectReceived(dFeed, dispatcher.page.request, {
    text: 'Copy, holding at gate 3',
    image: 'view.png',
    file: 'report.txt',
    fileBody: 'all quiet',
    location: 'Longitude 121.473700, latitude 31.230400',
  });

  // The received location opens on a map (tiles stay on loopback).
  await dFeed.getByRole('group', { name: 'Location' }).filter({ hasText: 'latitude 31.230400' }).getByRole('button', { name: 'Show on map' }).click();
  const mapDialog = dispatcher.page.getByRole('dialog', { name: 'Location' });
  await expect(mapDialog.getByRole('region', { name: 'Map of the location' })).toBeVisible();
  await mapDialog.getByRole('button', { name: 'Close' }).click();
  await expect(mapDialog).toBeHidden();

  // An admin adds member2 to the new channel: both sides see it written out with names.
  const dNew = await openChannelChat(dispatcher.page, title);
  const mNew = await openChannelChat(member.page, title);
  await expect(dNew.getByText(/Admin added Dispatcher 1, Member 1 to the channel/)).toBeVisible();
  await call(request, baseURL, admin, 'POST', `/api/channels/${channel.id}/members`, { members: [{ userId: idOf('member2') }] });
  await expect(dNew.getByText(/Admin added Member 2 to the channel/)).toBeVisible();
  await expect(mNew.getByText(/Admin added Member 2 to the channel/)).toBeVisible();

  await expectNoTokenInUrls(dispatcher);
  await expectNoTokenInUrls(member);
  await dispatcher.context.close();
  await member.context.close();
  expect([...dispatcher.outside, ...member.outside]).toEqual([]);
});
