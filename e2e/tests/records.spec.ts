import ExcelJS from 'exceljs';
import { STORAGE_KEYS } from '@ptt/contracts';
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { blockingViolations } from '../harness/axe';
import { apiLogin, expect, loginViaApi, test } from '../harness/fixtures';
import { startServer, type RunningServer } from '../harness/server';
import { startSimulator, type Simulator } from '../harness/simulator';

// Issue 23 against the real server and Chromium: each records tab filters, pages, sorts and
// exports; the exported file (read with exceljs) holds exactly the rows the server lists for the
// same filters; a reload shows the same view from the URL; an SOS raised by a handset through the
// simulator shows at the top of the open SOS table and, once closed, both times and who closed
// it. Expected rows always come from the list endpoints with the same query, so the demo's own
// records count too.

let server: RunningServer;
let rest: APIRequestContext;
let superToken = '';
let sim: Simulator | null = null;
const uid: Record<string, number> = {};

test.describe.configure({ mode: 'serial' });

interface Envelope<T> { code: number; msg: string; data: T }
interface Listed<T> { items: T[]; total: number }

async function api<T>(token: string, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await rest.fetch(`${server.baseURL}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...headers }, data });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Every row a list has for a query (at most 200: the set-up stays far below). */
async function listAll<T>(path: string, query: Record<string, string | number>): Promise<Listed<T>> {
  const qs = new URLSearchParams(Object.entries({ ...query, page: 1, size: 200 }).map(([k, v]) => [k, String(v)]));
  return api<Listed<T>>(superToken, 'GET', `${path}?${qs.toString()}`);
}

/** Logs an account in with a user agent of its own (the login record's device). */
async function loginAs(account: string, userAgent?: string): Promise<string> {
  const res = await rest.post(`${server.baseURL}/api/auth/login`, {
    data: { entId: 100001, account, password: 'demo123' },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  const body = (await res.json()) as Envelope<{ auth_token: string }>;
  expect(body.code).toBe(0);
  return body.data.auth_token;
}

/** A square of 2 x `half` metres around `c`, WGS-84. */
function square(c: { lng: number; lat: number }, half: number) {
  const dLat = half / 111_320;
  const dLng = half / (111_320 * Math.cos((c.lat * Math.PI) / 180));
  return [
    { lng: c.lng - dLng, lat: c.lat - dLat },
    { lng: c.lng + dLng, lat: c.lat - dLat },
    { lng: c.lng + dLng, lat: c.lat + dLat },
    { lng: c.lng - dLng, lat: c.lat + dLat },
  ];
}

const BOT = 'RecordsBot/1.0 (e2e handset)';
const LEAVE = { name: 'E2E records yard', at: { lng: 116.3, lat: 39.8 } };
const STAY = { name: 'E2E records depot', at: { lng: 116.32, lat: 39.8 } };
const CHANNELS = ['E2E records A', 'E2E records B', 'E2E records C'];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer();
  rest = await playwrightRequest.newContext();
  superToken = await apiLogin(rest, server.baseURL, 'superadmin');
  for (const u of (await api<Listed<{ id: number; account: string }>>(superToken, 'GET', '/api/users?size=200')).items) uid[u.account] = u.id;

  // SOS: raised by members, closed by Dispatcher 1 (member4's stays open).
  const dispatcher = await loginAs('dispatcher1');
  for (const [i, account] of ['member1', 'member2', 'member2', 'member3', 'member2', 'member4'].entries()) {
    const token = await loginAs(account);
    const raised = await api<{ record: { id: number } }>(token, 'POST', '/api/sos', { lng: 116.39 + i / 1000, lat: 39.9 });
    if (account !== 'member4') await api(dispatcher, 'POST', `/api/sos/${raised.record.id}/close`, { note: `e2e ${i}` });
  }

  // Logins from a handset of a name of its own, and some from elsewhere.
  for (let i = 0; i < 3; i += 1) await loginAs('member3', BOT);
  await loginAs('member3');
  await loginAs('member1', BOT);

  // Cross-border: a 'leave' fence for member1 and member2 and a 'stay' fence for member1; two
  // confirming positions each (ADR 027). member1 inside the depot is outside the yard: two alerts.
  const enabled = await api<Listed<{ id: number }>>(superToken, 'GET', '/api/fences?enabled=true&size=200');
  for (const f of enabled.items) await api(superToken, 'POST', `/api/fences/${f.id}/stop`);
  await api(superToken, 'POST', '/api/fences', { name: LEAVE.name, rule: 'leave', shape: { type: 'polygon', points: square(LEAVE.at, 200) }, userIds: [uid.member1, uid.member2] });
  await api(superToken, 'POST', '/api/fences', { name: STAY.name, rule: 'stay', shape: { type: 'polygon', points: square(STAY.at, 200) }, userIds: [uid.member1] });
  const walk = async (account: string, at: { lng: number; lat: number }) => {
    const token = await loginAs(account);
    const now = Date.now();
    await api(token, 'POST', '/api/locations', { points: [{ ...at, coord: 0, time: now - 20_000 }, { ...at, coord: 0, time: now - 10_000 }] });
  };
  await walk('member1', STAY.at);
  await walk('member2', { lng: 116.34, lat: 39.8 });
  await expect.poll(async () => (await listAll('/api/records/fence-alerts', {})).total, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

  // Operations: three channels added by the super admin, one renamed.
  const added: number[] = [];
  for (const name of CHANNELS) added.push((await api<{ id: number }>(superToken, 'POST', '/api/channels', { name })).id);
  await api(superToken, 'PATCH', `/api/channels/${added[0]}`, { name: `${CHANNELS[0]} renamed` });
});

test.afterAll(async () => {
  await sim?.stop();
  await rest?.dispose();
  await server?.stop();
});

/** Row ids of the table as shown, top to bottom (rows carry `<kind>-record-<id>`). */
async function shownIds(page: Page, kind: string): Promise<number[]> {
  return page.locator(`[data-testid^="${kind}-record-"]`).evaluateAll((rows, k) => rows.map((r) => Number(r.getAttribute('data-testid')!.slice(`${k}-record-`.length))), kind);
}

/** The table shows exactly the page the server lists for the same query. */
async function expectPage(page: Page, kind: string, path: string, query: Record<string, string | number>): Promise<number[]> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const listed = await api<Listed<{ id: number }>>(superToken, 'GET', `${path}?${qs.toString()}`);
  const ids = listed.items.map((r) => r.id);
  expect(ids.length).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page, kind)).toEqual(ids);
  return ids;
}

const search = (page: Page) => new URL(page.url()).searchParams;

type Cell = ExcelJS.CellValue;

/** A cell as text: text and numbers as they are, a Date (a CSV reader's) as ISO, rich values as JSON. */
function text(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

const EXPORT_TEXT = {
  en: {
    button: 'Export',
    title: { xlsx: 'Export to Excel', csv: 'Export to CSV' },
    finished: 'Finished',
    saved: (n: number) => `Saved ${n} row${n === 1 ? '' : 's'}.`,
    bar: (n: number) => `${n} of ${n} done`,
    close: 'Close',
  },
  zh: { button: '导出', title: { xlsx: '导出为 Excel', csv: '导出为 CSV' }, finished: '已完成', saved: (n: number) => `已保存 ${n} 条记录。`, bar: (n: number) => `已完成 ${n} / ${n}`, close: '关闭' },
} as const;

/** Exports the table's rows through the menu and the progress dialog; the file's rows by header. */
async function exportRows(page: Page, format: 'xlsx' | 'csv', expectedRows: number, locale: 'en' | 'zh' = 'en'): Promise<{ name: string; rows: Record<string, Cell>[] }> {
  const x = EXPORT_TEXT[locale];
  await page.getByRole('button', { name: x.button }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format === 'xlsx' ? 'Excel (.xlsx)' : 'CSV (.csv)' }).click(),
  ]);
  const dialog = page.getByRole('alertdialog', { name: x.title[format] });
  await expect(dialog.getByText(x.finished, { exact: true })).toBeVisible();
  // The count comes only from the server's ExportProgress frames for this export.
  await expect(dialog.getByText(x.saved(expectedRows))).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuetext', x.bar(expectedRows));
  await dialog.getByRole('button', { name: x.close }).click();
  await expect(dialog).toBeHidden();

  const wb = new ExcelJS.Workbook();
  const file = await download.path();
  const ws = format === 'xlsx' ? (await wb.xlsx.readFile(file), wb.worksheets[0]!) : await wb.csv.readFile(file);
  // CSV starts with a byte order mark (Excel reads Chinese names right with it).
  const header = (ws.getRow(1).values as Cell[]).slice(1).map((h) => text(h).replace(/^\uFEFF/, ''));
  const rows: Record<string, Cell>[] = [];
  for (let r = 2; r <= ws.rowCount; r += 1) {
    const values = ws.getRow(r).values as Cell[];
    if (values.length === 0) continue;
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i + 1] ?? null])));
  }
  return { name: download.suggestedFilename(), rows };
}

/** A time cell (ISO text, or a Date where a CSV reader made one) as ms. */
const ms = (v: Cell): number => (v instanceof Date ? v.getTime() : Date.parse(text(v)));
const sorted = <T,>(xs: T[]) => [...xs].sort();

async function noBlocking(page: Page): Promise<void> {
  // Scanned once dialogs and tabs have finished their transitions (half-way, colours are half contrast).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await blockingViolations(page)).toEqual([]);
}

async function pickMember(page: Page, account: string, name: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Member' });
  await picker.click();
  await picker.pressSequentially(account);
  await page.getByRole('option', { name: `${name} (${account})`, exact: true }).click();
  await expect.poll(() => search(page).get('userId')).toBe(String(uid[account]));
}

const table = (page: Page, name: string): Locator => page.getByRole('table', { name });

test('SOS records: pages, sorts, a member filter, the export holds exactly those rows, and a reload keeps the view', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/record/sos?size=2`);
  await expect(page.getByRole('heading', { level: 1, name: 'SOS records' })).toBeVisible();
  await expectPage(page, 'sos', '/api/sos', { page: 1, size: 2, sort: 'startedAt', order: 'desc' });
  await noBlocking(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => search(page).get('page')).toBe('2');
  await expectPage(page, 'sos', '/api/sos', { page: 2, size: 2, sort: 'startedAt', order: 'desc' });

  // A new sort starts on the first page again (the default sort key is left out of the link).
  await table(page, 'SOS records').getByRole('columnheader', { name: 'Start time' }).click();
  await expect.poll(() => search(page).toString()).toBe('order=asc&size=2');
  await expectPage(page, 'sos', '/api/sos', { page: 1, size: 2, sort: 'startedAt', order: 'asc' });

  await pickMember(page, 'member2', 'Member 2');
  const query = { userId: uid.member2!, sort: 'startedAt', order: 'asc' };
  const ids = await expectPage(page, 'sos', '/api/sos', { ...query, page: 1, size: 2 });
  const row = page.getByTestId(`sos-record-${ids[0]}`);
  await expect(row).toContainText('Member 2 (member2)');
  await expect(row).toContainText('Dispatcher 1');

  // A position opens on the map.
  await row.getByRole('button', { name: /on the map$/ }).click();
  const map = page.getByRole('dialog', { name: 'Position' });
  await expect(map.getByRole('region', { name: 'Map of the position' })).toBeVisible();
  await noBlocking(page);
  await map.getByRole('button', { name: 'Close' }).click();

  const url = page.url();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Member' })).toHaveValue('Member 2 (member2)');
  expect(page.url()).toBe(url);
  await expectPage(page, 'sos', '/api/sos', { ...query, page: 1, size: 2 });

  const all = await listAll<{ id: number }>('/api/sos', query);
  const file = await exportRows(page, 'xlsx', all.total);
  expect(file.name).toMatch(/^sos-records.*\.xlsx$/);
  expect(file.rows.map((r) => Number(r['SOS ID']))).toEqual(all.items.map((r) => r.id));
  expect(new Set(file.rows.map((r) => r.Account))).toEqual(new Set(['member2']));
});

