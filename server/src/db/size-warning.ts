import { PGLITE_MEMBER_LIMIT } from '../config';
import type { Logger } from '../logger';
import type { Db } from './db';

/**
 * On the embedded database, one warning line at start when an organisation has more members than
 * PGLITE_MEMBER_LIMIT: its lists and searches slow down past it (ADR 019). PostgreSQL: nothing.
 * Returns the organisations found (for tests).
 */
export async function warnIfTooBigForPglite(db: Db, log: Logger, limit: number = PGLITE_MEMBER_LIMIT): Promise<{ entId: number; members: number }[]> {
  if (db.kind !== 'pglite') return [];
  const r = await db.query<{ entId: number; members: number }>(
    `select ent_id as "entId", count(*)::int as members from users group by ent_id having count(*) > $1 order by ent_id`,
    [limit],
  );
  if (r.rows.length > 0) {
    const which = r.rows.map((o) => `${o.entId} (${o.members} members)`).join(', ');
    log.warn(
      { organisations: r.rows, limit },
      `The embedded database (PGlite) serves organisations beyond ${limit} members: ${which}. Lists and searches slow down past that size; ` +
        'use PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), see the README "How big can the embedded database go".',
    );
  }
  return r.rows;
}
