import { DEMO_ENT_ID } from '../src/seed/demo';
import type { FenceState } from '../src/fences/fence-rules';
import { readStates, storeChanges, type NewAlert, type StateWrite } from '../src/fences/fence-state.repository';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// The conditional write of fence states (ADR 007, kept by ADR 027): a state is written only over
// the row it was computed from and never with an older point, so two nodes write a change once;
// an alert is stored only with its state, and only for an enabled fence.

const T = Date.parse('2026-03-01T03:00:00Z');
const state = (at: number, over: Partial<FenceState> = {}): FenceState => ({
  inside: false,
  pendingInside: null,
  pendingCount: 0,
  pendingAt: null,
  since: at,
  alerted: true,
  window: 0,
  at,
  ...over,
});

describe.each(DB_KINDS)('fence state writes on %s', (kind) => {
  let t: TestDb;
  let fenceId: number;
  let stopped: number;
  let userId: number;
  const write = (s: FenceState, version: number | null, fence = fenceId): StateWrite => ({ entId: DEMO_ENT_ID, fenceId: fence, userId, state: s, version });
  const alert = (at: number, fence = fenceId): NewAlert => ({ entId: DEMO_ENT_ID, fenceId: fence, userId, lng: 116.5, lat: 39.9, ip: null, atMs: at });
  const alerts = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from fence_alerts where user_id = $1', [userId])).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestDb(kind);
    userId = (await t.db.query<{ id: number }>("select id from users where ent_id = $1 and account = 'member1'", [DEMO_ENT_ID])).rows[0]!.id;
    const insert = async (name: string, enabled: boolean) =>
      (
        await t.db.query<{ id: number }>(
          `insert into fences (ent_id, name, rule, shape, enabled) values ($1, $2, 'leave', '{"type":"circle","center":{"lng":116.4,"lat":39.9},"radius":100}', $3) returning id`,
          [DEMO_ENT_ID, name, enabled],
        )
      ).rows[0]!.id;
    fenceId = await insert('Stored', true);
    stopped = await insert('Stopped', false);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('inserts a first state once, then replaces it only from its own version and with a newer point', async () => {
    const first = await storeChanges(t.db, [write(state(T, { inside: null, pendingInside: false, pendingCount: 1, pendingAt: T, since: null, alerted: false }), null)], []);
    expect([...first.written]).toEqual([`${fenceId}:${userId}`]);
    // Another node saw the same first point: the row exists now, its insert writes nothing.
    expect((await storeChanges(t.db, [write(state(T), null)], [])).written.size).toBe(0);

    const [stored] = await readStates(t.db, [{ fenceId, userId }]);
    expect(stored).toEqual({ fenceId, userId, version: T, state: { inside: null, pendingInside: false, pendingCount: 1, pendingAt: T, since: null, alerted: false, window: 0, at: T } });

    // Confirmed outside with an alert, from the stored version.
    const confirmed = await storeChanges(t.db, [write(state(T + 5_000, { since: T }), T)], [alert(T + 5_000)]);
    expect(confirmed.written.size).toBe(1);
    expect(confirmed.frames).toEqual([expect.objectContaining({ fenceId, uid: userId, fenceName: 'Stored', type: 'leave', lng: 116.5, lat: 39.9, time: new Date(T + 5_000).toISOString() })]);
    // The same change computed by a second node from the old version: neither state nor alert.
    const twice = await storeChanges(t.db, [write(state(T + 5_000, { since: T }), T)], [alert(T + 5_000)]);
    expect([twice.written.size, twice.frames]).toEqual([0, []]);
    // A point older than the stored one never replaces it, even from the right version.
    expect((await storeChanges(t.db, [write(state(T + 4_000, { inside: true }), T + 5_000)], [])).written.size).toBe(0);
    expect(await alerts()).toBe(1);
    expect((await readStates(t.db, [{ fenceId, userId }]))[0]).toMatchObject({ version: T + 5_000, state: { inside: false, since: T, alerted: true } });
  });

  it('stores the state but not the alert of a fence stopped meanwhile, and keeps a schedule window key', async () => {
    const window = Date.parse('2026-02-28T22:00:00Z');
    const r = await storeChanges(t.db, [write(state(T, { window }), null, stopped)], [alert(T, stopped)]);
    expect([r.written.size, r.frames]).toEqual([1, []]);
    expect((await readStates(t.db, [{ fenceId: stopped, userId }]))[0]?.state.window).toBe(window);
    expect(await readStates(t.db, [{ fenceId: stopped + 1000, userId }])).toEqual([]);
  });
});
