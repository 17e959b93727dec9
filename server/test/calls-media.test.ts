import {
  CallResultState,
  MSG_COMM_KIND,
  ServerCode,
  SingleCallReceiveState,
  callChatId,
  msgCommSchema,
  type CallRecord,
  type MsgComm,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { FakeCallMedia } from './calls-fake-media';
import { startTestJanus, type TestJanus } from './janus-harness';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// The audio side of 1V1 calls (ADR 008 "What the media issue adds"): an accepted call connects in
// its own room, talks once both parties' audio is up there, and ends as an exception when it does
// not come up or stays away; only the parties may join the room, both are heard, and the room goes
// when the call ends. The media layer is faked first, then the real Janus behind the /janus proxy.

const LIMIT_MS = 800;
type Who = 'a' | 'b' | 'c';

const frameOf = (callId: number, state: number) => (f: Ws2Frame) =>
  f.t === MSG_COMM_KIND && (f.data as MsgComm).callId === callId && (f.data as MsgComm).state === state;

async function appWith(kind: Parameters<typeof createTestApp>[0], media: Parameters<typeof createTestApp>[1], limitMs = LIMIT_MS): Promise<TestApp> {
  const t = await createTestApp(kind, { ...media, env: { CALL_MEDIA_TIMEOUT_MS: String(limitMs) } });
  await t.listen();
  return t;
}

/** Three users of the demo enterprise with open sockets; `accepted(a, b)` rings and answers. */
async function people(t: TestApp) {
  const s = {} as Record<Who, Session>;
  const ws = {} as Record<Who, WsProbe>;
  for (const [who, account] of [['a', 'dispatcher1'], ['b', 'member1'], ['c', 'member2']] as const) {
    s[who] = await loginAs(t.app, account);
    ws[who] = await WsProbe.open(t.baseUrl, s[who].auth_token);
    await ws[who].ping();
  }
  const act = (who: Who, id: number, action: 'accept' | 'hangup') => api<CallRecord>(t.app, 'POST', `/api/calls/${id}/${action}`, s[who].auth_token);
  const accepted = async (from: Who, to: Who) => {
    const placed = await api<CallRecord>(t.app, 'POST', '/api/calls', s[from].auth_token, { calleeId: s[to].id });
    expect(placed.body.code).toBe(0);
    return (await act(to, placed.body.data.id, 'accept')).body.data;
  };
  const close = () => Promise.all(Object.values(ws).map((p) => p.close()));
  return { s, ws, act, accepted, close };
}

describe.each(DB_KINDS)('1V1 call audio with the media layer faked, on %s', (kind) => {
  let t: TestApp;
  let media: FakeCallMedia;
  let p: Awaited<ReturnType<typeof people>>;

  beforeAll(async () => {
    media = new FakeCallMedia();
    t = await appWith(kind, { media });
    p = await people(t);
  });
  afterAll(async () => {
    await p?.close();
    await t?.close();
  });

  it("ends as an exception when one party's audio does not come up within the limit; both are free again", async () => {
    const call = await p.accepted('a', 'b');
    const room = callChatId(DEMO_ENT_ID, call.id);
    media.setUp(room, p.s.a.id);
    const ended = msgCommSchema.parse((await p.ws.a.waitFor(frameOf(call.id, SingleCallReceiveState.Exception), 'exception')).data);
    expect(ended).toMatchObject({ result: CallResultState.Exception, reason: 'mediaFailed' });
    expect(ended.code).toBeUndefined();
    expect(ended.chatId).toBeUndefined();
    expect(Date.parse(ended.at) - Date.parse(call.answeredAt!)).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    await p.ws.b.waitFor(frameOf(call.id, SingleCallReceiveState.Exception));
    expect(media.rooms.has(room)).toBe(false);
    const again = await p.accepted('b', 'a');
    expect(again.state).toBe(SingleCallReceiveState.Connecting);
    await p.act('a', again.id, 'hangup');
  });

  it('talks, and ends as an exception when a party stays away for the limit while talking', async () => {
    const call = await p.accepted('a', 'c');
    const room = callChatId(DEMO_ENT_ID, call.id);
    media.setUp(room, p.s.a.id);
    media.setUp(room, p.s.c.id);
    await p.ws.c.waitFor(frameOf(call.id, SingleCallReceiveState.Talking), 'talking');
    const talkingAt = Date.now();
    media.setUp(room, p.s.c.id, false);
    await p.ws.a.waitFor(frameOf(call.id, SingleCallReceiveState.Exception), 'exception');
    expect(Date.now() - talkingAt).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(media.rooms.has(room)).toBe(false);
  });

  it('ends at once as an exception when the room cannot be set up; the accept answers so', async () => {
    media.failEnsure = true;
    try {
      const call = await p.accepted('b', 'c');
      expect(call).toMatchObject({ state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed', endedBy: null });
      await p.ws.b.waitFor(frameOf(call.id, SingleCallReceiveState.Exception));
      // The parties never heard "connecting" for a room that does not exist.
      expect(p.ws.c.frames.some(frameOf(call.id, SingleCallReceiveState.Connecting))).toBe(false);
    } finally {
      media.failEnsure = false;
    }
  });

  it('ends a call left connecting by a node that went away when it is read or when a new call meets it', async () => {
    const insert = () =>
      t.db.query<{ id: number }>(
        `insert into calls (ent_id, caller_id, callee_id, state, result, created_at, answered_at)
         values ($1, $2, $3, 3, 1, now() - interval '1 hour', now() - interval '1 hour') returning id`,
        [DEMO_ENT_ID, p.s.b.id, p.s.c.id],
      );
    const stale = (await insert()).rows[0]!.id;
    expect((await api(t.app, 'GET', '/api/calls/current', p.s.c.auth_token)).body.data).toBeNull();
    expect((await p.ws.b.waitFor(frameOf(stale, SingleCallReceiveState.Exception))).data).toMatchObject({ reason: 'mediaFailed' });
    expect(media.calls).toContain(`destroyRoom ${callChatId(DEMO_ENT_ID, stale)}`);
    await insert();
    const placed = await api<CallRecord>(t.app, 'POST', '/api/calls', p.s.c.auth_token, { calleeId: p.s.b.id });
    expect(placed.body.code).toBe(0);
    await p.act('c', placed.body.data.id, 'hangup');
  });
});

describe('1V1 call audio without a media server', () => {
  it('ends an accepted call as an exception at once', async () => {
    const t = await appWith('pglite', {});
    const p = await people(t);
    try {
      const call = await p.accepted('a', 'b');
      expect(call).toMatchObject({ state: SingleCallReceiveState.Exception, result: CallResultState.Exception, reason: 'mediaFailed' });
    } finally {
      await p.close();
      await t.close();
    }
  });
});

describe('1V1 call rooms in the real Janus, behind the /janus proxy', () => {
  let j: TestJanus;
  let t: TestApp;
  let p: Awaited<ReturnType<typeof people>>;

  type J = Record<string, unknown> & { janus?: string; error?: { code: number; reason: string }; data?: { id: number } };
  const janus = async (who: Who, url: string, body: Record<string, unknown>): Promise<J> =>
    (await t.app.inject({ method: 'POST', url, payload: { transaction: 'tx', token: p.s[who].auth_token, ...body } })).json<J>();
  const join = async (who: Who, chatId: string): Promise<J> => {
    const s = (await janus(who, '/janus', { janus: 'create' })).data!.id;
    const h = (await janus(who, `/janus/${s}`, { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).data!.id;
    return janus(who, `/janus/${s}/${h}`, { janus: 'message', body: { request: 'join', chatId } });
  };
  const displays = async (room: string) => (await j.rooms.listParticipants(room)).map((x) => ({ display: x.display, muted: x.muted }));

  beforeAll(async () => {
    j = await startTestJanus({ watchIntervalMs: 100 });
    // Long enough for the first test to look at the room before the limit ends its call.
    t = await appWith('pglite', { media: j.rooms }, 4_000);
    p = await people(t);
  });
  afterAll(async () => {
    await p?.close();
    await t?.close();
    await j?.close();
  });

  it('lets only the parties of an accepted call join its room, unmutes them, keeps the watchdog off them, and removes the room at the end', async () => {
    const placed = (await api<CallRecord>(t.app, 'POST', '/api/calls', p.s.a.auth_token, { calleeId: p.s.b.id })).body.data;
    const room = callChatId(DEMO_ENT_ID, placed.id);
    // Ringing: no room to be in yet.
    expect(await join('a', room)).toMatchObject({ janus: 'error', error: { code: 403 } });
    await p.act('b', placed.id, 'accept');
    expect(await join('a', room)).toMatchObject({ janus: 'ack' });
    expect(await join('b', room)).toMatchObject({ janus: 'ack' });
    const refused = await join('c', room);
    expect(refused).toMatchObject({ janus: 'error', error: { code: 403 } });
    expect(await join('c', callChatId(DEMO_ENT_ID + 1, placed.id))).toMatchObject({ janus: 'error', error: { code: 403 } });
    // Someone who got hold of the pin and Janus some other way is muted by the call's look.
    await j.raw.message(await j.raw.attach(), { request: 'join', room, pin: j.rooms.roomPin(room), display: 'u999999', muted: false });
    const parties = [
      { display: `u${p.s.a.id}`, muted: false },
      { display: `u${p.s.b.id}`, muted: false },
    ];
    const heard = async () => (await displays(room)).filter((x) => !x.muted).sort((x, y) => x.display!.localeCompare(y.display!));
    for (let i = 0; i < 50 && JSON.stringify(await heard()) !== JSON.stringify(parties); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await heard()).toEqual(parties);
    // The PTT watchdog (every 100 ms here) leaves the call's parties talking.
    await new Promise((r) => setTimeout(r, 400));
    expect((await displays(room)).filter((x) => !x.muted)).toHaveLength(2);
    expect(j.log.lines.filter((l) => l.msg.includes('watchdog muted'))).toEqual([]);

    const ended = await p.act('a', placed.id, 'hangup');
    expect(ended.body.data).toMatchObject({ result: CallResultState.Hangup, reason: 'hangup', state: SingleCallReceiveState.Connecting });
    expect(await j.rooms.listParticipants(room)).toEqual([]);
    expect(await join('a', room)).toMatchObject({ janus: 'error', error: { code: 403 } });
  });

  it('ends as an exception when the parties joined but their WebRTC never came up (no ICE here)', async () => {
    const placed = (await api<CallRecord>(t.app, 'POST', '/api/calls', p.s.b.auth_token, { calleeId: p.s.c.id })).body.data;
    await p.act('c', placed.id, 'accept');
    const room = callChatId(DEMO_ENT_ID, placed.id);
    await join('b', room);
    await join('c', room);
    const ended = await p.ws.c.waitFor(frameOf(placed.id, SingleCallReceiveState.Exception), 'exception');
    expect(ended.data).toMatchObject({ reason: 'mediaFailed', result: CallResultState.Exception });
    expect((await api(t.app, 'POST', `/api/calls/${placed.id}/hangup`, p.s.b.auth_token)).body.code).toBe(ServerCode.CallAlreadyUsed);
  });
});
