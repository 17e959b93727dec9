import {
  ServerCode,
  XLSX_MIME,
  operationName,
  type FenceAlert,
  type LoginRecord,
  type OperationRecord,
  type Page,
  type Session,
  type SosRecord,
} from '@ptt/contracts';
import { guardCell, type Cell } from '../src/exports/cells';
import { SECOND_ENT_ID } from '../src/seed/demo';
import {
  BASE_MS,
  addAlerts,
  addLogins,
  addOperations,
  addOtherEnterprise,
  addSos,
  download,
  parseCsv,
  parseXlsx,
  userIds,
  type CellValue,
} from './records-fixture';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Issue 23 (ADR 028): each export holds exactly the rows its list shows for the same filters, in
// the same order (read back from the xlsx with exceljs and from the CSV), with the spec's columns;
// formula-like text is defused; permissions are the lists'; the file name names the filter.

const ACCOUNTS = ['member1', 'member2', 'admin', 'dispatcher1'];
const OPERATIONS = 12_345; // more than two batches of 5,000
const DAY = 86_400_000;

/** What a list item becomes in the file, before the format (cells as the export computes them). */
const operationCells = (o: OperationRecord): Cell[] => [o.id, o.userId, o.account, o.type, operationName(o.type, 'en'), operationName(o.type, 'zh'), o.device, o.ip, o.time];
const loginCells = (r: LoginRecord): Cell[] => [r.time, r.account, r.nickname, r.device, r.platform, r.lng, r.lat, r.abnormal ? 'Yes' : 'No', r.ip];
const sosCells = (r: SosRecord): Cell[] => [
  r.id, r.user.account, r.user.nickname, r.dispatcher?.nickname ?? null, r.lng, r.lat, r.device, r.ip, r.startedAt, r.closedAt,
  r.closedAt === null ? null : Math.floor((Date.parse(r.closedAt) - Date.parse(r.startedAt)) / 1000),
];
const alertCells = (a: FenceAlert): Cell[] => [
  a.user.account, a.user.nickname, a.dispatcher?.nickname ?? null, a.fence.id, a.fence.name, a.type === 'leave' ? 'Leave' : 'Stay', a.time, a.ip, a.lng, a.lat,
];

const asCsv = (cells: Cell[]) => cells.map((c) => (c === null ? '' : String(guardCell(c))));
const asXlsx = (cells: Cell[]): CellValue[] => cells.map((c) => guardCell(c));

interface Case<T> {
  list: string;
  exportUrl: string;
  cells: (item: T) => Cell[];
  filter: string;
}

