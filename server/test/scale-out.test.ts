import { createClient } from 'redis';
import {
  CHAT_MESSAGE_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  MessageType,
  SOS_KIND,
  SOS_MSG_KIND,
  WS_CLOSE,
  buildHeartbeat,
  heartbeatFrame,
  topics,
  fileLinkExpiry,
  type FileMeta,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { SESSION_CACHE_MS } from '../src/auth/session-cache';
import { fileLinkSignature } from '../src/files/file-links';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { RedisHub } from '../src/ws/redis-hub';
import { RedisPresenceStore } from '../src/ws/redis-presence';
import { startRedis, type RedisServer } from './redis-harness';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Acceptance 2 of issue 4: two server nodes on one PostgreSQL database and one Redis. What happens
// through node A reaches sockets on node B. Each node has its own hub and presence store, as two
// processes would; they share the database object only because the harness hands out one.

const ENT = DEMO_ENT_ID;
const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));
/** Presence on the enterprise topic (user/onLine carries the same frames for handsets). */
const presenceOf = (uid: number, status: string) => (f: Ws2Frame) =>
  f.topic === topics.entListen(ENT) &&
  f.t === 'OnLine' && (f.data as { uid?: number; status?: string } | null)?.uid === uid && (f.data as { status?: string }).status === status;

