import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

/** Next to this file in src/db, and copied next to the bundle (dist/migrations) by build.mjs. */
export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;
// Two servers starting against one PostgreSQL must not apply the same migration twice.
const MIGRATION_LOCK_KEY = 72_616_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 3), name: f.replace(/\.sql$/, ''), sql: readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies every migration not yet recorded in schema_migrations; returns the names applied. */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [m.version]);
      if (seen.rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
