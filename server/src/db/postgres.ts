import { createHash } from 'node:crypto';
import { Client, Pool, type QueryConfig } from 'pg';
import { DATABASE_UNAVAILABLE, ServerCode } from '@ptt/contracts';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import type { Db, QueryOptions, QueryResult, Queryable, SqlParam } from './db';

interface PgLike {
  query(sql: string | QueryConfig, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** A prepared statement's name: one per distinct text, the same on every connection. */
const statementName = (sql: string) => 'q' + createHash('sha1').update(sql).digest('hex').slice(0, 20);

// Socket errors, SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down
// or starting) and 53300 (too many connections), and pg's own messages for a lost connection.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i;

/** Whether an error means PostgreSQL cannot be reached now, rather than that a statement failed. */
export function isUnreachable(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  // Node's AggregateError when every address of the host refused (IPv4 and IPv6).
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isUnreachable)) return true;
  return typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message);
}

/**
 * While PostgreSQL is away every request answers 503/600 'service busy' with the reason
 * DATABASE_UNAVAILABLE (the console shows what is wrong), not 500; the outage is logged once, when
 * it starts, and again when a statement succeeds.
 */
class Outage {
  private down = false;

  constructor(private readonly log: Logger) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      const result = await fn();
      if (this.down) {
        this.down = false;
        this.log.warn({}, 'postgres reachable again');
      }
      return result;
    } catch (err) {
      if (!isUnreachable(err)) throw err;
      if (!this.down) {
        this.down = true;
        this.log.error({ err }, 'postgres unreachable; requests answer 600 until it is back');
      }
      throw new AppError(ServerCode.ServiceBusy, { reason: DATABASE_UNAVAILABLE });
    }
  }
}

function wrap(q: PgLike, outage: Outage): Queryable {
  return {
    query<T>(sql: string, params: readonly SqlParam[] = [], opts: QueryOptions = {}): Promise<QueryResult<T>> {
      const values = params as unknown[];
      return outage.run(async () => {
        const r = await (opts.prepare ? q.query({ name: statementName(sql), text: sql, values }) : q.query(sql, values));
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      });
    },
    async exec(sql: string): Promise<void> {
      await outage.run(() => q.query(sql));
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
  const outage = new Outage(opts.log);
  const pinger = new Pinger(connectionString, opts);
  return {
    kind: 'postgres',
    ...wrap(pool, outage),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await outage.run(() => pool.connect());
      // The pool listens for errors only on idle clients: a connection lost between two statements
      // of a transaction would otherwise be an unhandled 'error' that ends the process.
      const onLost = (): void => undefined;
      client.on('error', onLost);
      const tx = wrap(client, outage);
      let lost = false;
      try {
        await tx.exec('begin');
        const result = await fn(tx);
        await tx.exec('commit');
        return result;
      } catch (err) {
        lost = err instanceof AppError && (err.data as { reason?: unknown } | null)?.reason === DATABASE_UNAVAILABLE;
        if (!lost) await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.removeListener('error', onLost);
        // A connection that died is dropped from the pool, not handed to the next caller.
        client.release(lost);
      }
    },
    ping: () => outage.run(() => pinger.ping()),
    close: async () => {
      await pinger.close();
      await pool.end();
    },
  };
}

/**
 * `select 1` on a connection of its own, opened on first use and again after it failed; one ping
 * at a time (callers at once share it), so a flood of health checks opens nothing more.
 */
class Pinger {
  private client: Client | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly opts: PostgresOptions,
  ) {}

  ping(): Promise<void> {
    this.inFlight ??= this.once().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async once(): Promise<void> {
    try {
      if (!this.client) {
        const client = new Client({ connectionString: this.connectionString, connectionTimeoutMillis: this.opts.connectTimeoutMs });
        client.on('error', () => this.drop(client));
        this.client = client;
        await client.connect();
      }
      await this.client.query('select 1');
    } catch (err) {
      if (this.client) this.drop(this.client);
      throw err;
    }
  }

  private drop(client: Client): void {
    if (this.client === client) this.client = null;
    void client.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
