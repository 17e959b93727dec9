import { OperationType, ServerCode, fileMetaSchema, type FileMeta } from '@ptt/contracts';
import { safeFileName } from '../src/files/file-store';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';


describe('safeFileName', () => {
  it('keeps the base name only, without control or reserved characters, bounded', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(safeFileName('a\u0000b<c>.txt')).toBe('abc.txt');
    expect(safeFileName('...hidden')).toBe('hidden');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(undefined)).toBe('file');
    expect(safeFileName('x'.repeat(500))).toHaveLength(120);
    expect(safeFileName('报告.pdf')).toBe('报告.pdf');
  });
});

describe.each(DB_KINDS)('files on %s', (kind) => {
  let t: TestApp;
  let memberTok: string;
  let otherTok: string;

  function upload(token: string, data: Buffer, name: string, claimed?: string) {
    return uploadFile<FileMeta & { reason?: string; maxBytes?: number }>(t.app, '/api/files', token, data, name, claimed);
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    memberTok = (await loginAs(t.app, 'member1')).auth_token;
    otherTok = (await loginAs(t.app, 'guard1', SECOND_ENT_ID)).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an upload, sniffs its type whatever the client claimed, and writes FileUpload', async () => {
    const since = await lastOperationId(t.db);
    const r = await upload(memberTok, PNG_1PX, 'photo.exe', 'application/x-msdownload');
    expect(r.status).toBe(200);
    const meta = fileMetaSchema.parse(r.body.data);
    expect(meta).toMatchObject({ name: 'photo.exe', mime: 'image/png', size: PNG_1PX.length, url: `/api/files/${meta.id}` });
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.FileUpload, since)).toBe(1);
  });

  it('serves images inline and anything unknown as an attachment, never as HTML', async () => {
    const img = (await upload(memberTok, PNG_1PX, 'a.png')).body.data;
    const res = await t.app.inject({ method: 'GET', url: img.url, headers: { authorization: `Bearer ${memberTok}` } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const html = (await upload(memberTok, Buffer.from('<html><script>alert(1)</script></html>'), '页面.html', 'text/html')).body.data;
    expect(html.mime).toBe('application/octet-stream');
    const dl = await t.app.inject({ method: 'GET', url: html.url, headers: { authorization: `Bearer ${memberTok}` } });
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['content-disposition']).toContain("attachment; filename=\"__.html\"; filename*=UTF-8''%E9%A1%B5%E9%9D%A2.html");
  });

  it('serves one byte range with 206 (media elements seek so) and the whole file otherwise', async () => {
    const img = (await upload(memberTok, PNG_1PX, 'r.png')).body.data;
    const get = (range?: string) =>
      t.app.inject({ method: 'GET', url: img.url, headers: { authorization: `Bearer ${memberTok}`, ...(range ? { range } : {}) } });
    const part = await get('bytes=2-9');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${PNG_1PX.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload.equals(PNG_1PX.subarray(2, 10))).toBe(true);
    const tail = await get('bytes=-4');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PNG_1PX.subarray(PNG_1PX.length - 4))).toBe(true);
    for (const ignored of [undefined, 'bytes=0-1,4-5', `bytes=${PNG_1PX.length}-`]) {
      const whole = await get(ignored);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(PNG_1PX)).toBe(true);
    }
  });

  it('refuses the token as ?at= (signed URLs replace it: file-links.test.ts) and a request without one', async () => {
    const img = (await upload(memberTok, PNG_1PX, 'b.png')).body.data;
    const withQuery = await t.app.inject({ method: 'GET', url: `${img.url}?at=${encodeURIComponent(memberTok)}` });
    expect(withQuery.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: img.url });
    expect([none.statusCode, none.json<{ code: number }>().code]).toEqual([401, ServerCode.AuthorizationFailed]);
  });

  it("hides one enterprise's files from another (404)", async () => {
    const img = (await upload(memberTok, PNG_1PX, 'c.png')).body.data;
    const meta = await api(t.app, 'GET', `/api/files/${img.id}/meta`, otherTok);
    expect([meta.status, meta.body.code]).toEqual([404, ServerCode.NotFound]);
    const dl = await t.app.inject({ method: 'GET', url: img.url, headers: { authorization: `Bearer ${otherTok}` } });
    expect(dl.statusCode).toBe(404);
  });

  it("refuses a file over the enterprise's quota with 1005 'The file is too large' and keeps nothing", async () => {
    await t.db.query('update enterprises set max_file_bytes = 1024 where id = $1', [DEMO_ENT_ID]);
    try {
      const before = await t.db.query<{ n: number }>('select count(*)::int as n from files');
      const r = await upload(memberTok, Buffer.alloc(4096, 1), 'big.bin');
      expect([r.status, r.body.code, r.body.msg]).toEqual([413, ServerCode.FileSizeQuotaExceeded, 'The file is too large']);
      expect(r.body.data).toMatchObject({ reason: 'rule.fileTooLarge', maxBytes: 1024 });
      const after = await t.db.query<{ n: number }>('select count(*)::int as n from files');
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
      expect((await upload(memberTok, Buffer.alloc(1000, 1), 'small.bin')).body.code).toBe(0);
    } finally {
      await t.db.query('update enterprises set max_file_bytes = 104857600 where id = $1', [DEMO_ENT_ID]);
    }
  });

  it('answers 2004 to a request without a file', async () => {
    const r = await api(t.app, 'POST', '/api/files', memberTok, { not: 'a file' });
    expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
  });
});
