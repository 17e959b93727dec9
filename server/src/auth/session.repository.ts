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
  platform: string;
}

// Writing last_seen_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_S = 60;

export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(s: { tokenHash: string; userId: number; entId: number; clientId: string; platform: string }, q: Queryable = this.db): Promise<void> {
    await q.query('insert into sessions (token_hash, user_id, ent_id, client_id, platform) values ($1, $2, $3, $4, $5)', [
      s.tokenHash,
      s.userId,
      s.entId,
      s.clientId,
      s.platform,
    ]);
  }

  /** Locked or deleted users have no active session, whatever their tokens say. */
  async findActive(tokenHash: string): Promise<ActiveSession | null> {
    const r = await this.db.query<ActiveSession>(
      `select s.token_hash as "tokenHash", s.client_id as "clientId", u.id as "userId", e.id as "entId",
              e.name as "entName", u.account, u.nickname, u.role, s.platform
         from sessions s
         join users u on u.id = s.user_id and u.ent_id = s.ent_id
         join enterprises e on e.id = s.ent_id
        where s.token_hash = $1 and s.revoked_at is null and not u.locked and e.valid_until > now()`,
      [tokenHash],
    );
    return r.rows[0] ?? null;
  }

  /** Why a token was revoked, or null when it never was (unknown, or its user locked without it). */
  async revokedReason(tokenHash: string): Promise<string | null> {
    const r = await this.db.query<{ reason: string | null }>('select revoked_reason as reason from sessions where token_hash = $1', [tokenHash]);
    return r.rows[0]?.reason ?? null;
  }

  async touch(tokenHash: string): Promise<void> {
    await this.db.query(
      `update sessions set last_seen_at = now()
        where token_hash = $1 and last_seen_at < now() - make_interval(secs => $2)`,
      [tokenHash, TOUCH_INTERVAL_S],
    );
  }

  /** Returns false when the session was unknown or already revoked. */
  async revoke(tokenHash: string, reason: string): Promise<boolean> {
    const r = await this.db.query(
      'update sessions set revoked_at = now(), revoked_reason = $2 where token_hash = $1 and revoked_at is null',
      [tokenHash, reason],
    );
    return r.rowCount > 0;
  }

  /**
   * Revokes the user's active sessions (all, or those of one platform class: web consoles or handsets) and returns their token
   * hashes so their sockets can be told.
   */
  async revokeForUser(
    userId: number,
    reason: string,
    opts: { platformClass?: 'web' | 'device'; except?: string } = {},
    q: Queryable = this.db,
  ): Promise<string[]> {
    const r = await q.query<{ tokenHash: string }>(
      `update sessions set revoked_at = now(), revoked_reason = $2
        where user_id = $1 and revoked_at is null
          and ($3::text is null or ($3 = 'web') = (platform = 'web')) and ($4::text is null or token_hash <> $4)
        returning token_hash as "tokenHash"`,
      [userId, reason, opts.platformClass ?? null, opts.except ?? null],
    );
    return r.rows.map((row) => row.tokenHash);
  }
}
