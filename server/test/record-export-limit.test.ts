import { ServerCode, type Session } from '@ptt/contracts';
import { addOperations, download, parseCsv } from './records-fixture';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Past RECORD_EXPORT_ROWS_MAX an export is refused with 2004 and maxRows before anything is written
// (ADR 028). The limit is lowered here; its value (one xlsx sheet) is the contracts'.
const LIMIT = 25;
jest.mock('@ptt/contracts', () => ({ ...jest.requireActual<object>('@ptt/contracts'), RECORD_EXPORT_ROWS_MAX: 25 }));

describe.each(DB_KINDS)('record export row limit on %s', (kind) => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.listen();
    admin = await loginAs(t.app, 'admin');
    await addOperations(t.db, 3 * LIMIT, ['member1', 'admin']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['csv', 'xlsx'])('refuses more rows than one export holds, as JSON, naming the limit (%s)', async (format) => {
    const r = await api(t.app, 'GET', `/api/records/operations/export?format=${format}`, admin.auth_token);
    expect([r.status, r.body]).toEqual([400, { code: ServerCode.ParameterError, msg: 'parameter error', data: { reason: 'too many rows, narrow the filters', maxRows: LIMIT } }]);
  });

  it('exports a filter within the limit', async () => {
    const file = await download(t.baseUrl, '/api/records/operations/export?format=csv&userId=&q=10.1.1', admin.auth_token);
    expect(file.status).toBe(200);
    const rows = parseCsv(file.body).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(LIMIT);
  });
});
