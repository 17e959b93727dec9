import type { Queryable } from '../db/db';

/** An active session joined with its user and enterprise: everything a request needs. */
export interface ActiveSession {
  tokenHash: string;
  clientId: string;
  userId: number;
  entId: number;
  entName: string;
  account: string;
  nickname: string;
  role: number;
}

// Writing last_seen_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_S = 60;

export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(s: { tokenHash: string; userId: number; entId: number; clientId: string }): Promise<void> {
    await this.db.query('insert into sessions (token_hash, user_id, ent_id, client_id) values ($1, $2, $3, $4)', [
      s.tokenHash,
      s.userId,
      s.entId,
      s.clientId,
    ]);
  }

  async findActive(tokenHash: string): Promise<ActiveSession | null> {
    const r = await this.db.query<ActiveSession>(
      `select s.token_hash as "tokenHash", s.client_id as "clientId", u.id as "userId", e.id as "entId",
              e.name as "entName", u.account, u.nickname, u.role
         from sessions s
         join users u on u.id = s.user_id and u.ent_id = s.ent_id
         join enterprises e on e.id = s.ent_id
        where s.token_hash = $1 and s.revoked_at is null`,
      [tokenHash],
    );
    return r.rows[0] ?? null;
  }

  async touch(tokenHash: string): Promise<void> {
    await this.db.query(
      `update sessions set last_seen_at = now()
        where token_hash = $1 and last_seen_at < now() - make_interval(secs => $2)`,
      [tokenHash, TOUCH_INTERVAL_S],
    );
  }

  /** Returns false when the session was unknown or already revoked. */
  async revoke(tokenHash: string): Promise<boolean> {
    const r = await this.db.query(
      'update sessions set revoked_at = now() where token_hash = $1 and revoked_at is null',
      [tokenHash],
    );
    return r.rowCount > 0;
  }
}
