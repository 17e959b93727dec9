import ExcelJS from 'exceljs';
import {
  ASSIGNMENT_EXPORT_INFO_COLUMNS,
  ASSIGNMENT_SHEET_COLUMNS,
  IMPORT_ROWS_MAX,
  OperationType,
  ServerCode,
  USER_EXPORT_INFO_COLUMNS,
  USER_SHEET_COLUMNS,
  XLSX_MIME,
  sheetImportResultSchema,
  type Page,
  type SheetImportResult,
  type UserSummary,
} from '@ptt/contracts';
import { cellText } from '../src/spreadsheets/xlsx-read';
import { attachmentDisposition } from '../src/spreadsheets/xlsx-write';
import { inspectZip } from '../src/spreadsheets/zip-check';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, postLogin, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

type Cell = ExcelJS.CellValue;

/** An xlsx built the way a user's spreadsheet program would: one sheet, header row first. */
async function xlsx(rows: readonly (readonly Cell[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readBook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return wb;
}

/** Every row of a sheet as text, header first. */
function sheetText(ws: ExcelJS.Worksheet): string[][] {
  const out: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    out.push(cells);
  });
  return out;
}

/** One stored (uncompressed) entry: a zip that is not an xlsx. */
function storedZip(name: string, content: string): Buffer {
  const n = Buffer.from(name);
  const data = Buffer.from(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + n.length, 12);
  end.writeUInt32LE(30 + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

describe('spreadsheet helpers', () => {
  it('reads every kind of cell as text', () => {
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2024, 0, 31)))).toBe('2024-01-31');
    expect(cellText({ richText: [{ text: 'Rich ' }, { text: 'Text' }] })).toBe('Rich Text');
    expect(cellText({ formula: 'A1&"x"', result: 'abc' })).toBe('abc');
    expect(cellText({ formula: 'NOW()' })).toBe('');
    expect(cellText({ text: 'link', hyperlink: 'http://example.com' })).toBe('link');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(null)).toBe('');
  });

  it('names downloads with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('演示 "o\'rg" users.xlsx')).toBe(
      `attachment; filename="__ _o'rg_ users.xlsx"; filename*=UTF-8''%E6%BC%94%E7%A4%BA%20%22o%27rg%22%20users.xlsx`,
    );
  });

  it('accepts a real xlsx and refuses other zips, truncated files and entries larger than declared', async () => {
    const book = await xlsx([['account'], ['a1']]);
    await expect(inspectZip(book, 50 * 1024 * 1024)).resolves.toBe('xlsx');
    await expect(inspectZip(book, 100)).resolves.toBe('tooLarge');
    await expect(inspectZip(storedZip('word/document.xml', '<w/>'), 1024)).resolves.toBe('notXlsx');
    await expect(inspectZip(book.subarray(0, book.length - 30), 50 * 1024 * 1024)).resolves.toBe('notXlsx');
    await expect(inspectZip(Buffer.from('account,nickname\n'), 1024)).resolves.toBe('notXlsx');
    // A directory that understates an entry's size (how zip bombs pass size checks) is refused.
    const lying = Buffer.from(book);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(Math.max(1, lying.readUInt32LE(central + 24) - 1), central + 24);
    await expect(inspectZip(lying, 50 * 1024 * 1024)).resolves.toBe('notXlsx');
  });
});

