import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenDbOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  timeoutMs: number;
  /** PostgreSQL's pool reports lost idle connections here. */
  log: Logger;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under `<dataDir>/pgdata`. */
export async function openDb(opts: OpenDbOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { connectTimeoutMs: opts.timeoutMs, log: opts.log });
  mkdirSync(opts.dataDir, { recursive: true });
  return openPglite(pgliteDir(opts.dataDir), { timeoutMs: opts.timeoutMs });
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** Where the database lives, for the start-up banner (never prints a password). */
export function describeDb(opts: Pick<OpenDbOptions, 'dataDir' | 'databaseUrl'>): string {
  if (!opts.databaseUrl) return `PGlite at ${pgliteDir(opts.dataDir)}`;
  try {
    const u = new URL(opts.databaseUrl);
    return `PostgreSQL at ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
