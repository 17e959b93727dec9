import { WALL_ALERT_KIND, topics, type WallAlertFrame } from '@ptt/contracts';
import { FenceCache } from '../src/fences/fence-cache';
import { FenceMonitor, STATE_TRUST_MS } from '../src/fences/fence-monitor';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { InProcessHub } from '../src/ws/hub';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// The monitor's memory of fence states (ADR 007 and 027) on its own, with a clock of the test's:
// what another node writes reaches a PostgreSQL node once its memory is no longer trusted (read in
// the background, without holding a report up); a PGlite node, the database's only user, keeps
// trusting its memory, and a change computed from an outdated one is refused by the conditional
// write; evaluations come in each member's order.

const IN = { lng: 116.404, lat: 39.915 };
const OUT = { lng: 116.5, lat: 39.915 };

describe.each(DB_KINDS)('fence monitor memory on %s', (kind) => {
  let t: TestDb;
  let monitor: FenceMonitor;
  let fenceId: number;
  let userId: number;
  let clock = Date.parse('2026-03-02T02:00:00Z');
  let at = Date.now() - 3_600_000;
  const alerts: WallAlertFrame[] = [];
  const report = (p: { lng: number; lat: number }) => monitor.onStored({ entId: DEMO_ENT_ID, userId, points: [{ ...p, time: (at += 5_000) }], ip: null });
  const reads = () => monitor.stats.read(DEMO_ENT_ID).stateReads;
  const idle = async () => {
    // Background reads go through the read round, queued as a microtask, then the database.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    userId = (await t.db.query<{ id: number }>("select id from users where ent_id = $1 and account = 'member1'", [DEMO_ENT_ID])).rows[0]!.id;
    fenceId = (
      await t.db.query<{ id: number }>(
        `insert into fences (ent_id, name, rule, shape) values ($1, 'Yard', 'leave', '{"type":"circle","center":{"lng":116.404,"lat":39.915},"radius":300}') returning id`,
        [DEMO_ENT_ID],
      )
    ).rows[0]!.id;
    await t.db.query('insert into fence_users (fence_id, user_id, ent_id) values ($1, $2, $3)', [fenceId, userId, DEMO_ENT_ID]);
    const hub = new InProcessHub();
    hub.subscribe(topics.dispatch(DEMO_ENT_ID), (f) => {
      if (f.t === WALL_ALERT_KIND) alerts.push(f.data as WallAlertFrame);
    });
    monitor = new FenceMonitor(t.db, hub, new FenceCache(t.db), () => clock);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('reads a state once, then evaluates from memory; what another node wrote is read once the memory is old (PostgreSQL), or when a write from memory is refused (PGlite)', async () => {
    await report(IN);
    await report(IN);
    expect(reads()).toBe(1);
    for (let i = 0; i < 5; i++) await report(IN);
    expect(reads()).toBe(1);

    // Another node saw the member leave and alerted: the row says outside, alerted.
    await t.db.query(
      `update fence_states set inside = false, alerted = true, since_at = to_timestamp($3::double precision / 1000), point_at = to_timestamp($3::double precision / 1000)
        where fence_id = $1 and user_id = $2`,
      [fenceId, userId, (at += 5_000)],
    );
    clock += STATE_TRUST_MS + 1;
    // This report is evaluated from memory (inside, no change) and starts the read.
    await report(IN);
    await idle();
    expect(reads()).toBe(kind === 'postgres' ? 2 : 1);
    // Two positions outside: the stored state (outside, alerted) says nothing new. PostgreSQL
    // has it in memory already; on PGlite (where no other writer can exist) the crossing computed
    // from memory is refused by the conditional write, and stepped again from the stored row.
    await report(OUT);
    await report(OUT);
    expect(alerts).toHaveLength(0);
    expect(reads()).toBe(2);
    expect(monitor.stats.read(DEMO_ENT_ID).stateWrites).toBe(2); // the first two positions (pending, confirmed) only
  });

  it("evaluates a member's reports in order when one has to wait for the database", async () => {
    const before = alerts.length;
    // Back inside (a write), then out twice, all handed over at once.
    await Promise.all([report(IN), report(IN), report(OUT), report(OUT)]);
    expect(alerts.slice(before)).toEqual([expect.objectContaining({ fenceId, uid: userId, type: 'leave', lng: OUT.lng })]);
    const row = (await t.db.query<{ inside: boolean; alerted: boolean }>('select inside, alerted from fence_states where fence_id = $1 and user_id = $2', [fenceId, userId])).rows[0];
    expect(row).toEqual({ inside: false, alerted: true });
  });
});
