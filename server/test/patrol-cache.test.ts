import type { PatrolNode, PatrolRun, PatrolTaskDetail, Session } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// The per-node copy of active runs (PatrolCache, ADR 029 addendum): a check-in patches it in
// place instead of dropping it, a stale copy only causes an extra attempt that ends as the
// database says (never a stop settled twice), and a background reload keeps the old copy answering
// and re-applies patches made while it ran.

const BASE = { lng: 116.5, lat: 39.95 };

describe.each(DB_KINDS)('patrol cache on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'm1' | 'm2', Session>;
  let node: PatrolNode;
  let run: PatrolRun;

  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => api<T>(t.app, method, url, s.admin.auth_token, body);
  const gps = (userId: number, atMs: number) =>
    t.deps.patrol.checkIn({ entId: DEMO_ENT_ID, userId, node: { id: node.id, name: node.name, repeatS: node.repeatS }, atMs, method: 'gps', ...BASE });
  const stopRow = async () =>
    (await t.deps.db.query<{ result: string; checkinId: number | null }>('select result, checkin_id as "checkinId" from patrol_run_nodes where run_id = $1 and seq = 0', [run.id])).rows[0]!;
  const copyStop = () => t.deps.patrolCache.peek(DEMO_ENT_ID)?.runs.get(run.id)?.stops[0];

  beforeAll(async () => {
    t = await createTestApp(kind);
    s.admin = await loginAs(t.app, 'admin');
    s.m1 = await loginAs(t.app, 'member1');
    s.m2 = await loginAs(t.app, 'member2');
    node = (await call<PatrolNode>('POST', '/api/patrol/nodes', { name: 'Cache gate', ...BASE, methods: ['gps'], radiusM: 30 })).body.data;
    const second = (await call<PatrolNode>('POST', '/api/patrol/nodes', { name: 'Cache yard', lng: BASE.lng + 0.01, lat: BASE.lat, methods: ['gps'], radiusM: 30 })).body.data;
    const task = (await call<PatrolTaskDetail>('POST', '/api/patrol/tasks', {
      name: 'Cache round', order: 'free', lateS: 600, userIds: [s.m1.id, s.m2.id],
      route: [{ nodeId: node.id, offsetS: 0, toleranceS: 600 }, { nodeId: second.id, offsetS: 60, toleranceS: 600 }],
    })).body.data;
    run = (await call<PatrolRun>('POST', `/api/patrol/tasks/${task.id}/start`)).body.data;
    expect(run.status).toBe('active');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('patches the copy on a check-in instead of dropping it', async () => {
    const loaded = await t.deps.patrolCache.get(DEMO_ENT_ID);
    expect(copyStop()?.result).toBe('pending');
    const { checkin } = await gps(s.m1.id, Date.parse(run.plannedStart) + 1_000);
    expect(checkin).toMatchObject({ result: 'onTime', runId: run.id, method: 'gps', user: { uid: s.m1.id } });
    // Same copy, no reload: the stop it settled is settled in it.
    expect(t.deps.patrolCache.peek(DEMO_ENT_ID)).toBe(loaded);
    expect(copyStop()?.result).toBe('onTime');
  });

  it('a stale copy makes an extra attempt at most, judged again from the database', async () => {
    const first = await stopRow();
    expect(first.result).toBe('onTime');
    // As on a node whose copy has not heard of the check-in yet.
    copyStop()!.result = 'pending';
    const at = Date.parse(run.plannedStart) + 5_000;
    expect((await gps(s.m2.id, at)).checkin).toMatchObject({ result: 'unplanned', runId: null, task: null });
    expect((await gps(s.m1.id, at)).checkin).toMatchObject({ result: 'repeat', runId: null });
    // Never settled twice: the stop keeps its check-in, the run its counters.
    expect(await stopRow()).toEqual(first);
    const after = (await call<PatrolRun>('GET', `/api/patrol/runs/${run.id}`)).body.data;
    expect(after).toMatchObject({ status: 'active', onTime: 1, early: 0, late: 0, missed: 0 });
    // Nothing settled: the copy is left as it was (the age limit or the tick reload it).
    expect(copyStop()?.result).toBe('pending');
  });

  it('reloads in the background while the old copy answers, keeping patches made meanwhile', async () => {
    const cache = t.deps.patrolCache;
    const old = cache.peek(DEMO_ENT_ID)!;
    cache.refresh(DEMO_ENT_ID);
    // A patch landing while the reload runs (its query may have read the database before it).
    cache.patch(DEMO_ENT_ID, [{ runId: run.id, seq: 1, result: 'missed' }], false);
    expect(cache.peek(DEMO_ENT_ID)).toBe(old);
    const deadline = Date.now() + 5_000;
    while (cache.peek(DEMO_ENT_ID) === old) {
      if (Date.now() > deadline) throw new Error('reload never landed');
      await new Promise((r) => setTimeout(r, 5));
    }
    const fresh = cache.peek(DEMO_ENT_ID)!.runs.get(run.id)!;
    expect(fresh.stops.map((x) => x.result)).toEqual(['onTime', 'missed']);
    // A change that adds work drops the copy: the next report waits for a fresh one.
    cache.invalidate(DEMO_ENT_ID);
    expect(cache.peek(DEMO_ENT_ID)).toBeNull();
    expect((await cache.get(DEMO_ENT_ID)).runs.get(run.id)!.stops.map((x) => x.result)).toEqual(['onTime', 'pending']);
  });
});
