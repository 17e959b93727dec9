import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServerCode, type Floor, type PttFloorFrame, type Session } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { RedisFloorStore } from '../src/ptt/redis-floor-store';
import { RedisHub } from '../src/ws/redis-hub';
import { RedisPresenceStore } from '../src/ws/redis-presence';
import { createPttApp, FakeMedia, floorFrame, onlineFrame } from './ptt-fixture';
import { startRedis, type RedisServer } from './redis-harness';
import { api, loginAs, type TestApp } from './test-app';
import { createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Floor control on two server nodes sharing PostgreSQL and Redis (hub, presence and floors): a
// race between presses on both nodes has one winner, frames cross nodes, and a floor granted on
// one node is released, or ended by its holder's socket closing, through the other.

const ENT = DEMO_ENT_ID;

describe('PTT floors on two nodes sharing Redis', () => {
  let redis: RedisServer;
  let testDb: TestDb;
  let recDir: string;
  const nodes: { t: TestApp; hub: RedisHub; presence: RedisPresenceStore; floors: RedisFloorStore; media: FakeMedia }[] = [];
  const s: Record<string, Session> = {};
  const sockets: WsProbe[] = [];
  let chat = '';

  const A = () => nodes[0]!;
  const B = () => nodes[1]!;
  const call = (node: { t: TestApp }, who: string, url: string, body: unknown) => api<Floor>(node.t.app, 'POST', url, s[who]!.auth_token, body);
  async function socketOn(node: { t: TestApp; hub: RedisHub }, who: string, online = false): Promise<WsProbe> {
    const p = await WsProbe.open(node.t.baseUrl, s[who]!.auth_token);
    sockets.push(p);
    if (online) p.send(onlineFrame(s[who]!));
    await p.ping();
    await node.hub.subscriptionsSettled();
    return p;
  }

  beforeAll(async () => {
    redis = await startRedis();
    testDb = await createTestDb('postgres');
    recDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-rec-'));
    for (let i = 0; i < 2; i++) {
      const hub = await RedisHub.connect(redis.url);
      const presence = await RedisPresenceStore.connect(redis.url);
      const floors = await RedisFloorStore.connect(redis.url);
      const media = new FakeMedia(recDir);
      media.recordingMs = 100; // clicks: no messages to write while the nodes shut down
      const t = await createPttApp(testDb, { hub, presenceStore: presence, floorStore: floors, media });
      nodes.push({ t, hub, presence, floors, media });
    }
    for (const account of ['dispatcher1', 'member1', 'member2', 'member3']) s[account] = await loginAs(A().t.app, account);
    const r = await testDb.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Security'", [ENT]);
    chat = `${ENT}-1-${r.rows[0]!.id}`;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((p) => p.close()));
    for (const n of nodes) await n.t.close();
    for (const n of nodes) {
      await n.floors.close();
      await n.presence.close();
      await n.hub.close();
    }
    await testDb?.cleanup();
    await redis?.stop();
    rmSync(recDir, { recursive: true, force: true });
  });

  it('grants one of two presses racing through two nodes; frames and the release cross nodes', async () => {
    const onB = await socketOn(B(), 'dispatcher1');
    const onA = await socketOn(A(), 'member3');
    const [one, two] = await Promise.all([
      call(A(), 'member1', '/api/ptt/floor', { chatId: chat }),
      call(B(), 'member2', '/api/ptt/floor', { chatId: chat }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const [won, lost] = one.status === 200 ? [one, two] : [two, one];
    expect(lost.body).toMatchObject({ code: ServerCode.ChannelUserNotOperable, data: { floor: won.body.data } });
    const winner = won.body.data.holder!.uid === s.member1!.id ? 'member1' : 'member2';
    const grantedOn = winner === 'member1' ? A() : B();
    const other = grantedOn === A() ? B() : A();
    for (const p of [onA, onB]) {
      const frame = await p.waitFor(floorFrame(chat, 'granted'), 'granted');
      expect((frame.data as PttFloorFrame).holder?.uid).toBe(s[winner]!.id);
    }
    // Let go through the other node: it finds the floor in Redis and announces it to both.
    const released = await call(other, winner, '/api/ptt/floor/release', { chatId: chat });
    expect(released.body.data.holder).toBeNull();
    for (const p of [onA, onB]) await p.waitFor(floorFrame(chat, 'released'), 'released');
    expect(other.media.of('setSpeaker')).toContain(`setSpeaker ${chat} null`);
  });

  it('ends a floor granted through node A when its holder\'s only socket, on node B, closes', async () => {
    const watcher = await socketOn(A(), 'member3');
    const holderSocket = await socketOn(B(), 'member2', true);
    await watcher.waitFor((f) => f.t === 'OnLine' && (f.data as { uid: number }).uid === s.member2!.id, 'member2 online');
    expect((await call(A(), 'member2', '/api/ptt/floor', { chatId: chat })).status).toBe(200);
    await holderSocket.close();
    const frame = await watcher.waitFor(floorFrame(chat, 'left'), 'left');
    expect((frame.data as PttFloorFrame).previous?.uid).toBe(s.member2!.id);
    expect((await call(B(), 'member1', '/api/ptt/floor', { chatId: chat })).status).toBe(200);
    await call(B(), 'member1', '/api/ptt/floor/release', { chatId: chat });
  });
});
