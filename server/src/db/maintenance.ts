import type { Db } from './db';

const ANALYZE_EVERY_MS = 60 * 60 * 1000;
const VACUUM_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * PGlite has no autovacuum daemon: without this its planner statistics go stale (slow list
 * queries) and updated rows (latest positions, sessions) are never reclaimed. PostgreSQL's own
 * autovacuum does both there. Returns the function that stops the timers.
 */
export function startPgliteMaintenance(db: Db, onError: (err: unknown) => void): () => void {
  if (db.kind !== 'pglite') return () => undefined;
  const run = (sql: string) => () => void db.exec(sql).catch(onError);
  run('analyze')();
  const analyze = setInterval(run('analyze'), ANALYZE_EVERY_MS);
  const vacuum = setInterval(run('vacuum'), VACUUM_EVERY_MS);
  analyze.unref();
  vacuum.unref();
  return () => {
    clearInterval(analyze);
    clearInterval(vacuum);
  };
}
