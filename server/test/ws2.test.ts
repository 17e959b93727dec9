import {
  HeartbeatEvent,
  HeartbeatMethod,
  PING_KIND,
  PING_TOPIC,
  PONG_KIND,
  ServerCode,
  WS_CLOSE,
  buildHeartbeat,
  heartbeatFrame,
  topics,
  type Session,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { INTERNAL_TOPICS, InProcessHub } from '../src/ws/hub';
import { WsProbe } from './ws-client';
import { hashToken } from '../src/auth/auth.service';
import { SessionRepository } from '../src/auth/session.repository';

const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));
const offline = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Offline, now: Date.now() }));
/** Presence on the enterprise topic (user/onLine carries the same frames for handsets). */
const presenceOf = (uid: number, t: string, status: string) => (f: { topic: string; t: string; data: unknown }) =>
  f.topic === `msg/listen/ent/${DEMO_ENT_ID}` && f.t === t && (f.data as { uid?: number; status?: string } | null)?.uid === uid &&
  (f.data as { status?: string }).status === status;

describe.each(DB_KINDS)('/ws2 on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const open: WsProbe[] = [];
  const connect = async (token: string | null): Promise<WsProbe> => {
    const p = await WsProbe.open(baseUrl, token);
    open.push(p);
    return p;
  };

  const hub = new InProcessHub();
  beforeAll(async () => {
    t = await createTestApp(kind, { hub });
    baseUrl = await t.listen();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a bad token with one 10000 frame, then close code 4000', async () => {
    for (const token of ['not-a-token', null]) {
      const p = await connect(token);
      expect(await p.waitForClose()).toBe(WS_CLOSE.AuthFailed);
      expect(p.frames).toEqual([{ code: ServerCode.AuthorizationFailed, topic: 'sys/auth', data: null, t: 'AuthFailed' }]);
    }
  });

  it('refuses a token revoked by logout, and logout closes its open sockets', async () => {
    const s = await loginAs(t.app, 'member4');
    const live = await connect(s.auth_token);
    await live.ping();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${s.auth_token}` } });
    expect(await live.waitForClose()).toBe(WS_CLOSE.AuthFailed);
    const later = await connect(s.auth_token);
    expect(await later.waitForClose()).toBe(WS_CLOSE.AuthFailed);
  });

  it('answers a ping with a pong at once', async () => {
    const s = await loginAs(t.app, 'dispatcher2');
    const p = await connect(s.auth_token);
    p.send({ code: 0, topic: PING_TOPIC, data: null, t: PING_KIND });
    expect(await p.waitFor((f) => f.t === PONG_KIND)).toEqual({ code: 0, topic: PING_TOPIC, data: null, t: PONG_KIND });
  });

  it('handles frames sent before the token check finished', async () => {
    const s = await loginAs(t.app, 'member5');
    const p = await connect(s.auth_token);
    // Sent straight after open: the server is most likely still looking the token up.
    p.send({ code: 0, topic: PING_TOPIC, data: null, t: PING_KIND });
    await p.waitFor((f) => f.t === PONG_KIND);
  });

  it('publishes OnLine to the same enterprise only, and Logout on an offline heartbeat', async () => {
    const [member, watcher, stranger] = await Promise.all([
      loginAs(t.app, 'member1'),
      loginAs(t.app, 'dispatcher1'),
      loginAs(t.app, 'dispatcher1', SECOND_ENT_ID),
    ]);
    const watcherWs = await connect(watcher.auth_token);
    const strangerWs = await connect(stranger.auth_token);
    const memberWs = await connect(member.auth_token);
    await Promise.all([watcherWs.ping(), strangerWs.ping()]);

    memberWs.send(online(member));
    const frame = await watcherWs.waitFor(presenceOf(member.id, 'OnLine', 'online'), 'OnLine');
    expect(frame).toEqual({
      code: 0,
      topic: topics.entListen(DEMO_ENT_ID),
      data: { uid: member.id, account: 'member1', nickname: 'Member 1', status: 'online' },
      t: 'OnLine',
    });

    memberWs.send(online(member)); // a repeat heartbeat is not a new arrival
    memberWs.send(offline(member));
    await watcherWs.waitFor(presenceOf(member.id, 'Logout', 'offline'), 'Logout');
    expect(watcherWs.frames.filter(presenceOf(member.id, 'OnLine', 'online'))).toHaveLength(1);

    await strangerWs.ping();
    expect(strangerWs.frames.filter((f) => f.topic.includes(String(DEMO_ENT_ID)))).toEqual([]);
    expect(strangerWs.frames.every((f) => f.t === PONG_KIND || f.topic.endsWith(`/${SECOND_ENT_ID}`))).toBe(true);
  });

  it('publishes OnLine offline when an online socket closes without an offline heartbeat', async () => {
    const [member, watcher] = await Promise.all([loginAs(t.app, 'member2'), loginAs(t.app, 'dispatcher2')]);
    const watcherWs = await connect(watcher.auth_token);
    await watcherWs.ping(); // subscribed before the member announces itself
    const memberWs = await connect(member.auth_token);
    memberWs.send(online(member));
    await watcherWs.waitFor(presenceOf(member.id, 'OnLine', 'online'));
    await memberWs.close();
    await watcherWs.waitFor(presenceOf(member.id, 'OnLine', 'offline'), 'OnLine offline');
  });

  it("ignores a heartbeat on another user's topic", async () => {
    const [member, other, watcher] = await Promise.all([
      loginAs(t.app, 'member3'),
      loginAs(t.app, 'member6'),
      loginAs(t.app, 'admin'),
    ]);
    const watcherWs = await connect(watcher.auth_token);
    const memberWs = await connect(member.auth_token);
    memberWs.send(online(other)); // member3 pretending to be member6
    await memberWs.ping();
    await watcherWs.ping();
    expect(watcherWs.frames.filter((f) => f.t === 'OnLine')).toEqual([]);
  });

  it('receives Login of colleagues on the enterprise topic', async () => {
    const watcher = await loginAs(t.app, 'superadmin');
    const watcherWs = await connect(watcher.auth_token);
    await watcherWs.ping();
    const member = await loginAs(t.app, 'member4');
    const frame = await watcherWs.waitFor((f) => f.t === 'Login' && (f.data as { uid: number }).uid === member.id);
    expect(frame.topic).toBe(topics.entListen(DEMO_ENT_ID));
  });

  it('ignores binary, non-JSON and invalid frames and stays open', async () => {
    const s = await loginAs(t.app, 'member1');
    const p = await connect(s.auth_token);
    p.send(Buffer.from([0, 1, 2, 3, 255]));
    p.send('this is not json');
    p.send('{"half": ');
    p.send({ hello: 'world' });
    p.send([1, 2, 3]);
    p.send({ code: 0, topic: topics.heartbeat(s.ent.id, s.id), data: { nonsense: true }, t: 'Heartbeat' });
    p.send({ code: 0, topic: 'unknown/topic', data: null, t: 'X' });
    await p.ping();
    expect(p.closeCode).toBeNull();
    expect(p.frames.map((f) => f.t)).toEqual([PONG_KIND]);
  });

  it('starts a socket from one statement: the session and its channels, ascending, none of another enterprise', async () => {
    const s = await loginAs(t.app, 'member1');
    const sessions = new SessionRepository(t.db);
    // A channel of another enterprise with member1 on it (a stray row) must not be followed.
    const other = await t.db.query<{ id: number }>(`insert into channels (ent_id, name) values ($1, 'Elsewhere') returning id`, [SECOND_ENT_ID]);
    await t.db.query('insert into channel_members (channel_id, user_id, ent_id) values ($1, $2, $3)', [other.rows[0]!.id, s.id, SECOND_ENT_ID]);
    try {
      const expected = await t.db.query<{ id: number }>(
        `select c.id from channel_members m join channels c on c.id = m.channel_id where m.user_id = $1 and c.ent_id = $2 order by c.id`,
        [s.id, DEMO_ENT_ID],
      );
      expect(expected.rows.length).toBeGreaterThan(1);
      const found = await sessions.findActiveWithChannels(hashToken(s.auth_token));
      expect(found?.session).toMatchObject({ userId: s.id, entId: DEMO_ENT_ID, account: 'member1' });
      expect(found?.channelIds).toEqual(expected.rows.map((r) => r.id));
      expect(found?.session).toEqual(await sessions.findActive(hashToken(s.auth_token)));
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${s.auth_token}` } });
      expect(await sessions.findActiveWithChannels(hashToken(s.auth_token))).toBeNull();
    } finally {
      await t.db.query('delete from channels where id = $1', [other.rows[0]!.id]);
    }
  });

  it("delivers a channel's frames to its members only", async () => {
    const r = await t.db.query<{ id: number }>(`select id from channels where ent_id = $1 and name = 'Security'`, [DEMO_ENT_ID]);
    const security = r.rows[0]!.id;
    const [inside, outside] = await Promise.all([loginAs(t.app, 'member1'), loginAs(t.app, 'member5')]);
    const insideWs = await connect(inside.auth_token);
    const outsideWs = await connect(outside.auth_token);
    await Promise.all([insideWs.ping(), outsideWs.ping()]);
    await hub.publish(topics.channelListen(DEMO_ENT_ID, security), 'ChannelStatus', { channelId: security });
    await insideWs.waitFor((f) => f.t === 'ChannelStatus');
    await outsideWs.ping();
    expect(outsideWs.frames.filter((f) => f.t === 'ChannelStatus')).toEqual([]);
  });

  it('drops every subscription when sockets close', async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
    await new Promise((r) => setTimeout(r, 50));
    // Only the server's own internal topics (session revocations, memberships, ...) are left.
    expect(hub.topicCount()).toBe(Object.keys(INTERNAL_TOPICS).length);
  });
});
