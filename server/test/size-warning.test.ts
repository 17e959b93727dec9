import { PGLITE_MEMBER_LIMIT } from '../src/config';
import { warnIfTooBigForPglite } from '../src/db/size-warning';
import type { Logger } from '../src/logger';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createTestDb, DB_KINDS } from './test-db';

function recorder() {
  const warnings: { obj: object; msg: string }[] = [];
  const log: Logger = { info: () => undefined, warn: (obj, msg) => warnings.push({ obj, msg }), error: () => undefined };
  return { log, warnings };
}

describe.each(DB_KINDS)('start-up warning about the embedded database on %s', (kind) => {
  it(kind === 'pglite' ? 'warns once, naming the organisations beyond the limit' : 'never warns', async () => {
    const t = await createTestDb(kind);
    try {
      const demoMembers = (await t.db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [DEMO_ENT_ID])).rows[0]!.n;
      const { log, warnings } = recorder();
      const found = await warnIfTooBigForPglite(t.db, log, demoMembers - 1);
      if (kind === 'pglite') {
        expect(found).toContainEqual({ entId: DEMO_ENT_ID, members: demoMembers });
        expect(warnings).toHaveLength(1);
        expect(warnings[0]!.msg).toContain(`${DEMO_ENT_ID} (${demoMembers} members)`);
        expect(warnings[0]!.msg).toContain('DATABASE_URL');
      } else {
        expect(found).toEqual([]);
        expect(warnings).toEqual([]);
      }
      const quiet = recorder();
      expect(await warnIfTooBigForPglite(t.db, quiet.log, demoMembers)).not.toContainEqual(expect.objectContaining({ entId: DEMO_ENT_ID }));
      // The demo organisations are far below the real limit: no warning at an ordinary start.
      expect(await warnIfTooBigForPglite(t.db, quiet.log)).toEqual([]);
      expect(quiet.warnings).toEqual([]);
      expect(PGLITE_MEMBER_LIMIT).toBeGreaterThan(demoMembers);
    } finally {
      await t.cleanup();
    }
  });
});
