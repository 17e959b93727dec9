import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP } from '@ptt/contracts';
import { fetchPage, Where } from '../src/db/paging';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';

describe.each(DB_KINDS)('fetchPage on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind, { seed: false });
    await t.db.exec(`create table numbers as select g as n from generate_series(1, ${LIST_TOTAL_CAP + 500}) g`);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const page = (where: Where, p = 1) =>
    fetchPage<{ n: number }>(t.db, { columns: 'n', from: 'numbers', where, sortColumns: { n: 'n' }, tieBreak: 'n', page: { page: p, size: 3, sort: 'n', order: 'desc' } });

  it('counts exactly up to the cap', async () => {
    const r = await page(new Where().add('n <= ?', 42));
    expect(r).toEqual({ items: [{ n: 42 }, { n: 41 }, { n: 40 }], total: 42 });
  });

  it('stops counting past the cap and answers cap + 1; pages beyond it still work', async () => {
    const all = await page(new Where());
    expect(all.total).toBe(LIST_TOTAL_CAP + 1);
    expect(all.capped).toBe(true);
    const far = await page(new Where(), Math.ceil((LIST_TOTAL_CAP + 300) / 3));
    expect(far.items.length).toBeGreaterThan(0);
  });

  it('takes a smaller cap for searches', async () => {
    const r = await fetchPage<{ n: number }>(t.db, {
      columns: 'n', from: 'numbers', where: new Where().add('n > ?', 10), sortColumns: {}, tieBreak: 'n',
      page: { page: 1, size: 2, sort: 'n', order: 'asc' }, cap: SEARCH_TOTAL_CAP,
    });
    expect(r).toEqual({ items: [{ n: 11 }, { n: 12 }], total: SEARCH_TOTAL_CAP + 1, capped: true });
    const exact = await page(new Where().add('n <= ?', SEARCH_TOTAL_CAP));
    expect(exact.capped).toBeUndefined();
  });
});