describe('two server nodes on one database and one Redis', () => {
  let redis: RedisServer;
  let testDb: TestDb;
  const nodes: { t: TestApp; hub: RedisHub; store: RedisPresenceStore; url: string }[] = [];
  const sockets: WsProbe[] = [];
  const sessions = new Map<string, Session>();
  const channelIds: Record<string, number> = {};
  let watcher: WsProbe; // dispatcher1's console, on node B

  const A = () => nodes[0]!;
  const B = () => nodes[1]!;
  /** Each account logs in once: a newer web login would end the older session. */
  const session = async (account: string): Promise<Session> => {
    let s = sessions.get(account);
    if (!s) {
      s = await loginAs(A().t.app, account);
      sessions.set(account, s);
    }
    return s;
  };
  /** A socket on a node, online, with the node's Redis subscriptions for it in place (the pong
   *  comes after the server subscribed it; the SUBSCRIBEs may still be on their way). */
  const socketOn = async (node: { url: string; hub: RedisHub }, account: string): Promise<WsProbe> => {
    const s = await session(account);
    const p = await WsProbe.open(node.url, s.auth_token);
    sockets.push(p);
    p.send(online(s));
    await p.ping();
    await node.hub.subscriptionsSettled();
    return p;
  };
  const restThroughA = async (account: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
    const res = await api(A().t.app, method, url, (await session(account)).auth_token, body);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    redis = await startRedis();
    testDb = await createTestDb('postgres');
    for (let i = 0; i < 2; i++) {
      const hub = await RedisHub.connect(redis.url);
      // A short node TTL: the killed-node test waits for a sweep, which runs every TTL / 3.
      const store = await RedisPresenceStore.connect(redis.url, { nodeTtlMs: 3_000 });
      const t = await createTestApp('postgres', { testDb, hub, presenceStore: store });
      nodes.push({ t, hub, store, url: await t.listen() });
    }
    const r = await testDb.db.query<{ id: number; name: string }>('select id, name from channels where ent_id = $1', [ENT]);
    for (const c of r.rows) channelIds[c.name] = c.id;
    watcher = await socketOn(B(), 'dispatcher1');
    await watcher.waitFor(presenceOf((await session('dispatcher1')).id, 'online'));
  });
  afterAll(async () => {
    await Promise.all(sockets.map((p) => p.close()));
    for (const n of nodes) await n.t.app.close();
    for (const n of nodes) {
      await n.store.close();
      await n.hub.close();
    }
    await testDb?.cleanup();
    await redis?.stop();
  });

  it('shows on node B the presence of a user whose socket is on node A', async () => {
    const member = await session('member1');
    await socketOn(A(), 'member1');
    const frame = await watcher.waitFor(presenceOf(member.id, 'online'), 'OnLine of member1');
    expect(frame.topic).toBe(topics.entListen(ENT));
    const list = await api<{ uid: number; status: string }[]>(B().t.app, 'GET', '/api/presence', (await session('dispatcher1')).auth_token);
    expect(list.body.data).toContainEqual({ uid: member.id, status: 'online' });
  });

  it('delivers a channel renamed through node A to node B', async () => {
    await restThroughA('admin', 'PATCH', `/api/channels/${channelIds.Logistics}`, { name: 'Logistics North' });
    const frame = await watcher.waitFor((f) => f.t === 'ChannelChange' && (f.data as { name?: string }).name === 'Logistics North');
    expect(frame).toMatchObject({ topic: topics.entListen(ENT), data: { channelId: channelIds.Logistics } });
  });

  it('closes the socket on node B when its session logs out through node A', async () => {
    const s = await session('member2');
    const onB = await socketOn(B(), 'member2');
    const res = await api(A().t.app, 'POST', '/api/auth/logout', s.auth_token);
    expect(res.body.code).toBe(0);
    expect(await onB.waitForClose()).toBe(WS_CLOSE.AuthFailed);
  });

  it('refuses on node B the file links of a session that logged out through node A, without waiting for its cache', async () => {
    const s = await session('dispatcher2');
    // Each node keeps its own files folder here: the file is stored through B.
    const file = (await uploadFile<FileMeta>(B().t.app, '/api/files', s.auth_token, PNG_1PX, 'a.png')).body.data;
    const expiry = fileLinkExpiry(Date.now());
    const url = `/api/files/${file.id}?l=${s.file_link}&x=${expiry}&s=${fileLinkSignature(s.file_key!, file.id, expiry)}`;
    const getOnB = async () => (await B().t.app.inject({ method: 'GET', url })).statusCode;
    // Served, and now in node B's link cache.
    expect(await getOnB()).toBe(200);
    const onB = await socketOn(B(), 'dispatcher2');
    const loggedOut = Date.now();
    expect((await api(A().t.app, 'POST', '/api/auth/logout', s.auth_token)).body.code).toBe(0);
    // The socket closing on B means B has the revocation from the hub.
    expect(await onB.waitForClose()).toBe(WS_CLOSE.AuthFailed);
    expect(await getOnB()).toBe(401);
    expect(Date.now() - loggedOut).toBeLessThan(SESSION_CACHE_MS);
  });

  it('subscribes a socket on node B to a channel it was added to through node A', async () => {
    const member4 = await session('member4');
    const onB = await socketOn(B(), 'member4');
    const security = channelIds.Security!;
    await restThroughA('admin', 'POST', `/api/channels/${security}/members`, { members: [{ userId: member4.id }] });
    // The ChannelUserAdd announcing the join itself arrives: see redisChannelOf.
    await onB.waitFor((f) => f.t === 'ChannelUserAdd' && f.topic === topics.channelListen(ENT, security), 'ChannelUserAdd');
    await restThroughA('member1', 'POST', `/api/chats/${ENT}-1-${security}/messages`, { type: MessageType.Text, content: { text: 'welcome' } });
    await onB.waitFor((f) => f.t === CHAT_MESSAGE_KIND && f.topic === topics.channelListen(ENT, security), 'chat message');
  });

  it('delivers a chat message sent through node A to a channel member on node B', async () => {
    const logistics = channelIds.Logistics!;
    const onB = await socketOn(B(), 'member5');
    await restThroughA('member6', 'POST', `/api/chats/${ENT}-1-${logistics}/messages`, { type: MessageType.Text, content: { text: 'on my way' } });
    const frame = await onB.waitFor((f) => f.t === CHAT_MESSAGE_KIND, 'chat message');
    expect(frame.topic).toBe(topics.channelListen(ENT, logistics));
    expect(frame.data).toMatchObject({ content: { text: 'on my way' } });
  });

  it('delivers a location reported through node A to a dispatcher on node B', async () => {
    const member3 = await session('member3');
    await restThroughA('member3', 'POST', '/api/locations', { lng: 116.4, lat: 39.9, coord: 0, time: Date.now() });
    const frame = await watcher.waitFor((f) => f.topic === topics.dispatch(ENT) && JSON.stringify(f.data).includes(`"uid":${member3.id}`), 'location');
    expect(['Location', 'Locations']).toContain(frame.t);
  });

  it('delivers an SOS raised through node A to a dispatcher on node B, who counts as online there', async () => {
    const member3 = await session('member3');
    const raised = (await restThroughA('member3', 'POST', '/api/sos', { lng: 116.4, lat: 39.9 })) as { answered: boolean };
    expect(raised.answered).toBe(true); // dispatcher1 is online through node B's socket
    const byUid = (f: Ws2Frame) => (f.data as { uid?: number } | null)?.uid === member3.id;
    await watcher.waitFor((f) => f.t === SOS_MSG_KIND && f.topic === topics.entListen(ENT) && byUid(f), 'SosMsg');
    await watcher.waitFor((f) => f.t === SOS_KIND && f.topic === topics.sosAlert(ENT) && byUid(f), 'Sos alert');
  });

  it('announces offline, from a live node, the users of a node that was killed', async () => {
    // A third node as a real process, killed with SIGKILL: it cannot say goodbye. Its Redis key
    // expires after 1 s and node A or B claims its connections.
    let dying: ServerProcess | undefined = await startServerProcess({
      DATABASE_URL: testDb.location, REDIS_URL: redis.url, PRESENCE_NODE_TTL_MS: '1000', SEED_DEMO: 'false',
    });
    try {
      const member2 = await loginAs(A().t.app, 'member2');
      const onDying = await WsProbe.open(dying.baseUrl, member2.auth_token);
      sockets.push(onDying);
      onDying.send(online(member2));
      await watcher.waitFor(presenceOf(member2.id, 'online'), 'OnLine of member2');
      await stopServerProcess(dying, 'SIGKILL');
      dying = undefined;
      const started = Date.now();
      await watcher.waitFor(presenceOf(member2.id, 'offline'), 'OnLine offline of member2');
      expect(Date.now() - started).toBeLessThan(5_000);
      await watcher.ping();
      expect(watcher.frames.filter(presenceOf(member2.id, 'offline'))).toHaveLength(1);
      const list = await api<{ uid: number }[]>(B().t.app, 'GET', '/api/presence', (await session('dispatcher1')).auth_token);
      expect(list.body.data.map((x) => x.uid)).not.toContain(member2.id);
    } finally {
      if (dying) await stopServerProcess(dying, 'SIGKILL');
    }
  });

  it('keeps a user with a socket on each node online until both close', async () => {
    const member6 = await session('member6');
    const onA = await socketOn(A(), 'member6');
    const onB = await socketOn(B(), 'member6');
    await watcher.waitFor(presenceOf(member6.id, 'online'));
    const raw = createClient({ url: redis.url });
    raw.on('error', () => undefined);
    await raw.connect();
    try {
      await onA.close();
      // Node A has removed its connection once one is left in Redis; it must not have said offline.
      const conns = `ptt:presence:conns:${ENT}:${member6.id}`;
      for (let i = 0; (await raw.sCard(conns)) !== 1; i++) {
        if (i > 200) throw new Error('node A did not remove its connection');
        await new Promise((r) => setTimeout(r, 10));
      }
      await watcher.ping();
      expect(watcher.frames.filter(presenceOf(member6.id, 'offline'))).toEqual([]);
      const list = await api<{ uid: number }[]>(A().t.app, 'GET', '/api/presence', member6.auth_token);
      expect(list.body.data.map((s) => s.uid)).toContain(member6.id);

      await onB.close();
      await watcher.waitFor(presenceOf(member6.id, 'offline'), 'OnLine offline');
      expect(watcher.frames.filter(presenceOf(member6.id, 'offline'))).toHaveLength(1);
      expect(await raw.exists(conns)).toBe(0);
    } finally {
      await raw.close();
    }
  });
});