test('login records: member, device and today, pages and sorts; the CSV holds exactly those logins', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/record/login?size=2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Login records' })).toBeVisible();
  await pickMember(page, 'member3', 'Member 3');
  await page.getByRole('searchbox', { name: 'Device' }).fill('recordsbot');
  await expect.poll(() => search(page).get('device')).toBe('recordsbot');
  await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: 'Today' });
  await expect.poll(() => search(page).get('range')).toBe('today');
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  const query = { userId: uid.member3!, device: 'recordsbot', from, to, sort: 'time', order: 'desc' };
  await expectPage(page, 'login', '/api/records/logins', { ...query, page: 1, size: 2 });
  await noBlocking(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expectPage(page, 'login', '/api/records/logins', { ...query, page: 2, size: 2 });
  await table(page, 'Login records').getByRole('columnheader', { name: 'Time' }).click();
  await expect.poll(() => search(page).get('order')).toBe('asc');
  await expectPage(page, 'login', '/api/records/logins', { ...query, order: 'asc', page: 1, size: 2 });

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('searchbox', { name: 'Device' })).toHaveValue('recordsbot');
  await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('today');
  await expectPage(page, 'login', '/api/records/logins', { ...query, order: 'asc', page: 1, size: 2 });

  const all = await listAll<{ account: string; time: string; device: string }>('/api/records/logins', { ...query, order: 'asc' });
  expect(all.total).toBe(3);
  const file = await exportRows(page, 'csv', all.total);
  expect(file.name).toMatch(/^login-records.*\.csv$/);
  expect(file.rows.map((r) => `${text(r.Account)} ${ms(r['Time (UTC)'] ?? null)}`)).toEqual(all.items.map((r) => `${r.account} ${Date.parse(r.time)}`));
  expect(file.rows.every((r) => text(r.Device) === BOT)).toBe(true);
});

