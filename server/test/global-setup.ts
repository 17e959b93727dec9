import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { startPostgres, type PgServer } from './pg-harness';
import { ENV_PG_URL, ENV_PGLITE_TEMPLATE } from './test-env';

declare global {
  var __pttPg: PgServer | undefined;
  var __pttTemplateRoot: string | undefined;
}

/** Starts the run's PostgreSQL and builds a migrated PGlite folder that suites copy (creating
 *  PGlite from nothing takes seconds; copying a closed folder takes milliseconds). */
export default async function globalSetup(): Promise<void> {
  const pg = await startPostgres();
  globalThis.__pttPg = pg;
  process.env[ENV_PG_URL] = pg.url;

  const root = mkdtempSync(path.join(os.tmpdir(), 'ptt-pglite-template-'));
  globalThis.__pttTemplateRoot = root;
  const dir = path.join(root, 'pgdata');
  const db = await openPglite(dir, { timeoutMs: 120_000 });
  await migrate(db);
  await db.close();
  process.env[ENV_PGLITE_TEMPLATE] = dir;
}
