import {
  HeartbeatEvent,
  HeartbeatMethod,
  SOS_ESCALATION_KIND,
  buildHeartbeat,
  heartbeatFrame,
  sosEscalationFrameSchema,
  sosEventListSchema,
  sosMsgSchema,
  topics,
  type Session,
  type SosRaised,
  type Ws2Frame,
} from '@ptt/contracts';
import type { Db } from '../src/db/db';
import { SosEscalation } from '../src/sos/sos-escalation';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { InProcessHub } from '../src/ws/hub';
import { MemoryPresenceStore } from '../src/ws/presence';
import { DB_KINDS, createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// ADR 025: an SOS nobody acknowledged within the organisation's time escalates once, found by
// every node's sweep (here two nodes on one database, sweeping every 100 ms, sharing the hub and
// presence as Redis would: whichever node claims the escalation tells the sockets of both).
const SWEEP_MS = 100;
const online = (s: Session) =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));
const escalationOf = (sosId: number) => (f: Ws2Frame) => f.t === SOS_ESCALATION_KIND && (f.data as { sosId?: number }).sosId === sosId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)('SOS escalation on %s', (kind) => {
  let testDb: TestDb;
  let node: TestApp;
  let other: TestApp;
  const s = {} as Record<'admin' | 'd1' | 'm1' | 'm2', Session>;
  const sockets: WsProbe[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const shared = { testDb, keepDb: true, env: { SOS_SWEEP_MS: String(SWEEP_MS) }, hub: new InProcessHub(), presenceStore: new MemoryPresenceStore() };
    node = await createTestApp(kind, shared);
    other = await createTestApp(kind, shared);
    await other.app.ready();
    const baseUrl = await node.listen();
    for (const [key, account] of [['admin', 'admin'], ['d1', 'dispatcher1'], ['m1', 'member1'], ['m2', 'member2']] as const) {
      s[key] = await loginAs(node.app, account);
    }
    for (const who of [s.admin, s.d1]) {
      const p = await WsProbe.open(baseUrl, who.auth_token);
      sockets.push(p);
      p.send(online(who));
      await p.ping();
    }
  });
  afterAll(async () => {
    await Promise.all(sockets.map((p) => p.close()));
    await node?.close();
    await other?.close();
    await testDb?.cleanup();
  });

  const events = async (db: Db, sosId: number) =>
    (await db.query<{ n: number }>("select count(*)::int as n from sos_events where sos_id = $1 and type = 'escalated'", [sosId])).rows[0]!.n;

  it('escalates an unacknowledged SOS exactly once, tells online admins and not dispatchers, and leaves an acknowledged one', async () => {
    const [adminSocket, dispatcherSocket] = sockets as [WsProbe, WsProbe];
    expect((await api(node.app, 'PUT', '/api/sos/settings', s.admin.auth_token, { escalateAfterS: 5 })).status).toBe(200);
    const raise = async (who: Session) => (await api<SosRaised>(node.app, 'POST', '/api/sos', who.auth_token, {})).body.data.record;
    const waiting = await raise(s.m1);
    const taken = await raise(s.m2);
    expect((await api(node.app, 'POST', `/api/sos/${taken.id}/ack`, s.d1.auth_token)).status).toBe(200);
    // Not yet due: three sweeps find nothing.
    await sleep(SWEEP_MS * 3);
    expect(await events(node.db, waiting.id)).toBe(0);

    // Both started 6 s ago: one is due, the other was acknowledged in time.
    await node.db.query("update sos_records set started_at = started_at - interval '6 seconds' where id in ($1, $2)", [waiting.id, taken.id]);
    const frame = await adminSocket.waitFor(escalationOf(waiting.id), 'SosEscalation');
    expect(frame.topic).toBe(topics.userListen(DEMO_ENT_ID, s.admin.id));
    const data = sosEscalationFrameSchema.parse(frame.data);
    expect(data).toMatchObject({ sosId: waiting.id, uid: s.m1.id, account: 'member1', nickname: 'Member 1', afterS: 5 });
    const msg = await dispatcherSocket.waitFor((f) => f.t === 'SosMsg' && (f.data as { sosId: number }).sosId === waiting.id && (f.data as { escalatedAt: unknown }).escalatedAt !== null);
    expect(msg.topic).toBe(topics.entListen(DEMO_ENT_ID));
    expect(sosMsgSchema.parse(msg.data)).toMatchObject({ escalatedAt: data.escalatedAt, ackedAt: null, state: 'open' });

    // Several more sweeps on both nodes: still once.
    await sleep(SWEEP_MS * 5);
    expect(await events(node.db, waiting.id)).toBe(1);
    expect(adminSocket.frames.filter(escalationOf(waiting.id))).toHaveLength(1);
    expect(dispatcherSocket.frames.filter((f) => f.t === SOS_ESCALATION_KIND)).toEqual([]);
    expect(await events(node.db, taken.id)).toBe(0);
    expect(adminSocket.frames.filter(escalationOf(taken.id))).toEqual([]);
    const takenNow = await api<{ escalatedAt: string | null }>(node.app, 'GET', `/api/sos/${taken.id}`, s.d1.auth_token);
    expect(takenNow.body.data.escalatedAt).toBeNull();

    const timeline = sosEventListSchema.parse((await api(node.app, 'GET', `/api/sos/${waiting.id}/events`, s.d1.auth_token)).body.data);
    expect(timeline.map((e) => [e.type, e.by, e.note])).toEqual([
      ['raised', null, null],
      ['escalated', null, '5'],
    ]);
    expect(timeline[1]!.at).toBe(data.escalatedAt);
    expect(await node.deps.sosEscalation.sweep()).toBe(0);

    // Acknowledging after the escalation is still possible; the record keeps both.
    const late = await api<{ ackedAt: string | null; escalatedAt: string | null }>(node.app, 'POST', `/api/sos/${waiting.id}/ack`, s.d1.auth_token);
    expect(late.body.data).toMatchObject({ escalatedAt: data.escalatedAt, ackedAt: expect.any(String) as string });
    await api(node.app, 'POST', `/api/sos/${waiting.id}/close`, s.d1.auth_token);
    await api(node.app, 'POST', `/api/sos/${taken.id}/close`, s.d1.auth_token);
  });
});

describe('SOS escalation sweep failures', () => {
  it('logs a failing sweep once per outage and keeps sweeping', async () => {
    let calls = 0;
    const errors: string[] = [];
    const db = { query: () => (++calls <= 3 ? Promise.reject(new Error('database down')) : Promise.resolve({ rows: [], rowCount: 0 })) };
    const log = { info: () => undefined, warn: () => undefined, error: (_o: object, msg: string) => void errors.push(msg) };
    const sweep = new SosEscalation({ db, hub: {}, presence: {}, log } as unknown as ConstructorParameters<typeof SosEscalation>[0], 10);
    sweep.start();
    while (calls < 6) await sleep(10);
    await sweep.stop();
    expect(errors).toEqual(['SOS escalation sweep failed']);
    const after = calls;
    await sleep(50);
    expect(calls).toBe(after);
  });
});
