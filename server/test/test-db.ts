import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Db, DbKind } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openDb } from '../src/db/open-db';
import { consoleLogger } from '../src/logger';
import { seedDemo } from '../src/seed/demo';
import { ENV_PG_URL, ENV_PGLITE_TEMPLATE } from './test-env';

/** Every integration suite runs once per database. */
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestDb {
  db: Db;
  kind: DbKind;
  /** PGlite: the DATA_DIR; PostgreSQL: the DATABASE_URL. */
  location: string;
  cleanup(): Promise<void>;
}

function requireEnv(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests through jest (test/global-setup.ts sets it)`);
  return v;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: requireEnv(ENV_PG_URL) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDbOptions {
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Seed the demo organisations (default true; implies migrate). */
  seed?: boolean;
  /** With the demo fences `npm start` seeds (default false: suites draw their own). */
  demoFences?: boolean;
  /** With the demo patrol nodes and 'Yard round' (default false). */
  demoPatrol?: boolean;
}

/** A fresh, private database of the given kind. */
export async function createTestDb(kind: DbKind, opts: TestDbOptions = {}): Promise<TestDb> {
  const seed = opts.seed ?? true;
  const doMigrate = seed || (opts.migrate ?? true);
  let db: Db;
  let location: string;
  let dispose: () => void | Promise<void>;
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-test-data-'));
    if (doMigrate) cpSync(requireEnv(ENV_PGLITE_TEMPLATE), path.join(dataDir, 'pgdata'), { recursive: true });
    db = await openDb({ dataDir, databaseUrl: undefined, timeoutMs: 120_000, log: consoleLogger });
    location = dataDir;
    dispose = () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `ptt_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = requireEnv(ENV_PG_URL).replace(/\/postgres$/, `/${name}`);
    db = await openDb({ dataDir: os.tmpdir(), databaseUrl: url, timeoutMs: 10_000, log: consoleLogger });
    location = url;
    dispose = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  if (doMigrate) await migrate(db);
  if (seed) await seedDemo(db, { fences: opts.demoFences ?? false, patrol: opts.demoPatrol ?? false });
  let cleaned = false;
  return {
    db,
    kind,
    location,
    async cleanup() {
      if (cleaned) return;
      cleaned = true;
      await db.close();
      await dispose();
    },
  };
}
