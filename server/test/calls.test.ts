import {
  CallResultState,
  MSG_COMM_KIND,
  RULES,
  ServerCode,
  SingleCallReceiveState,
  CHAT_MESSAGE_KIND,
  MessageType,
  callChatId,
  callRecordSchema,
  personalChatId,
  msgCommSchema,
  pageSchema,
  topics,
  type CallRecord,
  type ChatListItem,
  type ChatMessage,
  type MsgComm,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { FakeCallMedia } from './calls-fake-media';
import { api, createTestApp, loginAs, type ApiAnswer, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

type Who = 'd1' | 'd2' | 'm1' | 'm2' | 'm3' | 'm4' | 'm5' | 'stranger';
const ACCOUNTS: Record<Exclude<Who, 'stranger'>, string> = {
  d1: 'dispatcher1',
  d2: 'dispatcher2',
  m1: 'member1',
  m2: 'member2',
  m3: 'member3',
  m4: 'member4',
  m5: 'member5',
};

const comm = (callId: number, result: number) => (f: Ws2Frame) =>
  f.t === MSG_COMM_KIND && (f.data as MsgComm).callId === callId && (f.data as MsgComm).result === result;
const commsOf = (p: WsProbe, callId: number) => p.frames.filter((f) => f.t === MSG_COMM_KIND && (f.data as MsgComm).callId === callId);
const recordPage = pageSchema(callRecordSchema);

describe.each(DB_KINDS)('1V1 calls on %s', (kind) => {
  let t: TestApp;
  let media: FakeCallMedia;
  const s = {} as Record<Who, Session>;
  const ws = {} as Record<Who, WsProbe>;

  const call = (from: Who, calleeId: number) => api<CallRecord>(t.app, 'POST', '/api/calls', s[from].auth_token, { calleeId });
  const act = (who: Who, id: number, action: 'accept' | 'reject' | 'hangup') =>
    api<CallRecord>(t.app, 'POST', `/api/calls/${id}/${action}`, s[who].auth_token);
  const current = async (who: Who) => (await api<CallRecord | null>(t.app, 'GET', '/api/calls/current', s[who].auth_token)).body.data;
  const refusal = (r: ApiAnswer) => [r.status, r.body.code, (r.body.data as { reason?: string } | null)?.reason];
  /** Places a call that must ring, and waits until both parties saw it ringing. */
  const ring = async (from: Who, to: Who): Promise<CallRecord> => {
    const r = await call(from, s[to].id);
    expect([r.status, r.body.code]).toEqual([200, 0]);
    await ws[from].waitFor(comm(r.body.data.id, CallResultState.Wait));
    await ws[to].waitFor(comm(r.body.data.id, CallResultState.Wait));
    return r.body.data;
  };

  beforeAll(async () => {
    media = new FakeCallMedia();
    t = await createTestApp(kind, { media });
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

  it('rings both parties with MsgComm (not a third user, not another enterprise), then accept and hang up', async () => {
    const placed = await call('d1', s.m1.id);
    expect(placed.status).toBe(200);
    const c = callRecordSchema.parse(placed.body.data);
    expect(c).toMatchObject({
      caller: { uid: s.d1.id, account: 'dispatcher1', nickname: 'Dispatcher 1' },
      callee: { uid: s.m1.id, account: 'member1', nickname: 'Member 1' },
      state: SingleCallReceiveState.Waiting,
      result: CallResultState.Wait,
      reason: null,
      answeredAt: null,
      endedAt: null,
      endedBy: null,
    });
    const toCallee = await ws.m1.waitFor(comm(c.id, CallResultState.Wait), 'ringing MsgComm');
    expect(toCallee.topic).toBe(topics.userListen(DEMO_ENT_ID, s.m1.id));
    expect(msgCommSchema.parse(toCallee.data)).toEqual({
      callId: c.id,
      callerId: s.d1.id,
      calleeId: s.m1.id,
      caller: c.caller,
      callee: c.callee,
      state: SingleCallReceiveState.Waiting,
      result: CallResultState.Wait,
      at: c.createdAt,
    });
    const toCaller = await ws.d1.waitFor(comm(c.id, CallResultState.Wait));
    expect([toCaller.topic, toCaller.data]).toEqual([topics.userListen(DEMO_ENT_ID, s.d1.id), toCallee.data]);
    expect(await current('m1')).toEqual(c);
    expect(await current('d1')).toEqual(c);
    expect(await current('m2')).toBeNull();

    // Accepted: connecting in the call's own room until both parties' audio is up there.
    const accepted = await act('m1', c.id, 'accept');
    expect(callRecordSchema.parse(accepted.body.data)).toMatchObject({ id: c.id, state: SingleCallReceiveState.Connecting, result: CallResultState.Accept });
    const room = callChatId(DEMO_ENT_ID, c.id);
    expect(media.rooms.has(room)).toBe(true);
    const connecting = msgCommSchema.parse((await ws.d1.waitFor(comm(c.id, CallResultState.Accept))).data);
    expect(connecting).toMatchObject({ state: SingleCallReceiveState.Connecting, chatId: room, at: accepted.body.data.answeredAt });
    await ws.m1.waitFor(comm(c.id, CallResultState.Accept));
    media.setUp(room, s.d1.id);
    media.setUp(room, s.m1.id);
    const isTalking = (f: Ws2Frame) => comm(c.id, CallResultState.Accept)(f) && (f.data as MsgComm).state === SingleCallReceiveState.Talking;
    const talking = msgCommSchema.parse((await ws.d1.waitFor(isTalking, 'talking MsgComm')).data);
    expect(talking).toMatchObject({ chatId: room, at: accepted.body.data.answeredAt });
    await ws.m1.waitFor(isTalking);
    expect(await current('m1')).toMatchObject({ state: SingleCallReceiveState.Talking });
    // Busy while talking, too.
    expect(refusal(await call('m2', s.m1.id))).toEqual([409, ServerCode.OtherPartyBusy, 'rule.otherPartyBusy']);

    const ended = await act('m1', c.id, 'hangup');
    expect(ended.body.data).toMatchObject({ result: CallResultState.Hangup, reason: 'hangup', endedBy: s.m1.id, state: SingleCallReceiveState.Talking });
    const toOther = msgCommSchema.parse((await ws.d1.waitFor(comm(c.id, CallResultState.Hangup))).data);
    expect(toOther).toMatchObject({ reason: 'hangup', code: ServerCode.OtherPartyHungUp, at: ended.body.data.endedAt });
    const toSelf = msgCommSchema.parse((await ws.m1.waitFor(comm(c.id, CallResultState.Hangup))).data);
    expect(toSelf.code).toBeUndefined();
    expect(toSelf.chatId).toBeUndefined();
    expect(await current('d1')).toBeNull();
    expect(media.rooms.has(room)).toBe(false);

    await Promise.all([ws.m2.ping(), ws.stranger.ping()]);
    expect([commsOf(ws.m2, c.id), commsOf(ws.stranger, c.id)]).toEqual([[], []]);
    expect(commsOf(ws.d1, c.id)).toHaveLength(4);
  });

  it('reject: the caller hears 2039 with reason rejected; a hangup of the ended call is refused', async () => {
    const c = await ring('m2', 'm3');
    const rejected = await act('m3', c.id, 'reject');
    expect(rejected.body.data).toMatchObject({ result: CallResultState.Hangup, reason: 'rejected', state: SingleCallReceiveState.Waiting, endedBy: s.m3.id });
    expect((await ws.m2.waitFor(comm(c.id, CallResultState.Hangup))).data).toMatchObject({ reason: 'rejected', code: ServerCode.OtherPartyHungUp });
    expect(refusal(await act('m2', c.id, 'hangup'))).toEqual([409, ServerCode.OtherPartyHungUp, 'rule.otherPartyHungUp']);
    expect(refusal(await act('m3', c.id, 'hangup'))).toEqual([409, ServerCode.CallAlreadyUsed, 'rule.callAlreadyUsed']);
  });

  it('a callee declines as busy: reason busy, and the caller hears 2037 other party busy', async () => {
    const c = await ring('m5', 'm4');
    const declined = await api<CallRecord>(t.app, 'POST', `/api/calls/${c.id}/reject`, s.m4.auth_token, { busy: true });
    expect(declined.body.data).toMatchObject({ result: CallResultState.Hangup, reason: 'busy', endedBy: s.m4.id, answeredAt: null });
    expect((await ws.m5.waitFor(comm(c.id, CallResultState.Hangup))).data).toMatchObject({ reason: 'busy', code: ServerCode.OtherPartyBusy });
    const toSelf = msgCommSchema.parse((await ws.m4.waitFor(comm(c.id, CallResultState.Hangup))).data);
    expect(toSelf.code).toBeUndefined();
    const bad = await api(t.app, 'POST', `/api/calls/${c.id}/reject`, s.m4.auth_token, { busy: 'yes' });
    expect([bad.status, bad.body.code]).toEqual([400, ServerCode.ParameterError]);
  });

  it('a missed call (the caller gave up while it rang) leaves an unread entry for the callee in their personal chat, once', async () => {
    const chatId = personalChatId(DEMO_ENT_ID, s.d1.id, s.m3.id);
    const c = await ring('d1', 'm3');
    await act('d1', c.id, 'hangup');
    const entry = (await ws.m3.waitFor((f) => f.t === CHAT_MESSAGE_KIND && (f.data as ChatMessage).chatId === chatId, 'missed-call entry')).data as ChatMessage;
    expect(entry).toMatchObject({ type: MessageType.AudioTalk, content: { callId: c.id, missed: true }, from: { uid: s.d1.id }, toUserId: s.m3.id });
    await ws.d1.waitFor((f) => f.t === CHAT_MESSAGE_KIND && (f.data as ChatMessage).id === entry.id);
    const chats = async (who: Who) => (await api<ChatListItem[]>(t.app, 'GET', '/api/chats', s[who].auth_token)).body.data.find((x) => x.chatId === chatId);
    expect(await chats('m3')).toMatchObject({ unread: 1, peerId: s.d1.id, lastMessage: { id: entry.id, type: MessageType.AudioTalk } });
    expect(await chats('d1')).toMatchObject({ unread: 0, lastMessage: { id: entry.id } });
    // Declined, busy and answered calls are not missed: no entry for them.
    const declined = await ring('d1', 'm3');
    await act('m3', declined.id, 'reject');
    const answered = await ring('d1', 'm3');
    await act('m3', answered.id, 'accept');
    await act('d1', answered.id, 'hangup');
    await ws.m3.ping();
    const entries = ws.m3.frames.filter((f) => f.t === CHAT_MESSAGE_KIND && (f.data as ChatMessage).chatId === chatId);
    expect(entries.map((f) => (f.data as ChatMessage).content)).toEqual([{ callId: c.id, missed: true }]);
    const stored = await t.db.query<{ n: number }>(`select count(*)::int as n from messages where chat_key = $1 and type = 9`, [chatId]);
    expect(stored.rows[0]!.n).toBe(1);
  });

  it('the caller hangs up while it rings (cancelled): accepting afterwards answers 2039', async () => {
    const c = await ring('m4', 'd2');
    expect((await act('m4', c.id, 'hangup')).body.data).toMatchObject({ reason: 'cancelled', endedBy: s.m4.id });
    expect((await ws.d2.waitFor(comm(c.id, CallResultState.Hangup))).data).toMatchObject({ reason: 'cancelled', code: ServerCode.OtherPartyHungUp });
    const late = await act('d2', c.id, 'accept');
    expect([late.status, late.body]).toEqual([409, { code: ServerCode.OtherPartyHungUp, msg: RULES.otherPartyHungUp, data: { reason: 'rule.otherPartyHungUp' } }]);
  });

  it('answers 2037 when the callee is in a call, 2028 when the caller is; a callee hanging up while ringing rejects', async () => {
    const c = await ring('m1', 'm2');
    const busy = await call('m3', s.m2.id);
    expect([busy.status, busy.body]).toEqual([409, { code: ServerCode.OtherPartyBusy, msg: RULES.otherPartyBusy, data: { reason: 'rule.otherPartyBusy' } }]);
    expect(refusal(await call('m3', s.m1.id))).toEqual([409, ServerCode.OtherPartyBusy, 'rule.otherPartyBusy']);
    expect(refusal(await call('m2', s.m4.id))).toEqual([409, ServerCode.UserStatusError, 'rule.callNotSupported']);
    expect(refusal(await call('m1', s.m4.id))).toEqual([409, ServerCode.UserStatusError, 'rule.callNotSupported']);
    expect((await act('m2', c.id, 'hangup')).body.data).toMatchObject({ reason: 'rejected', endedBy: s.m2.id });
    // Free again.
    const again = await ring('m3', 'm2');
    await act('m3', again.id, 'hangup');
  });

  it('refuses a call to someone who blacklisted the caller (2003) and rings nobody', async () => {
    const added = await api(t.app, 'POST', `/api/users/${s.m4.id}/blacklist`, s.m4.auth_token, { userId: s.m3.id });
    expect(added.body.code).toBe(0);
    const before = ws.m4.frames.length;
    const r = await call('m3', s.m4.id);
    expect([r.status, r.body.code]).toEqual([403, ServerCode.Blacklisted]);
    await ws.m4.ping();
    expect(ws.m4.frames.slice(before).filter((f) => f.t === MSG_COMM_KIND)).toEqual([]);
    expect(await current('m3')).toBeNull();
    await api(t.app, 'DELETE', `/api/users/${s.m4.id}/blacklist/${s.m3.id}`, s.m4.auth_token);
    const c = await ring('m3', 'm4');
    await act('m3', c.id, 'hangup');
  });

  it('accept: only the callee, only once (2038); a third user or another enterprise gets 404', async () => {
    const c = await ring('d2', 'm5');
    expect(refusal(await act('d2', c.id, 'accept'))).toEqual([403, ServerCode.InsufficientPermissions, 'rule.insufficientPermissions']);
    expect(refusal(await act('m1', c.id, 'accept'))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await act('stranger', c.id, 'hangup'))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect((await act('m5', c.id, 'accept')).status).toBe(200);
    const twice = await act('m5', c.id, 'accept');
    expect([twice.status, twice.body]).toEqual([409, { code: ServerCode.CallAlreadyUsed, msg: RULES.callAlreadyUsed, data: { reason: 'rule.callAlreadyUsed' } }]);
    expect(refusal(await act('m5', c.id, 'reject'))).toEqual([409, ServerCode.CallAlreadyUsed, 'rule.callAlreadyUsed']);
    expect((await act('d2', c.id, 'hangup')).body.data).toMatchObject({ reason: 'hangup', endedBy: s.d2.id });
  });

  it("refuses another enterprise's user (404), oneself (2004) and a locked user (2040)", async () => {
    expect(refusal(await call('m1', s.stranger.id))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await call('stranger', s.m1.id))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    expect(refusal(await call('m1', s.m1.id))).toEqual([400, ServerCode.ParameterError, 'rule.cannotCallSelf']);
    expect(refusal(await call('m1', 2_147_483_647))).toEqual([404, ServerCode.NotFound, 'rule.notFound']);
    const m6 = (await t.db.query<{ id: number }>("update users set locked = true where account = 'member6' and ent_id = $1 returning id", [DEMO_ENT_ID])).rows[0]!.id;
    try {
      expect(refusal(await call('m1', m6))).toEqual([409, ServerCode.OtherPartySuspended, 'rule.otherPartySuspended']);
    } finally {
      await t.db.query('update users set locked = false where id = $1', [m6]);
    }
    expect(await current('m1')).toBeNull();
  });

  it('lets only one of two concurrent accepts win, and only one of several concurrent calls to one callee', async () => {
    const c = await ring('m1', 'm2');
    const accepts = await Promise.all([act('m2', c.id, 'accept'), act('m2', c.id, 'accept'), act('m2', c.id, 'accept')]);
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(accepts.filter((r) => r.status === 409).every((r) => r.body.code === ServerCode.CallAlreadyUsed)).toBe(true);
    await ws.m1.ping();
    expect(commsOf(ws.m1, c.id).filter((f) => (f.data as MsgComm).result === CallResultState.Accept)).toHaveLength(1);
    await act('m1', c.id, 'hangup');

    const calls = await Promise.all((['m3', 'm4', 'm5', 'd1', 'd2'] as const).map((from) => call(from, s.m1.id)));
    const won = calls.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(calls.filter((r) => r.status === 409).map((r) => r.body.code)).toEqual(Array(4).fill(ServerCode.OtherPartyBusy));
    const active = await t.db.query<{ n: number }>('select count(*)::int as n from calls where ended_at is null and callee_id = $1', [s.m1.id]);
    expect(active.rows[0]!.n).toBe(1);
    await act('m1', won[0]!.body.data.id, 'hangup');

    // Two users calling each other at once: one call, the other is refused.
    const crossed = await Promise.all([call('m3', s.m4.id), call('m4', s.m3.id)]);
    expect(crossed.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = crossed.find((r) => r.status === 200)!.body.data;
    await act(winner.caller.uid === s.m3.id ? 'm3' : 'm4', winner.id, 'hangup');
  });

  it('ends a ringing call left behind by a restart (no timer) when it is read', async () => {
    const stale = (
      await t.db.query<{ id: number }>(
        `insert into calls (ent_id, caller_id, callee_id, state, result, created_at) values ($1, $2, $3, 1, 0, now() - interval '1 hour') returning id`,
        [DEMO_ENT_ID, s.m4.id, s.m5.id],
      )
    ).rows[0]!.id;
    expect(await current('m5')).toBeNull();
    const ended = msgCommSchema.parse((await ws.m4.waitFor(comm(stale, CallResultState.Hangup))).data);
    expect(ended).toMatchObject({ reason: 'notAnswered', state: SingleCallReceiveState.Waiting });
    expect(ended.code).toBeUndefined();
    // And when a new call meets it.
    await t.db.query(`insert into calls (ent_id, caller_id, callee_id, created_at) values ($1, $2, $3, now() - interval '1 hour')`, [DEMO_ENT_ID, s.m4.id, s.m5.id]);
    const fresh = await ring('m5', 'm4');
    await act('m5', fresh.id, 'hangup');
  });

  it('lists call records newest first: staff the enterprise, a member only their own, nobody else', async () => {
    const list = async (who: Who, query = '') => recordPage.parse((await api(t.app, 'GET', `/api/records/calls?size=200${query}`, s[who].auth_token)).body.data);
    const all = await list('d1');
    const stored = await t.db.query<{ n: number }>('select count(*)::int as n from calls where ent_id = $1', [DEMO_ENT_ID]);
    expect(all.total).toBe(stored.rows[0]!.n);
    // Newest first by start time (the two calls left behind by a "restart" started an hour ago).
    const starts = all.items.map((c) => Date.parse(c.createdAt));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(all.items.every((c) => c.endedAt !== null)).toBe(true);

    const mine = await list('m2', `&userId=${s.m5.id}`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((c) => c.caller.uid === s.m2.id || c.callee.uid === s.m2.id)).toBe(true);
    const m5 = await list('d2', `&userId=${s.m5.id}&order=asc`);
    expect(m5.items.every((c) => c.caller.uid === s.m5.id || c.callee.uid === s.m5.id)).toBe(true);
    const m5Starts = m5.items.map((c) => Date.parse(c.createdAt));
    expect(m5Starts).toEqual([...m5Starts].sort((a, b) => a - b));
    expect((await list('d1', `&result=${CallResultState.Accept}`)).total).toBe(0);
    expect((await list('d1', '&q=member5')).items.every((c) => [c.caller.account, c.callee.account].includes('member5'))).toBe(true);
    expect((await list('d1', `&from=${Date.now() + 60_000}`)).total).toBe(0);
    expect((await list('stranger')).total).toBe(0);
  });

  describe('with a short ring time', () => {
    let short: TestApp;
    beforeAll(async () => {
      short = await createTestApp(kind, { env: { CALL_RING_TIMEOUT_MS: '300' } });
      await short.listen();
    });
    afterAll(async () => {
      await short?.close();
    });

    it('ends an unanswered call as notAnswered on its own; accepting it then answers 2038', async () => {
      const [a, b] = await Promise.all([loginAs(short.app, 'member1'), loginAs(short.app, 'member2')]);
      const [aWs, bWs] = await Promise.all([WsProbe.open(short.baseUrl, a.auth_token), WsProbe.open(short.baseUrl, b.auth_token)]);
      try {
        await Promise.all([aWs.ping(), bWs.ping()]);
        const placed = await api<CallRecord>(short.app, 'POST', '/api/calls', a.auth_token, { calleeId: b.id });
        const id = placed.body.data.id;
        await bWs.waitFor(comm(id, CallResultState.Wait));
        const ended = msgCommSchema.parse((await aWs.waitFor(comm(id, CallResultState.Hangup), 'notAnswered')).data);
        expect(ended).toMatchObject({ reason: 'notAnswered', state: SingleCallReceiveState.Waiting });
        expect(ended.code).toBeUndefined();
        expect(Date.parse(ended.at) - Date.parse(placed.body.data.createdAt)).toBeGreaterThanOrEqual(250);
        expect((await bWs.waitFor(comm(id, CallResultState.Hangup))).data).toEqual(ended);
        const late = await api(short.app, 'POST', `/api/calls/${id}/accept`, b.auth_token);
        expect([late.status, late.body.code]).toEqual([409, ServerCode.CallAlreadyUsed]);
        const record = await api<CallRecord>(short.app, 'GET', `/api/records/calls`, a.auth_token);
        expect(recordPage.parse(record.body.data).items[0]).toMatchObject({ id, reason: 'notAnswered', endedBy: null, result: CallResultState.Hangup });
        expect(commsOf(aWs, id)).toHaveLength(2);
        // The callee missed it: an unread entry in their personal chat with the caller.
        const missed = (await bWs.waitFor((f) => f.t === CHAT_MESSAGE_KIND && (f.data as ChatMessage).type === MessageType.AudioTalk, 'missed-call entry')).data as ChatMessage;
        expect(missed).toMatchObject({ chatId: personalChatId(DEMO_ENT_ID, a.id, b.id), content: { callId: id, missed: true }, from: { uid: a.id } });
        const list = (await api<ChatListItem[]>(short.app, 'GET', '/api/chats', b.auth_token)).body.data;
        expect(list.find((x) => x.chatId === missed.chatId)).toMatchObject({ unread: 1 });
      } finally {
        await Promise.all([aWs.close(), bWs.close()]);
      }
    });
  });
});
