import {
  OperationType,
  RULES,
  ServerCode,
  TEMP_CHANNEL_KIND,
  TEMP_CHANNEL_MAX_USERS,
  parseAnyChatId,
  parseTempChannelChatId,
  startedTempChannelSchema,
  tempChannelFrameSchema,
  tempChannelSchema,
  topics,
  type Session,
  type StartedTempChannel,
  type TempChannel,
  type TempChannelFrame,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, lastOperationId, loginAs, type ApiAnswer, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

type Who = 'd1' | 'd2' | 'admin' | 'm1' | 'm2' | 'm3' | 'm4' | 'stranger';
const ACCOUNTS: Record<Exclude<Who, 'stranger'>, string> = {
  d1: 'dispatcher1',
  d2: 'dispatcher2',
  admin: 'admin',
  m1: 'member1',
  m2: 'member2',
  m3: 'member3',
  m4: 'member4',
};

const frameOf = (id: number, state: 'open' | 'closed') => (f: Ws2Frame) =>
  f.t === TEMP_CHANNEL_KIND && (f.data as TempChannelFrame).tempChannelId === id && (f.data as TempChannelFrame).state === state;
const framesOf = (p: WsProbe, id: number) => p.frames.filter((f) => f.t === TEMP_CHANNEL_KIND && (f.data as TempChannelFrame).tempChannelId === id);

describe.each(DB_KINDS)('temporary channels on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<Who, Session>;
  const ws = {} as Record<Who, WsProbe>;

  const start = (who: Who, userIds: unknown) => api<StartedTempChannel>(t.app, 'POST', '/api/temp-channels', s[who].auth_token, { userIds });
  const hangup = (who: Who, id: number) => api<TempChannel>(t.app, 'DELETE', `/api/temp-channels/${id}`, s[who].auth_token);
  const current = async (who: Who) => tempChannelSchema.array().parse((await api(t.app, 'GET', '/api/temp-channels/current', s[who].auth_token)).body.data);
  const refusal = (r: ApiAnswer) => [r.status, r.body.code, (r.body.data as { reason?: string } | null)?.reason];
  const uids = (...who: Who[]) => who.map((w) => s[w].id);
  const openRows = async () =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from temp_channels where ent_id = $1 and closed_at is null', [DEMO_ENT_ID])).rows[0]!.n;
  /** Starts one that must succeed and waits until every member saw it open. */
  const opened = async (who: Who, members: Who[]): Promise<StartedTempChannel> => {
    const r = await start(who, uids(...members));
    expect([r.status, r.body.code]).toEqual([200, 0]);
    for (const w of [who, ...members]) await ws[w].waitFor(frameOf(r.body.data.id, 'open'));
    return r.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.listen();
    for (const [who, account] of Object.entries(ACCOUNTS)) s[who as Who] = await loginAs(t.app, account);
    s.stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    for (const who of Object.keys(s) as Who[]) {
      ws[who] = await WsProbe.open(t.baseUrl, s[who].auth_token);
      await ws[who].ping();
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(ws).map((p) => p.close()));
    await t?.close();
  });

  it('starts one with the picked users and the caller, tells each member on their own topic, nobody else', async () => {
    const since = await lastOperationId(t.db);
    const r = await start('d1', [s.m2.id, s.m1.id, s.m2.id, s.d1.id]);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    const tc = startedTempChannelSchema.parse(r.body.data);
    expect(tc).toMatchObject({
      chatId: `${DEMO_ENT_ID}-2-${tc.id}`,
      createdBy: s.d1.id,
      state: 'open',
      closedAt: null,
      closedBy: null,
      skippedUserIds: [],
      replacedId: null,
    });
    expect(tc.members).toEqual(
      [
        { uid: s.d1.id, account: 'dispatcher1', nickname: 'Dispatcher 1' },
        { uid: s.m1.id, account: 'member1', nickname: 'Member 1' },
        { uid: s.m2.id, account: 'member2', nickname: 'Member 2' },
      ].sort((a, b) => a.uid - b.uid),
    );
    // Its own chat id form: never a channel's (or any chat's) id.
    expect(parseTempChannelChatId(tc.chatId)).toEqual({ entId: DEMO_ENT_ID, tempChannelId: tc.id });
    expect(parseAnyChatId(tc.chatId)).toBeNull();
    const chat = await api(t.app, 'GET', `/api/chats/${tc.chatId}/messages`, s.m1.auth_token);
    expect([chat.status, chat.body.code]).toEqual([400, ServerCode.ChatIdError]);

    const { skippedUserIds: _s, replacedId: _r, ...record } = tc;
    for (const w of ['d1', 'm1', 'm2'] as Who[]) {
      const f = await ws[w].waitFor(frameOf(tc.id, 'open'), `open frame at ${w}`);
      expect(f.topic).toBe(topics.userListen(DEMO_ENT_ID, s[w].id));
      expect(tempChannelFrameSchema.parse(f.data)).toEqual({
        tempChannelId: tc.id,
        chatId: tc.chatId,
        state: 'open',
        createdBy: s.d1.id,
        closedBy: null,
        members: tc.members,
        createdAt: tc.createdAt,
        closedAt: null,
      });
      expect(await current(w)).toEqual([record]);
    }
    await Promise.all([ws.m3.ping(), ws.admin.ping(), ws.stranger.ping()]);
    expect([framesOf(ws.m3, tc.id), framesOf(ws.admin, tc.id), framesOf(ws.stranger, tc.id)]).toEqual([[], [], []]);
    expect(await current('m3')).toEqual([]);
    expect(await current('stranger')).toEqual([]);

    const ops = await t.db.query<{ type: number; user_id: number; detail: Record<string, unknown> }>(
      'select type, user_id, detail from operation_logs where ent_id = $1 and id > $2 order by id',
      [DEMO_ENT_ID, since],
    );
    expect(ops.rows.map((o) => ({ ...o, user_id: Number(o.user_id) }))).toEqual([
      {
        type: OperationType.TempChannelCreate,
        user_id: s.d1.id,
        detail: { action: 'start', tempChannelId: tc.id, userIds: [s.m1.id, s.m2.id].sort((a, b) => a - b), skippedUserIds: [], replacedId: null },
      },
    ]);

    // Any staff member of the enterprise hangs it up for everyone; a second hang-up is 2038.
    const since2 = await lastOperationId(t.db);
    const closed = await hangup('admin', tc.id);
    expect(closed.status).toBe(200);
    expect(tempChannelSchema.parse(closed.body.data)).toMatchObject({ id: tc.id, state: 'closed', closedBy: s.admin.id, members: tc.members });
    expect(closed.body.data.closedAt).not.toBeNull();
    for (const w of ['d1', 'm1', 'm2'] as Who[]) {
      const f = await ws[w].waitFor(frameOf(tc.id, 'closed'), `closed frame at ${w}`);
      expect(f.data).toMatchObject({ state: 'closed', closedBy: s.admin.id, closedAt: closed.body.data.closedAt });
      expect(await current(w)).toEqual([]);
    }
    const again = await hangup('d1', tc.id);
    expect([again.status, again.body]).toEqual([409, { code: ServerCode.CallAlreadyUsed, msg: RULES.callAlreadyUsed, data: { reason: 'rule.callAlreadyUsed' } }]);
    const hangOps = await t.db.query<{ type: number; detail: Record<string, unknown> }>('select type, detail from operation_logs where ent_id = $1 and id > $2', [
      DEMO_ENT_ID,
      since2,
    ]);
    expect(hangOps.rows).toEqual([{ type: OperationType.TempChannelCreate, detail: { action: 'hangup', tempChannelId: tc.id } }]);
    await ws.m3.ping();
    expect(framesOf(ws.m3, tc.id)).toEqual([]);
    expect(framesOf(ws.m1, tc.id)).toHaveLength(2);
  });

  it("a creator's new start closes their previous one (closed frame first), others' stay open", async () => {
    const other = await opened('d2', ['m3']);
    const first = await opened('d1', ['m1', 'm2']);
    const second = await start('d1', uids('m2', 'm3'));
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ replacedId: first.id, state: 'open' });
    const closedAt = await ws.m1.waitFor(frameOf(first.id, 'closed'));
    expect(closedAt.data).toMatchObject({ closedBy: s.d1.id });
    // m2 is in both: the close of the old one arrives before the open of the new one.
    await ws.m2.waitFor(frameOf(second.body.data.id, 'open'));
    const m2Frames = ws.m2.frames.filter((f) => f.t === TEMP_CHANNEL_KIND).map((f) => [(f.data as TempChannelFrame).tempChannelId, (f.data as TempChannelFrame).state]);
    expect(m2Frames.slice(-2)).toEqual([
      [first.id, 'closed'],
      [second.body.data.id, 'open'],
    ]);
    // m3 is in d2's and in d1's new one: membership does not make anyone busy.
    expect((await current('m3')).map((c) => c.id)).toEqual([second.body.data.id, other.id]);
    expect((await current('d1')).map((c) => c.id)).toEqual([second.body.data.id]);
    expect(await current('m1')).toEqual([]);
    expect(await openRows()).toBe(2);
    await hangup('d1', second.body.data.id);
    await hangup('d2', other.id);
    expect(await openRows()).toBe(0);
  });

  it('starts by one creator at once: each answers, each replaces the one before, one stays open', async () => {
    const all = await Promise.all((['m1', 'm2', 'm3', 'm4', 'm1', 'm2'] as Who[]).map((w) => start('d2', uids(w))));
    expect(all.map((r) => r.status)).toEqual(Array(all.length).fill(200));
    // Serialised on the creator's row: sorted by id, each replaced the one before it.
    const chain = all.map((r) => [r.body.data.id, r.body.data.replacedId] as const).sort((a, b) => a[0] - b[0]);
    expect(chain.slice(1).map(([, replaced]) => replaced)).toEqual(chain.slice(0, -1).map(([id]) => id));
    const last = chain[chain.length - 1]![0];
    expect((await current('d2')).map((c) => c.id)).toEqual([last]);
    await hangup('d2', last);
    expect(await openRows()).toBe(0);
  });

  it('leaves locked users out and reports them; refuses when everybody picked is locked (2040)', async () => {
    const m4 = s.m4.id;
    await t.db.query('update users set locked = true where id = $1', [m4]);
    try {
      const r = await start('d1', uids('m1', 'm4'));
      expect(r.body.data).toMatchObject({ skippedUserIds: [m4] });
      expect(r.body.data.members.map((m) => m.uid).sort()).toEqual(uids('d1', 'm1').sort());
      await hangup('d1', r.body.data.id);
      const none = await start('d1', [m4]);
      expect(refusal(none)).toEqual([409, ServerCode.OtherPartySuspended, 'rule.otherPartySuspended']);
    } finally {
      await t.db.query('update users set locked = false where id = $1', [m4]);
    }
    expect(await openRows()).toBe(0);
  });

  it('refuses members (2001), other enterprises (404), only oneself, none or too many users (2004), and changes nothing', async () => {
    const before = await t.db.query('select count(*)::int as n from temp_channels');
    const since = await lastOperationId(t.db);
    expect(refusal(await start('m1', uids('m2')))).toEqual([403, ServerCode.InsufficientPermissions, 'rule.insufficientPermissions']);
    expect(refusal(await start('d1', [s.m1.id, s.stranger.id]))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await start('stranger', uids('m1')))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await start('d1', [2_147_483_647]))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await start('d1', [s.d1.id, s.d1.id]))).toEqual([400, ServerCode.ParameterError, 'rule.cannotCallSelf']);
    for (const bad of [[], [0], ['1'], null, Array.from({ length: TEMP_CHANNEL_MAX_USERS + 1 }, (_, i) => i + 1)]) {
      const r = await start('d1', bad);
      const label = JSON.stringify(bad).slice(0, 20);
      expect([label, r.status, r.body.code]).toEqual([label, 400, ServerCode.ParameterError]);
    }
    expect((await t.db.query('select count(*)::int as n from temp_channels')).rows).toEqual(before.rows);
    expect(await lastOperationId(t.db)).toBe(since);

    // Hanging up: members 2001; another enterprise or an unknown id 404.
    const tc = await opened('d1', ['m1']);
    expect(refusal(await hangup('m1', tc.id))).toEqual([403, ServerCode.InsufficientPermissions, 'rule.insufficientPermissions']);
    expect(refusal(await hangup('stranger', tc.id))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await hangup('d1', 2_147_483_647))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect((await hangup('d2', tc.id)).body.data).toMatchObject({ state: 'closed', closedBy: s.d2.id });
  });

  it('lets exactly 200 users be picked', async () => {
    const made = await t.db.query<{ id: number }>(
      `insert into users (ent_id, account, nickname, password_hash) select $1, 'tmp' || g, 'Tmp ' || g, 'x' from generate_series(1, $2::int) g returning id`,
      [DEMO_ENT_ID, TEMP_CHANNEL_MAX_USERS],
    );
    const ids = made.rows.map((r) => Number(r.id));
    const r = await start('admin', ids);
    expect(r.status).toBe(200);
    expect(r.body.data.members).toHaveLength(TEMP_CHANNEL_MAX_USERS + 1);
    await hangup('admin', r.body.data.id);
  });
});
