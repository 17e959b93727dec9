import { createHash } from 'node:crypto';
import { Pool, type QueryConfig } from 'pg';
import type { Logger } from '../logger';
import type { Db, QueryOptions, QueryResult, Queryable, SqlParam } from './db';

interface PgLike {
  query(sql: string | QueryConfig, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** A prepared statement's name: one per distinct text, the same on every connection. */
const statementName = (sql: string) => 'q' + createHash('sha1').update(sql).digest('hex').slice(0, 20);

function wrap(q: PgLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = [], opts: QueryOptions = {}): Promise<QueryResult<T>> {
      const values = params as unknown[];
      const r = await (opts.prepare ? q.query({ name: statementName(sql), text: sql, values }) : q.query(sql, values));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await q.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectTimeoutMs: number;
  /** Where a pool client's lost connection is reported. */
  log: Logger;
}

/** Connects to PostgreSQL and proves the connection before returning. */
export async function openPostgres(connectionString: string, opts: PostgresOptions): Promise<Db> {
  const pool = new Pool({ connectionString, connectionTimeoutMillis: opts.connectTimeoutMs, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (err) => opts.log.error({ err }, 'postgres pool error'));
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
