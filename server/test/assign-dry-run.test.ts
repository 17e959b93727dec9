import { ASSIGNMENT_SHEET_COLUMNS, OperationType, ServerCode, assignmentCheckResultSchema, type AssignmentCheckResult } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { countOperations, createTestApp, lastOperationId, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { sheetHelpers, tokenFor, xlsx } from './sheets-fixture';

// The dry run of the channel assignment import (POST /api/channels/assignments/check) and the apply
// that follows it (POST /api/channels/assignments/import): the check writes nothing, the apply writes
// exactly the rows the check called good, in one transaction, and the same file gives the same
// outcomes. The import itself is covered in channel-sheets.test.ts.
describe.each(DB_KINDS)('assignment dry run on %s', (kind) => {
  let t: TestApp;
  let adminTok: string;
  let dispTok: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminTok = await tokenFor(t, 'admin');
    dispTok = await tokenFor(t, 'dispatcher1');
  });
  afterAll(async () => {
    await t?.close();
  });

  const { upload, member, channelId, userId } = sheetHelpers(() => t);

  async function check(layout: 'byChannel' | 'byUser', file: Buffer, token = adminTok): Promise<{ status: number; body: Envelope<AssignmentCheckResult> }> {
    const r = await upload(`/api/channels/assignments/check?layout=${layout}`, token, file);
    const body = r.body as unknown as Envelope<AssignmentCheckResult>;
    if (r.status === 200) assignmentCheckResultSchema.parse(body.data);
    return { status: r.status, body };
  }

  async function memberships(): Promise<string[]> {
    const r = await t.db.query<{ c: number; u: number; level: number; remark: string | null }>(
      'select m.channel_id as c, m.user_id as u, m.level, m.remark from channel_members m join channels ch on ch.id = m.channel_id where ch.ent_id = $1 order by 1, 2',
      [DEMO_ENT_ID],
    );
    return r.rows.map((x) => `${x.c}:${x.u}:${x.level}:${x.remark ?? ''}`);
  }

  const byChannelFile = () =>
    xlsx([
      [...ASSIGNMENT_SHEET_COLUMNS.byChannel],
      ['Security', 'member4', 3, 'night shift'], // 2 create
      ['Security', 'member1', 4, ''], // 3 change (level)
      ['Logistics', 'member5', '', ''], // 4 unchanged
      ['Nowhere', 'member2', '', ''], // 5 unknown channel
      ['Logistics', 'ghost', '', ''], // 6 unknown user
      ['security', 'MEMBER4', '', ''], // 7 duplicate of row 2
      ['Logistics', 'member1', 12, ''], // 8 bad level
      ['Logistics', 'member2', '', 'day'], // 9 create
    ]);

  it('checks every row, writes nothing, and the apply writes exactly the good rows with the same outcomes', async () => {
    const before = await memberships();
    const since = await lastOperationId(t.db);
    const file = await byChannelFile();
    const dry = await check('byChannel', file);
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ total: 8, created: 2, updated: 1, unchanged: 1 });
    expect(dry.body.data.rows.map((r) => [r.row, r.outcome, r.errors.map((e) => `${e.field} ${e.message} ${e.value ?? ''}`.trim())])).toEqual([
      [2, 'create', []],
      [3, 'change', []],
      [4, 'unchanged', []],
      [5, 'error', ['channel rule.notFound Nowhere']],
      [6, 'error', ['account rule.notFound ghost']],
      [7, 'error', ['account rule.memberAlreadyExists MEMBER4']],
      [8, 'error', ['level validation.levelInvalid']],
      [9, 'create', []],
    ]);
    expect(dry.body.data.rows[0]).toMatchObject({ account: 'member4', channels: 'Security', level: '3', remark: 'night shift' });
    // Nothing written: the same memberships, no operation record.
    expect(await memberships()).toEqual(before);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelAssignmentImport, since)).toBe(0);
    // The same check again gives the same answer.
    expect((await check('byChannel', file)).body.data).toEqual(dry.body.data);

    const applied = await upload('/api/channels/assignments/import?layout=byChannel', adminTok, file);
    expect(applied.status).toBe(200);
    const { rows: _rows, ...counts } = dry.body.data;
    expect(applied.body.data).toEqual(counts);
    expect(await member('Security', 'member4')).toEqual({ level: 3, remark: 'night shift' });
    expect(await member('Security', 'member1')).toMatchObject({ level: 4 });
    expect(await member('Logistics', 'member2')).toMatchObject({ remark: 'day' });
    expect(await member('Logistics', 'member1')).toBeNull();
    const after = await memberships();
    // Exactly two new memberships; one changed level; nothing else.
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((m) => !before.includes(m))).toHaveLength(3);
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelAssignmentImport, since)).toBe(1);

    // Idempotent: after the apply the same file checks as all unchanged with the same errors.
    const again = await check('byChannel', file);
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(again.body.data.errors).toEqual(dry.body.data.errors);
  });

  it('checks the by-user layout: a row with one unknown channel is an error and adds none of its channels', async () => {
    const before = await memberships();
    const file = await xlsx([
      [...ASSIGNMENT_SHEET_COLUMNS.byUser],
      ['member6', 'Security; Logistics'],
      ['member3', 'Security，Nowhere'],
      ['member6', 'General'],
      ['member2', 'General'],
    ]);
    const dry = await check('byUser', file);
    expect(dry.body.data.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
      [5, 'unchanged'],
    ]);
    expect(await memberships()).toEqual(before);
  });

  it('applies in one transaction: a failure midway leaves nothing and no record', async () => {
    const before = await memberships();
    const since = await lastOperationId(t.db);
    // Logistics' members are inserted first (file order); the trap fails the Security insert after.
    const trapped = await userId('member6');
    await t.db.query(`create function assign_trap() returns trigger language plpgsql as $$
      begin if new.user_id = ${trapped} then raise exception 'trap'; end if; return new; end $$`);
    await t.db.query('create trigger assign_trap before insert on channel_members for each row execute function assign_trap()');
    try {
      const file = await xlsx([
        [...ASSIGNMENT_SHEET_COLUMNS.byChannel],
        ['Logistics', 'member3', 2, 'first'],
        ['Logistics', 'member1', 1, ''],
        ['Security', 'member6', 1, ''],
      ]);
      const dry = await check('byChannel', file);
      expect(dry.body.data).toMatchObject({ created: 3, errors: [] });
      const r = await upload('/api/channels/assignments/import?layout=byChannel', adminTok, file);
      expect(r.status).toBe(500);
    } finally {
      await t.db.query('drop trigger assign_trap on channel_members');
      await t.db.query('drop function assign_trap()');
    }
    expect(await memberships()).toEqual(before);
    expect(await member('Logistics', 'member3')).toBeNull();
    expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.ChannelAssignmentImport, since)).toBe(0);
    expect(await channelId('Logistics')).toBeGreaterThan(0);
  });

  it('refuses the dry run to roles without channel.import (2001)', async () => {
    const r = await check('byChannel', await byChannelFile(), dispTok);
    expect([r.status, r.body.code]).toEqual([403, ServerCode.InsufficientPermissions]);
  });
});