describe.each(DB_KINDS)('record exports on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'dispatcher1' | 'member1' | 'guard1', Session>;
  let ids: Record<string, number> = {};
  let fenceId = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.listen();
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher1 = await loginAs(t.app, 'dispatcher1');
    s.member1 = await loginAs(t.app, 'member1');
    s.guard1 = await loginAs(t.app, 'guard1', SECOND_ENT_ID);
    ids = await userIds(t.db, ACCOUNTS);
    await addOperations(t.db, OPERATIONS, ACCOUNTS);
    await addLogins(t.db, 300, ACCOUNTS);
    await addSos(t.db, 60, ACCOUNTS, ids.dispatcher1!);
    fenceId = await addAlerts(t.db, 200, ACCOUNTS, ids.dispatcher1!);
    await addOtherEnterprise(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every item of a list for a filter, page by page. */
  async function listAll<T>(url: string, token: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const r = await api<Page<T>>(t.app, 'GET', `${url}${url.includes('?') ? '&' : '?'}size=200&page=${page}`, token);
      expect(r.body.code).toBe(0);
      items.push(...r.body.data.items);
      if (r.body.data.items.length < 200) return items;
    }
  }

  async function expectSameRows<T>(c: Case<T>, token: string): Promise<number> {
    const items = await listAll<T>(`${c.list}?${c.filter}`, token);
    const csv = await download(t.baseUrl, `${c.exportUrl}?${c.filter}&format=csv`, token);
    expect([csv.status, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    const csvRows = parseCsv(csv.body);
    expect(csvRows.slice(1)).toEqual(items.map((i) => asCsv(c.cells(i))));
    const xlsx = await download(t.baseUrl, `${c.exportUrl}?${c.filter}`, token);
    expect([xlsx.status, xlsx.headers['content-type']]).toEqual([200, XLSX_MIME]);
    const xlsxRows = await parseXlsx(xlsx.body);
    expect(xlsxRows[0]).toEqual(csvRows[0]);
    expect(xlsxRows.slice(1)).toEqual(items.map((i) => asXlsx(c.cells(i))));
    return items.length;
  }

  it('filters the login, operation and SOS lists by device text (contains, any case)', async () => {
    for (const list of ['/api/records/operations', '/api/records/logins', '/api/sos', '/api/me/operations', '/api/me/sos-records', '/api/me/login-records']) {
      const token = list.startsWith('/api/me') ? s.member1.auth_token : s.admin.auth_token;
      const all = await api<Page<{ device: string | null }>>(t.app, 'GET', `${list}?size=200`, token);
      const some = await api<Page<{ device: string | null }>>(t.app, 'GET', `${list}?size=200&device=${encodeURIComponent(' rADIO r7 ')}`, token);
      expect([list, some.body.code]).toEqual([list, 0]);
      expect(some.body.data.total).toBeGreaterThan(0);
      expect(some.body.data.total).toBeLessThan(all.body.data.total);
      expect(some.body.data.items.every((i) => i.device === 'Android 14; Radio R7')).toBe(true);
      // % and _ are plain characters, not patterns.
      expect((await api<Page<unknown>>(t.app, 'GET', `${list}?device=%25`, token)).body.data.total).toBe(0);
    }
  });

  const ops = { list: '/api/records/operations', exportUrl: '/api/records/operations/export', cells: operationCells };

  it('exports every operation record, newest first, across batches, as the list pages them', async () => {
    const n = await expectSameRows({ ...ops, filter: 'sort=time&order=desc' }, s.admin.auth_token);
    expect(n).toBeGreaterThanOrEqual(OPERATIONS);
  });

  it.each([
    ['type, device and a time range, by account', `type=9&device=android&from=${BASE_MS + DAY}&to=${BASE_MS + 10 * DAY}&sort=account&order=asc`],
    ['one user, by type, descending', 'userId=USER&sort=type&order=desc'],
    ['a search, by account descending (records without an account first)', 'q=10.1.7&sort=account&order=desc'],
  ])('exports operation records filtered by %s', async (_what, filter) => {
    const n = await expectSameRows({ ...ops, filter: filter.replace('USER', String(ids.member1)) }, s.admin.auth_token);
    expect(n).toBeGreaterThan(0);
  });

  it.each([
    ['all', 'sort=time&order=asc'],
    ['one user, abnormal, a device, newest first', 'userId=USER&abnormal=true&device=CHROME&order=desc'],
    ['by account with a time range', `sort=account&order=desc&from=${BASE_MS}&to=${BASE_MS + 3 * DAY}`],
  ])('exports login records (%s)', async (_what, filter) => {
    const c = { list: '/api/records/logins', exportUrl: '/api/records/logins/export', cells: loginCells, filter: filter.replace('USER', String(ids.member1)) };
    expect(await expectSameRows(c, s.admin.auth_token)).toBeGreaterThan(0);
  });

  it.each([
    ['closed, by close time descending', 'state=closed&sort=closedAt&order=desc'],
    ['a device, by close time ascending (the open one last)', 'device=android&sort=closedAt&order=asc'],
    ['by close time descending (the open one first) and a search', 'sort=closedAt&order=desc&q=member'],
    ['one user in a time range, by account', `userId=USER&from=${BASE_MS}&to=${BASE_MS + 20 * DAY}&sort=account`],
  ])('exports SOS records (%s), the same as GET /api/sos', async (_what, filter) => {
    const c = { list: '/api/sos', exportUrl: '/api/records/sos/export', cells: sosCells, filter: filter.replace('USER', String(ids.member1)) };
    expect(await expectSameRows(c, s.dispatcher1.auth_token)).toBeGreaterThan(0);
  });

  it.each([
    ['stay, by fence name descending', 'type=stay&sort=fenceName&order=desc'],
    ['one fence and user in a time range', `fenceId=FENCE&userId=USER&from=${BASE_MS}&to=${BASE_MS + DAY}`],
    ['a search, by account', 'q=%E5%8C%97&sort=account'],
  ])('exports cross-border records (%s)', async (_what, filter) => {
    const c = {
      list: '/api/records/fence-alerts', exportUrl: '/api/records/fence-alerts/export', cells: alertCells,
      filter: filter.replace('FENCE', String(fenceId)).replace('USER', String(ids.member2)),
    };
    expect(await expectSameRows(c, s.dispatcher1.auth_token)).toBeGreaterThan(0);
  });

  it("exports the caller's own records from /api/me, whatever user id is asked for", async () => {
    const token = s.member1.auth_token;
    const other = `userId=${ids.member2}`;
    expect(await expectSameRows({ ...ops, list: '/api/me/operations', exportUrl: '/api/me/operations/export', filter: `${other}&order=desc` }, token)).toBeGreaterThan(0);
    expect(await expectSameRows({ list: '/api/me/login-records', exportUrl: '/api/me/login-records/export', cells: loginCells, filter: other }, token)).toBeGreaterThan(0);
    expect(await expectSameRows({ list: '/api/me/sos-records', exportUrl: '/api/me/sos-records/export', cells: sosCells, filter: other }, token)).toBeGreaterThan(0);
    const mine = parseCsv((await download(t.baseUrl, `/api/me/operations/export?format=csv&${other}`, token)).body).slice(1);
    expect(new Set(mine.map((r) => r[2]))).toEqual(new Set(['member1']));
  });

  it("never shows another enterprise's records, and shows that one's own", async () => {
    for (const url of ['/api/records/operations/export', '/api/records/logins/export', '/api/records/sos/export']) {
      const file = await download(t.baseUrl, `${url}?format=csv`, s.admin.auth_token);
      expect(file.body.toString('utf8')).not.toContain('other-ent');
    }
    for (const url of ['/api/me/operations/export', '/api/me/login-records/export', '/api/me/sos-records/export']) {
      const rows = parseCsv((await download(t.baseUrl, `${url}?format=csv`, s.guard1.auth_token)).body).slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.includes('guard1') || r.includes('other-ent'))).toBe(true);
    }
  });

  it('defuses text that would start a formula, quotes CSV by RFC 4180 and keeps numbers numbers', async () => {
    const filter = `format=csv&sort=time&order=asc&from=${BASE_MS}&to=${BASE_MS + 10 * 60_000}`;
    const csv = await download(t.baseUrl, `/api/records/operations/export?${filter}`, s.admin.auth_token);
    const text = csv.body.toString('utf8');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(text).toContain(",'+1-555-0100,");
    expect(text).toContain(",'-2+3,");
    expect(text).toContain(",'@SUM(A1:A2),");
    expect(text).toContain(',对讲机 甲1,');
    expect(text).toContain(',"quote "" comma , line\nbreak",');
    expect(text).not.toMatch(/,=|,\+|,@|,-2/);

    const logins = await parseXlsx((await download(t.baseUrl, '/api/records/logins/export?sort=time&order=asc', s.admin.auth_token)).body);
    const devices = logins.slice(1).map((r) => r[3]);
    expect(devices).toEqual(expect.arrayContaining(["'=HYPERLINK(\"http://evil.example\",\"click\")", "'-2+3", "'@SUM(A1:A2)", "'+1-555-0100"]));
    // A negative longitude is a number, not guarded text.
    expect(logins.slice(1).some((r) => typeof r[5] === 'number' && r[5] < 0)).toBe(true);
    const alerts = parseCsv((await download(t.baseUrl, '/api/records/fence-alerts/export?format=csv', s.admin.auth_token)).body);
    expect(alerts.slice(1).some((r) => r[4] === `'=Gate, "North"` && r[8]!.startsWith('-'))).toBe(true);
  });

  it('writes the header in Chinese when the request prefers it, English otherwise', async () => {
    const url = '/api/records/operations/export?format=csv&type=1';
    const zh = parseCsv((await download(t.baseUrl, url, s.admin.auth_token, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).body);
    expect(zh[0]).toEqual(['操作编号', '用户编号', '账号', '类型', '类型名称（英文）', '类型名称（中文）', '设备', 'IP', '时间（UTC）']);
    const en = parseCsv((await download(t.baseUrl, url, s.admin.auth_token, { 'accept-language': 'en-GB,zh;q=0.5' })).body);
    expect(en[0]).toEqual(['Operation ID', 'User ID', 'Account', 'Type', 'Type name (English)', 'Type name (Chinese)', 'Device', 'IP', 'Time (UTC)']);
    expect(en[1]!.slice(3, 6)).toEqual(['1', 'File upload', '文件上传']);
    const logins = parseCsv((await download(t.baseUrl, '/api/records/logins/export?format=csv&abnormal=true', s.admin.auth_token, { 'accept-language': 'zh' })).body);
    expect(new Set(logins.slice(1).map((r) => r[7]))).toEqual(new Set(['是']));
  });

  it('names the filter in the file name, with the exact text in filename*', async () => {
    const from = Date.parse('2026-11-01T00:00:00Z');
    const to = Date.parse('2026-11-29T00:00:00Z');
    const a = await download(t.baseUrl, `/api/records/operations/export?type=12&from=${from}&to=${to}`, s.admin.auth_token);
    expect(a.headers['content-disposition']).toBe(
      "attachment; filename=\"operation-records_2026-11-01_2026-11-28_type-12.xlsx\"; filename*=UTF-8''operation-records_2026-11-01_2026-11-28_type-12.xlsx",
    );
    expect(a.headers['cache-control']).toBe('no-store');
    const b = await download(t.baseUrl, `/api/me/sos-records/export?format=csv&device=${encodeURIComponent('对讲机 甲')}`, s.member1.auth_token);
    expect(b.headers['content-disposition']).toBe(
      `attachment; filename="my-sos-records_device-___-_.csv"; filename*=UTF-8''my-sos-records_device-${encodeURIComponent('对讲机-甲')}.csv`,
    );
  });

  it('refuses bad input with 400 JSON before any file', async () => {
    for (const q of ['format=pdf', 'exportId=a%20b', 'from=abc', 'type=99', 'sort=ip']) {
      const r = await api(t.app, 'GET', `/api/records/operations/export?${q}`, s.admin.auth_token);
      expect([q, r.status, r.body.code]).toEqual([q, 400, ServerCode.ParameterError]);
    }
  });

  it("has the lists' permissions: members only their own, dispatchers SOS and cross-border", async () => {
    const staffOnly = ['/api/records/sos/export', '/api/records/fence-alerts/export'];
    const managersOnly = ['/api/records/logins/export', '/api/records/operations/export'];
    for (const url of [...staffOnly, ...managersOnly]) {
      const r = await api(t.app, 'GET', url, s.member1.auth_token);
      expect([url, r.status, r.body.code]).toEqual([url, 403, ServerCode.InsufficientPermissions]);
      const none = await api(t.app, 'GET', url, null);
      expect([url, none.status, none.body.code]).toEqual([url, 401, ServerCode.AuthorizationFailed]);
    }
    for (const url of managersOnly) expect((await api(t.app, 'GET', url, s.dispatcher1.auth_token)).status).toBe(403);
    for (const url of staffOnly) expect((await download(t.baseUrl, `${url}?format=csv`, s.dispatcher1.auth_token)).status).toBe(200);
    for (const url of ['/api/me/operations/export', '/api/me/login-records/export', '/api/me/sos-records/export']) {
      expect((await download(t.baseUrl, url, s.member1.auth_token)).status).toBe(200);
    }
  });
});
