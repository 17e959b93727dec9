import { operationRecordExportQuerySchema, loginRecordExportQuerySchema, sosExportQuerySchema, fenceAlertExportQuerySchema } from '@ptt/contracts';
import type { Db } from '../src/db/db';
import { keysetBatches, type KeysetQuery } from '../src/exports/keyset';
import { alertExport, loginExport, operationExport, sosExport } from '../src/records/record-exports';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { addAlerts, addLogins, addOperations, addSos, userIds } from './records-fixture';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

// The export's keyset reading (ADR 028) gives each list's order exactly: every sort of every record
// kind, both directions, in batches of 7 over ties to the microsecond and null sort values, against
// the list's plain ORDER BY.

const ACCOUNTS = ['member1', 'member2', 'admin', 'dispatcher1'];

async function plainOrder(db: Db, q: KeysetQuery): Promise<number[]> {
  const dir = q.order;
  const r = await db.query<{ id: number }>(`select ${q.id} as id from ${q.from} ${q.where.sql()} order by ${q.sort.expr} ${dir}, ${q.id} ${dir}`, q.where.params);
  return r.rows.map((row) => row.id);
}

async function keysetOrder(db: Db, q: KeysetQuery, maxId = 2_147_483_647): Promise<number[]> {
  const ids: number[] = [];
  for await (const batch of keysetBatches<{ _id: number }>(db, q, maxId, 7)) {
    expect(batch.length).toBeLessThanOrEqual(7);
    ids.push(...batch.map((r) => r._id));
  }
  return ids;
}

describe.each(DB_KINDS)('keyset export order on %s', (kind) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    const ids = await userIds(testDb.db, ACCOUNTS);
    await addOperations(testDb.db, 300, ACCOUNTS);
    await addLogins(testDb.db, 60, ACCOUNTS);
    await addSos(testDb.db, 30, ACCOUNTS, ids.dispatcher1!);
    await addAlerts(testDb.db, 50, ACCOUNTS, ids.dispatcher1!);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const cases: [string, readonly string[], (order: 'asc' | 'desc', sort: string) => KeysetQuery][] = [
    ['operations', ['time', 'type', 'account'], (order, sort) => operationExport(DEMO_ENT_ID, operationRecordExportQuerySchema.parse({ sort, order })).query],
    ['logins', ['time', 'account'], (order, sort) => loginExport(DEMO_ENT_ID, loginRecordExportQuerySchema.parse({ sort, order })).query],
    ['sos', ['startedAt', 'closedAt', 'account'], (order, sort) => sosExport(DEMO_ENT_ID, sosExportQuerySchema.parse({ sort, order })).query],
    ['fence alerts', ['time', 'account', 'fenceName'], (order, sort) => alertExport(DEMO_ENT_ID, fenceAlertExportQuerySchema.parse({ sort, order })).query],
  ];

  it.each(cases)('%s: every sort, both directions', async (_name, sorts, build) => {
    for (const sort of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        const q = build(order, sort);
        const want = await plainOrder(testDb.db, q);
        expect(want.length).toBeGreaterThan(14);
        expect([sort, order, await keysetOrder(testDb.db, q)]).toEqual([sort, order, want]);
      }
    }
  });

  it('leaves out rows newer than the id it was bounded by', async () => {
    const q = operationExport(DEMO_ENT_ID, operationRecordExportQuerySchema.parse({ sort: 'account', order: 'desc' })).query;
    const all = await plainOrder(testDb.db, q);
    const bound = [...all].sort((a, b) => a - b)[Math.floor(all.length / 2)]!;
    expect(await keysetOrder(testDb.db, q, bound)).toEqual(all.filter((id) => id <= bound));
  });
});
