import { LOCATION_KIND, WALL_ALERT_KIND, topics, type FenceDetail, type Session, type WallAlertFrame } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { INTERNAL_TOPICS } from '../src/ws/hub';
import { RedisHub } from '../src/ws/redis-hub';
import { startRedis, type RedisServer } from './redis-harness';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Geofences with two server nodes on one PostgreSQL database and one Redis: a fence created
// through node A reaches node B's warm cache at once, and a crossing (two points, ADR 027)
// reported to both nodes at the same time raises one alert: the state write is a compare-and-set.

const INSIDE = { lng: 116.404, lat: 39.915 };
const OUTSIDE = { lng: 116.5, lat: 39.915 };
const square = (half: number) => ({
  type: 'polygon' as const,
  points: [
    { lng: INSIDE.lng - half, lat: INSIDE.lat - half },
    { lng: INSIDE.lng + half, lat: INSIDE.lat - half },
    { lng: INSIDE.lng + half, lat: INSIDE.lat + half },
    { lng: INSIDE.lng - half, lat: INSIDE.lat + half },
  ],
});

describe('geofences on two server nodes', () => {
  let redis: RedisServer;
  let testDb: TestDb;
  const nodes: { t: TestApp; hub: RedisHub; url: string }[] = [];
  const sockets: WsProbe[] = [];
  let admin: Session;
  let member: Session;
  let watcher: WsProbe;
  let clock = Date.now() - 600_000;

  const open = async (node: { url: string; hub: RedisHub }, s: Session) => {
    const p = await WsProbe.open(node.url, s.auth_token);
    sockets.push(p);
    await p.ping();
    await node.hub.subscriptionsSettled();
    return p;
  };
  const frame = (at: { lng: number; lat: number }) => ({
    code: 0,
    topic: topics.location(DEMO_ENT_ID, member.id),
    data: { ...at, coord: 0, time: (clock += 1_000) },
    t: LOCATION_KIND,
  });
  const alerts = () => watcher.frames.filter((f) => f.t === WALL_ALERT_KIND).map((f) => f.data as WallAlertFrame);
  const storedAlerts = async () => (await testDb.db.query<{ n: number }>('select count(*)::int as n from fence_alerts')).rows[0]!.n;

  beforeAll(async () => {
    redis = await startRedis();
    testDb = await createTestDb('postgres');
    for (let i = 0; i < 2; i++) {
      const hub = await RedisHub.connect(redis.url);
      const t = await createTestApp('postgres', { testDb, hub });
      nodes.push({ t, hub, url: await t.listen() });
    }
    admin = await loginAs(nodes[0]!.t.app, 'admin');
    member = await loginAs(nodes[0]!.t.app, 'member1');
    watcher = await open(nodes[0]!, await loginAs(nodes[0]!.t.app, 'dispatcher1'));
  });
  afterAll(async () => {
    await Promise.all(sockets.map((p) => p.close()));
    for (const n of nodes) await n.t.app.close();
    for (const n of nodes) await n.hub.close();
    await testDb?.cleanup();
    await redis?.stop();
  });

  it('evaluates on node B a fence created through node A, and alerts once for a crossing seen by both', async () => {
    const device = await open(nodes[1]!, member);
    // Node B loads the enterprise's fences (none yet) on this point and keeps them warm.
    device.send(frame(INSIDE));
    await device.ping();
    await new Promise((r) => setTimeout(r, 300));

    // Node B's own fence listener subscribed first, so it has run when this one is called.
    const invalidatedOnB = new Promise<void>((resolve) => {
      const stop = nodes[1]!.hub.subscribe(INTERNAL_TOPICS.fences, () => {
        stop();
        resolve();
      });
    });
    const created = await api<FenceDetail>(nodes[0]!.t.app, 'POST', '/api/fences', admin.auth_token, { name: 'Yard', rule: 'leave', shape: square(0.01), userIds: [member.id] });
    expect(created.body.code).toBe(0);
    const fenceId = created.body.data.id;
    await invalidatedOnB;
    for (const at of [INSIDE, INSIDE, OUTSIDE, OUTSIDE]) device.send(frame(at));
    await watcher.waitFor((f) => f.t === WALL_ALERT_KIND, 'alert evaluated on node B');
    expect(alerts()).toMatchObject([{ fenceId, uid: member.id, type: 'leave' }]);

    // Back inside through B, then the same crossing reported to both nodes at once.
    device.send(frame(INSIDE));
    device.send(frame(INSIDE));
    await device.ping();
    const deadline = Date.now() + 5_000;
    while ((await testDb.db.query('select 1 from fence_states where inside')).rows.length === 0) {
      if (Date.now() > deadline) throw new Error('the inside position was never evaluated');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (let i = 0; i < 2; i++) {
      const out = { ...OUTSIDE, coord: 0, time: (clock += 1_000) };
      await Promise.all(nodes.map((n) => api(n.t.app, 'POST', '/api/locations', member.auth_token, out)));
    }
    await watcher.waitFor(() => alerts().length === 2, 'second alert');
    await new Promise((r) => setTimeout(r, 500));
    await watcher.ping();
    expect(alerts()).toHaveLength(2);
    expect(await storedAlerts()).toBe(2);
  });
});
