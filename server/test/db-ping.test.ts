import { createTestDb, type TestDb } from './test-db';

// GET /api/health asks db.ping() (issue 25): on PostgreSQL a connection of its own, so a pool busy
// with a reconnect storm's session look-ups does not make a healthy node look dead to the balancer.
describe('db.ping on PostgreSQL', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('postgres');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('answers at once while every pooled connection is busy, where a query waits its turn', async () => {
    // The pool has ten connections: keep them all for three seconds.
    const busy = Array.from({ length: 10 }, () => t.db.transaction((tx) => tx.query('select pg_sleep(3)')));
    await new Promise((r) => setTimeout(r, 200));
    const pingAt = performance.now();
    await t.db.ping();
    const pingMs = performance.now() - pingAt;
    const queryAt = performance.now();
    await t.db.query('select 1');
    const queryMs = performance.now() - queryAt;
    await Promise.all(busy);
    // Wide margins: CI runs this beside other suites on two cores.
    expect(pingMs).toBeLessThan(1_500);
    expect(queryMs).toBeGreaterThan(2_000);
  });

  it('opens its connection again after it was lost, and shares one ping among callers at once', async () => {
    await t.db.ping();
    // End every other backend of this database: the ping's own connection among them.
    await t.db.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    // The first ping may meet the dead connection; the one after opens a new one.
    await t.db.ping().catch(() => undefined);
    await expect(t.db.ping()).resolves.toBeUndefined();
    const before = await t.db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'select 1'");
    await Promise.all(Array.from({ length: 20 }, () => t.db.ping()));
    const after = await t.db.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'select 1'");
    expect(after.rows[0]!.n - before.rows[0]!.n).toBeLessThanOrEqual(1);
  });
});
