/** Values we pass as SQL parameters. Objects go in as JSON text with an explicit `::jsonb` cast. */
export type SqlParam = string | number | boolean | null | Date;

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (0 for SELECT on PGlite; do not rely on it for SELECT). */
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A hot statement whose text repeats with new values (a list search): on PostgreSQL it is
   * prepared once per connection, so later runs skip parsing and, once the server trusts a generic
   * plan, planning (about 1 ms of a 4 ms search; ADR 021). PGlite runs it as usual.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[], opts?: QueryOptions): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

/** The one database seam: PGlite (embedded) and PostgreSQL (`pg`) both implement it. */
export interface Db extends Queryable {
  readonly kind: DbKind;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Proves the database answers, without queueing behind the requests in flight: GET /api/health
   * (issue 25). On PostgreSQL its own connection, outside the pool: in a reconnect storm thousands
   * of session look-ups wait for the pool's ten, and a health check behind them took seconds, so
   * the load balancer dropped a node that was only busy, and every client with it.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}
