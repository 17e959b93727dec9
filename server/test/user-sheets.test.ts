import ExcelJS from 'exceljs';
import {
  ASSIGNMENT_SHEET_COLUMNS,
  OperationType,
  ServerCode,
  USER_EXPORT_INFO_COLUMNS,
  USER_SHEET_COLUMNS,
  type Page,
  type UserSummary,
} from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, postLogin, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { errorRows, readBook, sheetHelpers, sheetText, tokenFor, xlsx, type Cell } from './sheets-fixture';

// The user template, user import and user export. Channel assignment, refusals and the pure
// helpers are in channel-sheets.test.ts; shared setup is in sheets-fixture.ts.
describe.each(DB_KINDS)('spreadsheets on %s', (kind) => {
  let t: TestApp;
  let superTok: string;
  let adminTok: string;
  const acc = (name: string) => `imp${kind}${name}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    superTok = await tokenFor(t, 'superadmin');
    adminTok = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const { upload, download, userId, member } = sheetHelpers(() => t);

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
});
