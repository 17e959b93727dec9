import { dayOf, type PatrolDashboard, type PatrolNode, type PatrolRun, type PatrolTaskDetail, type Session } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// The daily roll-up the dashboard reads (migration 022, ADR 029 addendum) stays equal to what
// the runs and check-ins themselves say, per organisation day (its time zone), task and member:
// through check-ins, skipped stops, deletions and a change of the organisation's time zone.

const BASE = { lng: 116.6, lat: 39.99 };

const EXPECTED_DAYS = `
  select to_char(day, 'YYYY-MM-DD') as day, task_id as "taskId", sum(runs)::int as runs, sum(complete)::int as complete, sum(incomplete)::int as incomplete,
         sum(missed_runs)::int as "missedRuns", sum(active)::int as active, sum(missed)::int as missed, sum(flagged)::int as flagged,
         sum(checkins)::int as checkins, sum(on_time)::int as "onTime", sum(early)::int as early, sum(late)::int as late
    from (
      select (r.planned_start at time zone e.time_zone)::date as day, r.task_id, 1 as runs, (r.status = 'complete')::int as complete,
             (r.status = 'incomplete')::int as incomplete, (r.status = 'missed')::int as missed_runs, (r.status = 'active')::int as active,
             r.missed, (r.flag is not null)::int as flagged, 0 as checkins, 0 as on_time, 0 as early, 0 as late
        from patrol_runs r join enterprises e on e.id = r.ent_id where r.ent_id = $1
      union all
      select (c.checked_at at time zone e.time_zone)::date, coalesce(c.task_id, 0), 0, 0, 0, 0, 0, 0, 0, 1,
             (c.result = 'onTime')::int, (c.result = 'early')::int, (c.result = 'late')::int
        from patrol_checkins c join enterprises e on e.id = c.ent_id where c.ent_id = $1
    ) x group by 1, 2 order by 1, 2`;
const ROLLED_DAYS = `
  select to_char(day, 'YYYY-MM-DD') as day, task_id as "taskId", runs, complete, incomplete, missed_runs as "missedRuns", active, missed, flagged,
         checkins, on_time as "onTime", early, late
    from patrol_daily where ent_id = $1 and (runs <> 0 or checkins <> 0) order by 1, 2`;
const EXPECTED_MEMBERS = `
  select to_char((c.checked_at at time zone e.time_zone)::date, 'YYYY-MM-DD') as day, c.user_id as "userId", coalesce(c.task_id, 0) as "taskId",
         count(*)::int as checkins, count(*) filter (where c.result = 'onTime')::int as "onTime"
    from patrol_checkins c join enterprises e on e.id = c.ent_id where c.ent_id = $1 group by 1, 2, 3 order by 1, 2, 3`;
const ROLLED_MEMBERS = `
  select to_char(day, 'YYYY-MM-DD') as day, user_id as "userId", task_id as "taskId", checkins, on_time as "onTime"
    from patrol_daily_members where ent_id = $1 and checkins <> 0 order by 1, 2, 3`;

describe.each(DB_KINDS)('patrol daily roll-up on %s', (kind) => {
  let t: TestApp;
  const s = {} as Record<'admin' | 'm1' | 'm2', Session>;
  const nodes: PatrolNode[] = [];
  let ordered: PatrolRun;
  let free: PatrolRun;

  const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => api<T>(t.app, method, url, s.admin.auth_token, body);
  const gps = (userId: number, node: PatrolNode, atMs: number) =>
    t.deps.patrol.checkIn({ entId: DEMO_ENT_ID, userId, node: { id: node.id, name: node.name, repeatS: node.repeatS }, atMs, method: 'gps', lng: node.lng, lat: node.lat });
  async function expectConsistent(): Promise<void> {
    const q = <T>(sql: string) => t.deps.db.query<T>(sql, [DEMO_ENT_ID]).then((r) => r.rows);
    expect(await q(ROLLED_DAYS)).toEqual(await q(EXPECTED_DAYS));
    expect(await q(ROLLED_MEMBERS)).toEqual(await q(EXPECTED_MEMBERS));
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    s.admin = await loginAs(t.app, 'admin');
    s.m1 = await loginAs(t.app, 'member1');
    s.m2 = await loginAs(t.app, 'member2');
    for (let i = 0; i < 3; i += 1) {
      nodes.push((await call<PatrolNode>('POST', '/api/patrol/nodes', { name: `Daily ${i}`, lng: BASE.lng + i * 0.01, lat: BASE.lat, methods: ['gps', 'qr'], radiusM: 30 })).body.data);
    }
    const route = nodes.map((n, i) => ({ nodeId: n.id, offsetS: i * 60, toleranceS: 600 }));
    const task = async (name: string, order: 'ordered' | 'free') =>
      (await call<PatrolTaskDetail>('POST', '/api/patrol/tasks', { name, order, lateS: 600, route, userIds: [s.m1.id, s.m2.id] })).body.data;
    ordered = (await call<PatrolRun>('POST', `/api/patrol/tasks/${(await task('Daily ordered', 'ordered')).id}/start`)).body.data;
    free = (await call<PatrolRun>('POST', `/api/patrol/tasks/${(await task('Daily free', 'free')).id}/start`)).body.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows check-ins, skipped stops, repeats and unplanned ones', async () => {
    await expectConsistent();
    const at = Date.parse(ordered.plannedStart) + 1_000;
    expect((await gps(s.m1.id, nodes[2]!, at)).checkin.result).toBe('onTime'); // ordered: skips 0 and 1, ends the run
    expect((await gps(s.m1.id, nodes[2]!, at + 1_000)).checkin.result).toBe('repeat');
    expect((await gps(s.m2.id, nodes[0]!, at)).checkin.result).toBe('onTime'); // free run
    expect((await gps(s.m2.id, nodes[0]!, at + 700_000)).checkin.result).toBe('unplanned');
    await expectConsistent();
    const zone = (await t.deps.db.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [DEMO_ENT_ID])).rows[0]!.tz;
    const day = (ms: number) => dayOf(zone, ms);
    const board = (await call<PatrolDashboard>('GET', `/api/patrol/dashboard?from=${day(at - 86_400_000)}&to=${day(at + 86_400_000)}`)).body.data;
    expect(board.totals).toMatchObject({ runs: 2, incomplete: 1, active: 1, missed: 2, checkins: 4, onTime: 2 });
    expect(board.members.map((m) => [m.uid, m.checkins])).toEqual([[s.m1.id, 2], [s.m2.id, 2]].sort((a, b) => b[1]! - a[1]! || a[0]! - b[0]!));
  });

  it('follows deletions of check-ins and runs', async () => {
    const list = (await call<{ items: { id: number; runId: number | null }[] }>('GET', `/api/patrol/checkins?runId=${free.id}`)).body.data.items;
    expect(list).toHaveLength(1);
    expect((await call('POST', '/api/patrol/records/delete', { checkinIds: [list[0]!.id] })).body.code).toBe(0);
    await expectConsistent();
    expect((await call('POST', '/api/patrol/records/delete', { runIds: [ordered.id] })).body.code).toBe(0);
    await expectConsistent();
  });

  it('is rebuilt in the new time zone when the organisation changes it', async () => {
    await t.deps.db.query(`update patrol_checkins set checked_at = checked_at - interval '20 hours' where ent_id = $1`, [DEMO_ENT_ID]);
    await expectConsistent();
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      await t.deps.db.query('update enterprises set time_zone = $2 where id = $1', [DEMO_ENT_ID, zone]);
      await expectConsistent();
    }
  });
});