test('cross-border records: leave or stay, pages and sorts by fence; the export holds exactly those alerts', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/record/cross?size=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cross-border records' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Leave' });
  await expect.poll(() => search(page).get('type')).toBe('leave');
  const query = { type: 'leave', sort: 'time', order: 'desc' };
  await expectPage(page, 'cross', '/api/records/fence-alerts', { ...query, page: 1, size: 1 });
  await noBlocking(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectPage(page, 'cross', '/api/records/fence-alerts', { ...query, page: 2, size: 1 });

  await table(page, 'Cross-border records').getByRole('columnheader', { name: 'Fence', exact: true }).click();
  await expect.poll(() => search(page).toString()).toBe('type=leave&sort=fenceName&order=asc&size=1');
  const sortedQuery = { ...query, sort: 'fenceName', order: 'asc' };
  const [first] = await expectPage(page, 'cross', '/api/records/fence-alerts', { ...sortedQuery, page: 1, size: 1 });
  await expect(page.getByTestId(`cross-record-${first}`)).toContainText('Leave');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('leave');
  await expectPage(page, 'cross', '/api/records/fence-alerts', { ...sortedQuery, page: 1, size: 1 });

  const all = await listAll<{ user: { account: string }; fence: { id: number }; time: string }>('/api/records/fence-alerts', sortedQuery);
  expect(all.total).toBeGreaterThanOrEqual(2);
  const file = await exportRows(page, 'xlsx', all.total);
  expect(file.name).toMatch(/^cross-border-records.*\.xlsx$/);
  const key = (account: Cell, fence: Cell, time: number) => `${text(account)} ${text(fence)} ${time}`;
  expect(sorted(file.rows.map((r) => key(r.Account ?? null, r['Fence ID'] ?? null, ms(r['Time (UTC)'] ?? null))))).toEqual(sorted(all.items.map((r) => key(r.user.account, r.fence.id, Date.parse(r.time)))));
  expect(new Set(file.rows.map((r) => r.Type))).toEqual(new Set(['Leave']));
});

