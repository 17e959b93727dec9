import ExcelJS from 'exceljs';
import {
  ASSIGNMENT_EXPORT_INFO_COLUMNS,
  ASSIGNMENT_SHEET_COLUMNS,
  IMPORT_ROWS_MAX,
  OperationType,
  ServerCode,
  USER_SHEET_COLUMNS,
} from '@ptt/contracts';
import { cellText } from '../src/spreadsheets/xlsx-read';
import { attachmentDisposition } from '../src/spreadsheets/xlsx-write';
import { inspectZip } from '../src/spreadsheets/zip-check';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { errorRows, readBook, sheetHelpers, sheetText, storedZip, tokenFor, xlsx } from './sheets-fixture';

// The pure spreadsheet helpers, channel assignment import/export and the refusals. The user
// template, import and export are in user-sheets.test.ts; shared setup is in sheets-fixture.ts.
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
  let adminTok: string;
  let dispTok: string;
  let memberTok: string;
  const acc = (name: string) => `imp${kind}${name}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminTok = await tokenFor(t, 'admin');
    dispTok = await tokenFor(t, 'dispatcher1');
    memberTok = await tokenFor(t, 'member1');
  });
  afterAll(async () => {
    await t?.close();
  });

  const { upload, download, userId, channelId, member } = sheetHelpers(() => t);

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
      // The channel's chat says who joined (system message 200), as for members added by hand.
      const joined = await t.db.query<{ content: { userIds: number[]; byUserId: number } }>(
        'select content from messages where channel_id = $1 and type = 200 order by id desc limit 1',
        [await channelId('Security')],
      );
      expect(joined.rows[0]?.content).toEqual({ userIds: [await userId('member4')], byUserId: await userId('admin') });
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
