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

/** The link id and key of a session's signed file URLs (ADR 012). */
export interface FileAccess {
  link: string;
  key: string;
}

/** An active session found by its file link id, with the key its signatures are checked with. */
export interface FileLinkSession {
  session: ActiveSession;
  key: string;
}

const ACTIVE_SESSION_COLUMNS = `s.token_hash as "tokenHash", s.client_id as "clientId", u.id as "userId", e.id as "entId",
              e.name as "entName", u.account, u.nickname, u.role, s.platform`;
const ACTIVE_SESSION_JOIN = `from sessions s
         join users u on u.id = s.user_id and u.ent_id = s.ent_id
         join enterprises e on e.id = s.ent_id`;
const ACTIVE = 's.revoked_at is null and not u.locked and e.valid_until > now()';

// Writing last_seen_at on every request would turn reads into writes; once a minute is enough.
const TOUCH_INTERVAL_S = 60;

export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(
    s: { tokenHash: string; userId: number; entId: number; clientId: string; platform: string; files: FileAccess },
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      'insert into sessions (token_hash, user_id, ent_id, client_id, platform, file_link, file_key) values ($1, $2, $3, $4, $5, $6, $7)',
      [s.tokenHash, s.userId, s.entId, s.clientId, s.platform, s.files.link, s.files.key],
    );
  }

  /** Locked or deleted users have no active session, whatever their tokens say. */
  async findActive(tokenHash: string): Promise<ActiveSession | null> {
    const r = await this.db.query<ActiveSession>(`select ${ACTIVE_SESSION_COLUMNS} ${ACTIVE_SESSION_JOIN} where s.token_hash = $1 and ${ACTIVE}`, [
      tokenHash,
    ]);
    return r.rows[0] ?? null;
  }

  /**
   * findActive and the ids of the user's channels (ascending) in one statement: what a /ws2 socket
   * needs to start. A node taking over a dead node's 5,000 sockets runs this 5,000 times at once;
   * one statement instead of two halves the round trips and the planning (issue 25).
   */
  async findActiveWithChannels(tokenHash: string): Promise<{ session: ActiveSession; channelIds: number[] } | null> {
    const r = await this.db.query<ActiveSession & { channelIds: number[] }>(
      `select ${ACTIVE_SESSION_COLUMNS},
              array(select c.id from channel_members m join channels c on c.id = m.channel_id
                     where m.user_id = u.id and c.ent_id = e.id order by c.id) as "channelIds"
         ${ACTIVE_SESSION_JOIN} where s.token_hash = $1 and ${ACTIVE}`,
      [tokenHash],
      { prepare: true },
    );
    const row = r.rows[0];
    if (!row) return null;
    const { channelIds, ...session } = row;
    return { session, channelIds: channelIds.map(Number) };
  }

  /** The active session a file link id belongs to, with its key; the same rules as findActive. */
  async findByFileLink(link: string): Promise<FileLinkSession | null> {
    const r = await this.db.query<ActiveSession & { fileKey: string }>(
      `select ${ACTIVE_SESSION_COLUMNS}, s.file_key as "fileKey" ${ACTIVE_SESSION_JOIN}
        where s.file_link = $1 and s.file_key is not null and ${ACTIVE}`,
      [link],
    );
    const row = r.rows[0];
    if (!row) return null;
    const { fileKey, ...session } = row;
    return { session, key: fileKey };
  }

  /** The session's file link id and key; a session from before them gets `fresh` (ADR 012). */
  async fileAccess(tokenHash: string, fresh: () => FileAccess): Promise<FileAccess | null> {
    const r = await this.db.query<{ link: string | null; key: string | null }>(
      'select file_link as link, file_key as key from sessions where token_hash = $1 and revoked_at is null',
      [tokenHash],
    );
    const row = r.rows[0];
    if (!row) return null;
    if (row.link && row.key) return { link: row.link, key: row.key };
    const made = fresh();
    // Two requests at once: the first one's values win, both answer them.
    const u = await this.db.query<FileAccess>(
      `update sessions set file_link = coalesce(file_link, $2), file_key = coalesce(file_key, $3)
        where token_hash = $1 returning file_link as link, file_key as key`,
      [tokenHash, made.link, made.key],
    );
    return u.rows[0] ?? null;
  }

  /** Whose session a token is, revoked or not; null for a token never issued. */
  async ownerOf(tokenHash: string): Promise<{ userId: number; entId: number } | null> {
    const r = await this.db.query<{ userId: number; entId: number }>('select user_id as "userId", ent_id as "entId" from sessions where token_hash = $1', [tokenHash]);
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