describe.each(DB_KINDS)('spreadsheets on %s', (kind) => {
  let t: TestApp;
  let superTok: string;
  let adminTok: string;
  let dispTok: string;
  let memberTok: string;
  const acc = (name: string) => `imp${kind}${name}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    superTok = (await loginAs(t.app, 'superadmin')).auth_token;
    adminTok = (await loginAs(t.app, 'admin')).auth_token;
    dispTok = (await loginAs(t.app, 'dispatcher1')).auth_token;
    memberTok = (await loginAs(t.app, 'member1')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(url: string, token: string, file: Buffer, name = 'import.xlsx'): Promise<{ status: number; body: Envelope<SheetImportResult> }> {
    const boundary = 'ptt-sheet-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${XLSX_MIME}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    const body = res.json<Envelope<SheetImportResult>>();
    if (res.statusCode === 200) sheetImportResultSchema.parse(body.data);
    return { status: res.statusCode, body };
  }

  async function download(url: string, token: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['cache-control']).toBe('no-store');
    return { buf: res.rawPayload, disposition: String(res.headers['content-disposition']) };
  }

  async function userId(account: string): Promise<number> {
    const r = await t.db.query<{ id: number }>('select id from users where ent_id = $1 and lower(account) = lower($2)', [DEMO_ENT_ID, account]);
    return r.rows[0]!.id;
  }

  async function channelId(name: string): Promise<number> {
    const r = await t.db.query<{ id: number }>('select id from channels where ent_id = $1 and name = $2', [DEMO_ENT_ID, name]);
    return r.rows[0]!.id;
  }

  async function member(channel: string, account: string) {
    const r = await t.db.query<{ level: number; remark: string | null }>(
      'select level, remark from channel_members where channel_id = $1 and user_id = $2',
      [await channelId(channel), await userId(account)],
    );
    return r.rows[0] ?? null;
  }

  const errorRows = (r: SheetImportResult) => r.errors.map((e) => [e.row, e.field, e.message]);

  describe('templates', () => {
    it('serves the user template and both assignment templates, which parse back with exceljs', async () => {
      const users = await download('/api/users/import/template', adminTok);
      expect(users.disposition).toBe(`attachment; filename="user-import-template.xlsx"; filename*=UTF-8''user-import-template.xlsx`);
      const book = await readBook(users.buf);
      expect(book.worksheets.map((w) => w.name)).toEqual(['Users', 'Instructions']);
      expect(sheetText(book.getWorksheet('Users')!)).toEqual([[...USER_SHEET_COLUMNS]]);
      const instructions = sheetText(book.getWorksheet('Instructions')!);
      expect(instructions.map((r) => r[0])).toEqual(expect.arrayContaining([...USER_SHEET_COLUMNS]));
      for (const layout of ['byChannel', 'byUser'] as const) {
        const file = await download(`/api/channels/assignments/template?layout=${layout}`, adminTok);
        const b = await readBook(file.buf);
        expect(sheetText(b.getWorksheet('Assignments')!)).toEqual([[...ASSIGNMENT_SHEET_COLUMNS[layout]]]);
        expect(b.getWorksheet('Instructions')).toBeDefined();
      }
      const bad = await api(t.app, 'GET', '/api/channels/assignments/template?layout=sideways', adminTok);
      expect([bad.status, bad.body.code]).toEqual([400, ServerCode.ParameterError]);
    });
  });

  describe('user import', () => {
    const header = [...USER_SHEET_COLUMNS];
    const first = (): Cell[][] => [
      header,
      [acc('a'), 'Import A', 'secret1', 'user', 'night, gate', 'Security'],
      [acc('b'), 'x'.repeat(40), 'secret1'],
      [acc('c'), 'Import C', 'abc'],
      ['member1', 'Someone Else', 'secret1'],
      [acc('d'), 'Import D', 'secret1', '', '', 'Security; Nowhere'],
      [acc('A').toUpperCase(), 'Import A', 'secret1'],
      [13800138000, { richText: [{ text: 'Rich ' }, { text: 'Text' }] }, 'secret1', 1],
      [acc('e'), { formula: '"Formula"&" Name"', result: 'Formula Name' }, 'secret1', 'manager'],
      [],
      [acc('f'), 'Import F', 'secret1', 'boss'],
    ];

    it('creates valid rows, reports bad rows by Excel row number and the imported password works', async () => {
      const since = await lastOperationId(t.db);
      const r = await upload('/api/users/import', adminTok, await xlsx(first()));
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ total: 9, created: 2, updated: 0, unchanged: 0 });
      expect(errorRows(r.body.data)).toEqual([
        [3, 'nickname', 'validation.nicknameTooLong'],
        [4, 'password', 'validation.passwordInvalid'],
        [5, 'account', 'rule.accountExists'],
        [6, 'channels', 'rule.notFound'],
        [7, 'account', 'rule.memberAlreadyExists'],
        [9, 'role', 'rule.insufficientPermissions'],
        [11, 'role', 'validation.roleInvalid'],
      ]);
      expect(r.body.data.errors.find((e) => e.row === 6)?.value).toBe('Nowhere');
      // Offending values come back to help, except passwords.
      expect(r.body.data.errors.find((e) => e.row === 4)).toEqual({ row: 4, field: 'password', message: 'validation.passwordInvalid' });
      const detail = await api<{ channels: { name: string }[]; tags: string[]; role: number }>(t.app, 'GET', `/api/users/${await userId(acc('a'))}`, adminTok);
      expect(detail.body.data.channels.map((c) => c.name).sort()).toEqual(['General', 'Security']);
      expect(detail.body.data.tags).toEqual(['gate', 'night']);
      const phone = await api<UserSummary>(t.app, 'GET', `/api/users/${await userId('13800138000')}`, adminTok);
      expect(phone.body.data).toMatchObject({ account: '13800138000', nickname: 'Rich Text', role: 1 });
      const login = await postLogin(t.app, { entId: DEMO_ENT_ID, account: acc('a'), password: 'secret1' });
      expect(login.body.code).toBe(0);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserImport, since)).toBe(1);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserAdd, since)).toBe(0);
      const op = await t.db.query<{ detail: Record<string, unknown> }>('select detail from operation_logs where id > $1 and type = $2', [since, OperationType.UserImport]);
      expect(op.rows[0]!.detail).toMatchObject({ file: 'import.xlsx', total: 9, created: 2, updated: 0, unchanged: 0, errorRows: 7 });
    });

    it('changes nothing when the same file comes again, and takes only the fixed rows of a fixed file', async () => {
      const again = await upload('/api/users/import', adminTok, await xlsx(first()));
      expect(again.body.data).toMatchObject({ total: 9, created: 0, updated: 0, unchanged: 2 });
      expect(errorRows(again.body.data).map((e) => e[0])).toEqual([3, 4, 5, 6, 7, 9, 11]);
      const fixed = await xlsx([
        header,
        [acc('a'), 'Import A', 'secret1', 'user', 'night, gate', 'Security'],
        [acc('b'), 'Import B', 'secret1'],
        [acc('c'), 'Import C', 'secret1'],
        ['member1', 'Member 1', '', '', 'vip', 'Logistics'],
        [acc('d'), 'Import D', 'secret1', '', '', 'Security; Logistics'],
        [acc('g'), 'Import G', 'secret1'],
        [13800138000, 'Rich Text', 'secret1', 'dispatcher'],
        [acc('e'), 'Formula Name', 'secret1', 'user'],
        [],
        [acc('f'), 'Import F', 'secret1', 'dispatcher'],
      ]);
      const r = await upload('/api/users/import', adminTok, fixed);
      expect(r.body.data).toEqual({ total: 9, created: 6, updated: 1, unchanged: 2, errors: [] });
      expect((await member('Logistics', 'member1'))).not.toBeNull();
      const once = await upload('/api/users/import', adminTok, fixed);
      expect(once.body.data).toEqual({ total: 9, created: 0, updated: 0, unchanged: 9, errors: [] });
    });

    it('turns rows beyond the member quota into row errors (1003 rule), not a failure', async () => {
      const used = (await t.db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [DEMO_ENT_ID])).rows[0]!.n;
      await t.db.query('update enterprises set max_members = $1 where id = $2', [used + 1, DEMO_ENT_ID]);
      try {
        const r = await upload('/api/users/import', adminTok, await xlsx([header, [acc('q1'), 'Q 1', 'secret1'], [acc('q2'), 'Q 2', 'secret1'], [acc('q3'), 'Q 3', 'secret1']]));
        expect(r.status).toBe(200);
        expect(r.body.data).toMatchObject({ total: 3, created: 1 });
        expect(errorRows(r.body.data)).toEqual([
          [3, 'account', 'rule.memberQuotaExceeded'],
          [4, 'account', 'rule.memberQuotaExceeded'],
        ]);
      } finally {
        await t.db.query('update enterprises set max_members = 1000 where id = $1', [DEMO_ENT_ID]);
      }
    });

    it('lets a super admin import manager accounts', async () => {
      const r = await upload('/api/users/import', superTok, await xlsx([header, [acc('m'), 'Import Manager', 'secret1', 'manager']]));
      expect(r.body.data).toMatchObject({ created: 1, errors: [] });
    });
  });

  describe('user export', () => {
    it('exports with the list filters and re-imports without changes', async () => {
      const list = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?role=0&sort=account&size=200', adminTok);
      const file = await download('/api/users/export?role=0&sort=account', adminTok);
      expect(file.disposition).toMatch(/^attachment; filename="Demo Organisation users \d{4}-\d\d-\d\d\.xlsx"; filename\*=UTF-8''Demo%20Organisation%20users%20\d{4}-\d\d-\d\d\.xlsx$/);
      const rows = sheetText((await readBook(file.buf)).worksheets[0]!);
      expect(rows[0]).toEqual([...USER_SHEET_COLUMNS, ...USER_EXPORT_INFO_COLUMNS]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(list.body.data.items.map((u) => u.account));
      const a = rows.find((r) => r[0] === acc('a'))!;
      expect(a.slice(0, 6)).toEqual([acc('a'), 'Import A', '', 'user', 'gate, night', 'Security']);
      const back = await upload('/api/users/import', adminTok, file.buf, 'export.xlsx');
      expect(back.body.data).toEqual({ total: rows.length - 1, created: 0, updated: 0, unchanged: rows.length - 1, errors: [] });
      // Everyone, managers included: an admin re-importing them changes (and is refused) nothing.
      const all = await download('/api/users/export', adminTok);
      const allBack = await upload('/api/users/import', adminTok, all.buf);
      expect(allBack.body.data).toMatchObject({ created: 0, updated: 0, errors: [] });
    });

    it('writes text that looks like a formula as plain text', async () => {
      const r = await upload('/api/users/import', adminTok, await xlsx([[...USER_SHEET_COLUMNS], ['@at', '-Dash', 'secret1', '', '', '']]));
      expect(r.body.data).toMatchObject({ created: 1, errors: [] });
      const file = await download('/api/users/export?q=%40at', adminTok);
      const ws = (await readBook(file.buf)).worksheets[0]!;
      for (const cell of [ws.getCell('A2'), ws.getCell('B2')]) {
        expect(cell.type).toBe(ExcelJS.ValueType.String);
        expect(cell.numFmt).toBe('@');
      }
      expect([ws.getCell('A2').value, ws.getCell('B2').value]).toEqual(['@at', '-Dash']);
    });
  });

  describe('channel assignment', () => {
    it('imports the by-channel layout: adds, updates, reports, and a second import changes nothing', async () => {
      const since = await lastOperationId(t.db);
      const file = await xlsx([
        [...ASSIGNMENT_SHEET_COLUMNS.byChannel],
        ['Security', 'member4', 3, 'night shift'],
        ['security', 'MEMBER2', 2, ''],
        ['Security', 'member3', '', ''],
        ['Nowhere', 'member1', 1, ''],
        ['Security', 'ghost', '', ''],
        ['Security', 'member4', 5, ''],
        ['Security', 'member5', 'x', ''],
        ['Security', 'member6', 10, ''],
      ]);
      const r = await upload('/api/channels/assignments/import?layout=byChannel', adminTok, file);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ total: 8, created: 1, updated: 1, unchanged: 1 });
      expect(errorRows(r.body.data)).toEqual([
        [5, 'channel', 'rule.notFound'],
        [6, 'account', 'rule.notFound'],
        [7, 'account', 'rule.memberAlreadyExists'],
        [8, 'level', 'validation.levelInvalid'],
        [9, 'level', 'validation.levelInvalid'],
      ]);
      expect(await member('Security', 'member4')).toEqual({ level: 3, remark: 'night shift' });
      expect(await member('Security', 'member2')).toMatchObject({ level: 2 });
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelAssignmentImport, since)).toBe(1);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelMemberAdd, since)).toBe(0);
      const again = await upload('/api/channels/assignments/import?layout=byChannel', adminTok, file);
      expect(again.body.data).toMatchObject({ total: 8, created: 0, updated: 0, unchanged: 3 });
      expect(again.body.data.errors).toEqual(r.body.data.errors);
    });

    it('imports the by-user layout with comma, semicolon and full-width separators', async () => {
      const file = await xlsx([
        [...ASSIGNMENT_SHEET_COLUMNS.byUser],
        ['member5', 'Security; Logistics'],
        ['member6', 'Security，Nowhere'],
        ['MEMBER5', 'General'],
        ['member1', ''],
        ['member3', 'General, Security'],
      ]);
      const r = await upload('/api/channels/assignments/import?layout=byUser', adminTok, file);
      expect(r.body.data).toMatchObject({ total: 5, created: 1, updated: 0, unchanged: 1 });
      expect(errorRows(r.body.data)).toEqual([
        [3, 'channels', 'rule.notFound'],
        [4, 'account', 'rule.memberAlreadyExists'],
        [5, 'channels', 'validation.channelNameRequired'],
      ]);
      expect(await member('Security', 'member5')).not.toBeNull();
      expect(await member('Security', 'member6')).toBeNull();
      const again = await upload('/api/channels/assignments/import?layout=byUser', adminTok, file);
      expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    });

    it('exports both layouts, one channel on request, and re-imports them without changes', async () => {
      const security = await channelId('Security');
      const remark = await api(t.app, 'PATCH', `/api/channels/${security}/members/${await userId('member1')}`, adminTok, { remark: '=1+2' });
      expect(remark.status).toBe(200);
      for (const layout of ['byChannel', 'byUser'] as const) {
        const file = await download(`/api/channels/assignments/export?layout=${layout}`, adminTok);
        const rows = sheetText((await readBook(file.buf)).worksheets[0]!);
        expect(rows[0]).toEqual([...ASSIGNMENT_SHEET_COLUMNS[layout], ...ASSIGNMENT_EXPORT_INFO_COLUMNS]);
        const back = await upload(`/api/channels/assignments/import?layout=${layout}`, adminTok, file.buf);
        expect(back.body.data).toEqual({ total: rows.length - 1, created: 0, updated: 0, unchanged: rows.length - 1, errors: [] });
      }
      const one = await download(`/api/channels/assignments/export?layout=byChannel&channelId=${security}`, adminTok);
      const ws = (await readBook(one.buf)).worksheets[0]!;
      const rows = sheetText(ws);
      expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['Security']));
      expect(rows.find((r) => r[1] === 'member4')?.slice(2, 4)).toEqual(['3', 'night shift']);
      const at = rows.findIndex((r) => r[1] === 'member1') + 1;
      expect(ws.getCell(at, 4).value).toBe('=1+2');
      expect(ws.getCell(at, 4).type).toBe(ExcelJS.ValueType.String);
      expect(ws.getCell(at, 4).formula).toBeUndefined();
    });
  });

  describe('refusals', () => {
    it('refuses dispatchers and members (2001) on every spreadsheet endpoint', async () => {
      const file = await xlsx([[...USER_SHEET_COLUMNS], [acc('z'), 'Z', 'secret1']]);
      for (const token of [dispTok, memberTok]) {
        for (const url of ['/api/users/import/template', '/api/users/export', '/api/channels/assignments/template?layout=byUser', '/api/channels/assignments/export?layout=byUser']) {
          const r = await api(t.app, 'GET', url, token);
          expect([url, r.status, r.body.code]).toEqual([url, 403, ServerCode.InsufficientPermissions]);
        }
        for (const url of ['/api/users/import', '/api/channels/assignments/import?layout=byUser']) {
          const r = await upload(url, token, file);
          expect([url, r.status, r.body.code]).toEqual([url, 403, ServerCode.InsufficientPermissions]);
        }
      }
      expect((await t.db.query('select 1 from users where account = $1', [acc('z')])).rows).toEqual([]);
    });

    it('refuses files that are not xlsx, too large, too long or without the columns, and writes no record', async () => {
      const since = await lastOperationId(t.db);
      const text = await upload('/api/users/import', adminTok, Buffer.from('account,nickname,password\nx,y,secret1\n'), 'users.xlsx');
      expect([text.status, text.body.code, text.body.data]).toMatchObject([400, ServerCode.ParameterError, { reason: 'rule.fileTypeNotAllowed' }]);
      const docx = await upload('/api/users/import', adminTok, storedZip('word/document.xml', '<w:document/>'));
      expect([docx.body.code, docx.body.data]).toMatchObject([ServerCode.ParameterError, { reason: 'rule.fileTypeNotAllowed' }]);
      // Sniffed by content: an xlsx under another name is fine.
      const renamed = await upload('/api/users/import', adminTok, await xlsx([[...USER_SHEET_COLUMNS], [acc('n'), 'Renamed', 'secret1']]), 'users.csv');
      expect(renamed.body.data).toMatchObject({ created: 1 });
      const noColumns = await upload('/api/users/import', adminTok, await xlsx([['name', 'pass'], ['x', 'y']]));
      expect([noColumns.status, noColumns.body.data]).toMatchObject([400, { reason: 'missing columns', required: ['account', 'nickname'] }]);
      const long = await upload('/api/channels/assignments/import?layout=byUser', adminTok, await xlsx([
        [...ASSIGNMENT_SHEET_COLUMNS.byUser],
        ...Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) => [`user${i}`, 'General']),
      ]));
      expect([long.status, long.body.code, long.body.data]).toMatchObject([400, ServerCode.ParameterError, { reason: 'too many rows', maxRows: IMPORT_ROWS_MAX }]);
      await t.db.query('update enterprises set max_file_bytes = 2000 where id = $1', [DEMO_ENT_ID]);
      try {
        const big = await upload('/api/users/import', adminTok, await xlsx([[...USER_SHEET_COLUMNS], ...Array.from({ length: 200 }, (_, i) => [`big${i}`, `Big ${i}`, 'secret1'])]));
        expect([big.body.code, big.body.msg, big.body.data]).toMatchObject([ServerCode.FileSizeQuotaExceeded, 'The file is too large', { reason: 'rule.fileTooLarge' }]);
      } finally {
        await t.db.query('update enterprises set max_file_bytes = 104857600 where id = $1', [DEMO_ENT_ID]);
      }
      const json = await api(t.app, 'POST', '/api/users/import', adminTok, { file: 'x' });
      expect([json.status, json.body.code]).toEqual([400, ServerCode.ParameterError]);
      const noLayout = await upload('/api/channels/assignments/import', adminTok, await xlsx([['account', 'channels']]));
      expect([noLayout.status, noLayout.body.code]).toEqual([400, ServerCode.ParameterError]);
      // Only the renamed (accepted) file wrote a record.
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserImport, since)).toBe(1);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelAssignmentImport, since)).toBe(0);
    });
  });
});
