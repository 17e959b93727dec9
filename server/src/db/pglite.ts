import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, QueryResult, Queryable, SqlParam } from './db';

export class DbOpenError extends Error {
  override name = 'DbOpenError';
}

const INIT_SUFFIX = '.init-';

/** Extensions the migrations create (003: pg_trgm for contains-search); loaded on every open. */
const EXTENSIONS = { pg_trgm };

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbOpenError(message)), ms);
    timer.unref();
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

function isPgDataDir(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes half-created siblings left by a process killed during a first creation
 *  (`<dir>.init-<pid>-<random>`), but not one that a live process is still creating. */
function removeStaleInitDirs(dir: string): void {
  const parent = path.dirname(dir);
  const prefix = path.basename(dir) + INIT_SUFFIX;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid !== process.pid && Number.isInteger(pid) && pid > 0 && processAlive(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * A kill during PGlite's first creation can leave a folder that never opens again, so the
 * cluster is initialised in a sibling folder and renamed into place only once it is complete.
 */
async function createAtomically(dir: string, timeoutMs: number): Promise<void> {
  removeStaleInitDirs(dir);
  const tmp = `${dir}${INIT_SUFFIX}${process.pid}-${randomBytes(4).toString('hex')}`;
  const creating = (async () => {
    const db = await PGlite.create(tmp);
    await db.query('select 1');
    await db.close();
  })();
  await withTimeout(
    creating,
    timeoutMs,
    `Creating the PGlite database in ${tmp} did not finish within ${timeoutMs} ms.`,
  );
  renameSync(tmp, dir);
}

export interface PgliteOptions {
  /** Upper bound for creating or opening the folder. */
  timeoutMs: number;
}

/** Opens (creating on first use) the PGlite cluster stored in `dir`. */
export async function openPglite(dir: string, opts: PgliteOptions): Promise<Db> {
  if (existsSync(dir) && !isPgDataDir(dir)) {
    if (readdirSync(dir).length > 0) {
      throw new DbOpenError(
        `${dir} exists but is not a PGlite database folder (no PG_VERSION). Move it aside or point DATA_DIR elsewhere.`,
      );
    }
    rmdirSync(dir);
  }
  if (!existsSync(dir)) await createAtomically(dir, opts.timeoutMs);

  const pg = await withTimeout(
    PGlite.create(dir, { extensions: EXTENSIONS }),
    opts.timeoutMs,
    `Opening the PGlite database in ${dir} did not finish within ${opts.timeoutMs} ms. ` +
      'The folder may be damaged (for example by a crash). Stop the server, move the folder aside ' +
      '(keep it for recovery) and start again to create a fresh one, or set DATABASE_URL.',
  );
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => pg.transaction((tx) => fn(wrap(tx))),
    // One connection: nothing to go around (PGlite serves one node, never behind a balancer).
    ping: async () => {
      await pg.query('select 1');
    },
    close: () => pg.close(),
  };
}