test('operation records: a type and a member, pages and sorts, the export; in Chinese the page, the type names and the file\'s headers', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/record/operation?size=2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Operation records' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Channel add' });
  await pickMember(page, 'superadmin', 'Super Admin');
  const query = { type: 2, userId: uid.superadmin!, sort: 'time', order: 'desc' };
  await expectPage(page, 'operation', '/api/records/operations', { ...query, page: 1, size: 2 });
  await noBlocking(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectPage(page, 'operation', '/api/records/operations', { ...query, page: 2, size: 2 });
  await table(page, 'Operation records').getByRole('columnheader', { name: 'Time' }).click();
  await expect.poll(() => search(page).get('order')).toBe('asc');
  await expectPage(page, 'operation', '/api/records/operations', { ...query, order: 'asc', page: 1, size: 2 });

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('2');
  await expectPage(page, 'operation', '/api/records/operations', { ...query, order: 'asc', page: 1, size: 2 });

  const all = await listAll<{ id: number }>('/api/records/operations', { ...query, order: 'asc' });
  expect(all.total).toBeGreaterThanOrEqual(CHANNELS.length);
  const file = await exportRows(page, 'xlsx', all.total);
  expect(file.name).toMatch(/^operation-records.*type-2.*\.xlsx$/);
  expect(file.rows.map((r) => Number(r['Operation ID']))).toEqual(all.items.map((r) => r.id));
  expect(new Set(file.rows.map((r) => r['Type name (English)']))).toEqual(new Set(['Channel add']));

  // Chinese: the page and the type names, in the table and in the filter.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, 'zh'] as const);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '操作记录' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '类型' }).locator('option:checked')).toHaveText('频道添加');
  await expect(page.locator('[data-testid^="operation-record-"]').first()).toContainText('频道添加');
  await noBlocking(page);
  // The file's headers follow the interface language, not the browser's.
  const zhFile = await exportRows(page, 'xlsx', all.total, 'zh');
  expect(zhFile.rows.map((r) => Number(r['操作编号']))).toEqual(all.items.map((r) => r.id));
  expect(new Set(zhFile.rows.map((r) => r['类型名称（中文）']))).toEqual(new Set(['频道添加']));
});

