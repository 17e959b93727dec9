import type { PatrolNode, PatrolRun, PatrolTaskDetail, Session } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import type { PatrolEvaluationStats } from '../src/patrol/patrol-stats';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// GET /api/diagnostics/patrol (what the patrol benchmark reads): the counters and the histogram
// move with a member on an active run reporting outside and inside a node's radius, and not for a
// member without a run beyond the report itself.

const BASE = { lng: 116.397, lat: 39.909 };
const east = (m: number) => ({ lng: BASE.lng + m / 85_390, lat: BASE.lat });

describe.each(DB_KINDS)('patrol evaluation figures on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'dispatcher' | 'm1' | 'm2', Session>;
  let clock = Date.now();
  let reports = 0;

  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown, who: Session = s.admin) => api<T>(t.app, method, url, who.auth_token, body);
  const stats = async (who: Session = s.dispatcher) => (await call<PatrolEvaluationStats>('GET', '/api/diagnostics/patrol', undefined, who)).body.data;
  const report = async (who: Session, at: { lng: number; lat: number }) => {
    reports += 1;
    expect((await api(t.app, 'POST', '/api/locations', who.auth_token, { points: [{ ...at, coord: 0, time: (clock += 1_000) }] })).body.code).toBe(0);
  };
  /** Every report's evaluation has finished (the REST answer comes before it does). */
  async function settled(): Promise<void> {
    const deadline = Date.now() + 5_000;
    const finished = () => t.deps.patrolMonitor.stats.read(DEMO_ENT_ID).latency.counts.reduce((a, b) => a + b, 0);
    while (finished() < reports) {
      if (Date.now() > deadline) throw new Error(`${finished()} of ${reports} reports evaluated`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    s.admin = await loginAs(t.app, 'admin');
    s.dispatcher = await loginAs(t.app, 'dispatcher1');
    s.m1 = await loginAs(t.app, 'member1');
    s.m2 = await loginAs(t.app, 'member2');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts reports, those on a run, entries and check-ins, and times each report', async () => {
    const node = (await call<PatrolNode>('POST', '/api/patrol/nodes', { name: 'Stats gate', ...east(0), methods: ['gps'], radiusM: 30 })).body.data;
    const task = (await call<PatrolTaskDetail>('POST', '/api/patrol/tasks', {
      name: 'Stats round', order: 'free', route: [{ nodeId: node.id, offsetS: 0, toleranceS: 600 }], lateS: 600, userIds: [s.m1.id],
    })).body.data;
    const run = (await call<PatrolRun>('POST', `/api/patrol/tasks/${task.id}/start`)).body.data;
    expect(run.status).toBe('active');
    clock = Date.parse(run.plannedStart);
    reports = (await stats()).reports;
    const before = await stats();

    await report(s.m2, east(3)); // no run: a map lookup only
    await report(s.m1, east(200)); // on the run, outside the radius
    await settled();
    const outside = await stats();
    expect(outside.reports - before.reports).toBe(2);
    expect(outside.evaluated - before.evaluated).toBe(1);
    expect([outside.entries, outside.checkins, outside.counted]).toEqual([before.entries, before.checkins, before.counted]);

    await report(s.m1, east(5)); // inside: a check-in
    await settled();
    const inside = await stats();
    expect(inside.reports - outside.reports).toBe(1);
    expect(inside.evaluated - outside.evaluated).toBe(1);
    expect(inside.entries - outside.entries).toBe(1);
    expect(inside.checkins - outside.checkins).toBe(1);
    expect(inside.counted - outside.counted).toBe(1);
    expect(inside.failures).toBe(0);
    const total = (h: PatrolEvaluationStats['latency']) => h.counts.reduce((a, b) => a + b, 0);
    expect(total(inside.latency) - total(before.latency)).toBe(3);
    expect(total(inside.waitedLatency)).toBeGreaterThanOrEqual(1); // the check-in's write
    expect(inside.latency.counts).toHaveLength(inside.latency.boundsMs.length + 1);
  });

  it('is for patrol readers only', async () => {
    expect((await call('GET', '/api/diagnostics/patrol', undefined, s.m1)).body.code).toBe(2001);
  });
});