test('an export is cancelled from its progress dialog: the download stops and nothing is saved', async ({ page }) => {
  test.setTimeout(90_000);
  await loginViaApi(page, server.baseURL, 'admin');
  await page.goto(`${server.baseURL}/main/record/operation`);
  await expect(page.locator('[data-testid^="operation-record-"]').first()).toBeVisible();
  // A slow line (a few hundred bytes a second), so the file is still coming when Stop is pressed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 300, uploadThroughput: -1 });
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));

  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Export to CSV' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog.getByText('Stopped', { exact: true })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForTimeout(1_000);
  expect(downloads).toEqual([]);
  await noBlocking(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('own records from the user menu: a manager\'s operations with mine=1', async ({ page }) => {
  await loginViaApi(page, server.baseURL, 'superadmin');
  await page.goto(`${server.baseURL}/main/dispatch`);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Operation record' }).click();
  await expect(page).toHaveURL(/\/main\/record\/operation\?mine=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My operation records' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Only my records' })).toBeChecked();
  // The browser's login ended the set-up's session of the same account: read with the page's token.
  const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
  const own = await api<Listed<{ id: number }>>(token, 'GET', '/api/me/operations?page=1&size=20&sort=time&order=desc');
  expect(own.total).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page, 'operation')).toEqual(own.items.map((r) => r.id));
  superToken = await apiLogin(rest, server.baseURL, 'superadmin');
});

test('an SOS raised by a handset through the simulator shows at the top of the open table, then both times and the dispatcher who closed it', async ({ page }) => {
  test.setTimeout(120_000);
  sim = await startSimulator(server.baseURL, 'member5', { args: ['--interval', '5000', '--center', '116.45,39.95', '--radius', '50'] });
  await loginViaApi(page, server.baseURL, 'dispatcher1');
  await page.goto(`${server.baseURL}/main/record/sos`);
  await expect(page.getByRole('heading', { level: 1, name: 'SOS records' })).toBeVisible();
  // A dispatcher has the SOS and cross-border records; login and operation records are for managers.
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByRole('tab', { name: 'Cross-border' })).toBeVisible();
  await expect(page.locator('[data-testid^="sos-record-"]').first()).toBeVisible();

  sim.send('sos member5');
  const top = page.locator('[data-testid^="sos-record-"]').first();
  await expect(top).toContainText('Member 5 (member5)', { timeout: 15_000 });
  await expect(top).toContainText('Still open');
  const id = Number((await top.getAttribute('data-testid'))!.slice('sos-record-'.length));

  // Closed by another dispatcher (a REST login of dispatcher1 would end this page's session).
  await api(await apiLogin(rest, server.baseURL, 'dispatcher2'), 'POST', `/api/sos/${id}/close`, { note: 'called back' });
  const cells = page.getByTestId(`sos-record-${id}`).getByRole('cell');
  await expect(cells.nth(2)).toHaveText('Dispatcher 2', { timeout: 15_000 });
  const record = (await listAll<{ id: number; startedAt: string; closedAt: string | null; device: string | null }>('/api/sos', { userId: uid.member5! })).items.find((r) => r.id === id)!;
  expect(record.closedAt).toBeTruthy();
  expect(record.device).toBeTruthy();
  // Start and close as the console writes dates (the browser's language and time zone).
  const shown = await page.evaluate(
    ({ start, close }) => [start, close].map((iso) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso))),
    { start: record.startedAt, close: record.closedAt! },
  );
  await expect(cells.nth(8)).toHaveText(shown[0]!);
  await expect(cells.nth(9)).toHaveText(shown[1]!);
  await expect(cells.nth(10)).toHaveText(/^\d+ (s|min \d+ s)$/);
  await noBlocking(page);
});
