import { SEARCH_TOTAL_CAP, type UserDetail, type UserListQuery, type UserSummary } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

const SUMMARY_COLUMNS = `u.id, u.account, u.nickname, u.role, u.locked, u.avatar,
  u.dispatcher_id as "dispatcherId", (select d.nickname from users d where d.id = u.dispatcher_id) as "dispatcherNickname",
  u.channel_remark as "channelRemark",
  coalesce((select array_agg(t.tag order by t.tag) from user_tags t where t.user_id = u.id), '{}') as tags,
  (select count(*)::int from devices v where v.user_id = u.id) as "deviceCount",
  (select count(*)::int from channel_members m join channels c on c.id = m.channel_id
    where m.user_id = u.id and c.disbanded_at is null) as "channelCount",
  ${iso('u.created_at')} as "createdAt"`;
// The dispatcher's nickname is a column subquery, not a join: a join is made for every matching
// row before the sort, a subquery only for the page's rows (a search matching 6,000 users made
// 6,000 dispatcher look-ups for a page of 20: ADR 019).
const FROM = 'users u';

const SORTS: Record<string, string> = {
  id: 'u.id',
  account: 'lower(u.account)',
  nickname: 'lower(u.nickname)',
  role: 'u.role',
  createdAt: 'u.created_at',
};

export interface NewUser {
  entId: number;
  account: string;
  nickname: string;
  passwordHash: string;
  role: number;
  dispatcherId: number | null;
  channelRemark: string | null;
}

/** Keys of the list query that do not filter. */
const NOT_FILTERS = new Set(['page', 'size', 'sort', 'order']);

/**
 * The total of a list filtered by one tag or one channel and nothing else, counted on user_tags or
 * channel_members alone (their primary keys hold each user once; their ent_id is the user's).
 * Through the join with users the count took 8-12 ms at 10,000 rows (ADR 019); any other filter
 * given as well keeps the joined count.
 */
function narrowCount(entId: number, q: UserListQuery) {
  const filters = Object.entries(q).filter(([k, v]) => v !== undefined && !NOT_FILTERS.has(k)).map(([k]) => k);
  if (filters.length !== 1) return undefined;
  if (filters[0] === 'tag' && q.tag) return { from: 'user_tags t', where: new Where().add('t.ent_id = ?', entId).add('t.tag = ?', q.tag) };
  if (filters[0] === 'channelId' && q.channelId) {
    return { from: 'channel_members m', where: new Where().add('m.ent_id = ?', entId).add('m.channel_id = ?', q.channelId) };
  }
  return undefined;
}

/** SQL of the management side of users; every statement is scoped by enterprise. */
export class UserAdminRepository {
  constructor(private readonly db: Queryable) {}

  /** `onlineIds`: who is online now (from presence), needed when `q.online` is set. */
  list(entId: number, q: UserListQuery, db: Queryable = this.db, onlineIds: readonly number[] = []) {
    const page = this.where(entId, q, onlineIds, q.sort === 'account' || q.sort === 'nickname');
    return fetchPage<UserSummary>(db, {
      columns: SUMMARY_COLUMNS,
      from: FROM,
      where: page,
      sortColumns: SORTS,
      tieBreak: 'u.id',
      page: q,
      count: narrowCount(entId, q) ?? { from: FROM, where: this.where(entId, q, onlineIds, false) },
      cap: q.q ? SEARCH_TOTAL_CAP : undefined,
    });
  }

  /**
   * The list's filters. `searchFirst`: the search as the array of matching ids, computed first
   * through the trigram indexes. For the account and nickname sorts the plain condition let the
   * planner walk the sort's index and test every user until 20 matched: fine for "alice", 75,000
   * users for "priya" (ADR 019). The id-ordered pages and the counts keep the plain condition.
   */
  private where(entId: number, q: UserListQuery, onlineIds: readonly number[], searchFirst: boolean): Where {
    const w = new Where().add('u.ent_id = ?', entId);
    if (q.q) {
      // users.search (migration 014): account and nickname lower-cased in one string, one test per
      // user instead of two ILIKEs; the separator between them is no search text.
      const like = Where.contains(q.q.replaceAll(String.fromCharCode(1), ''));
      if (searchFirst) w.add('u.id = any(array(select x.id from users x where x.ent_id = ? and x.search like lower(?)))', entId, like);
      else w.add('u.search like lower(?)', like);
    }
    if (q.role !== undefined) w.add('u.role = ?', q.role);
    if (q.locked !== undefined) w.add('u.locked = ?', q.locked);
    if (q.tag) w.add('exists (select 1 from user_tags t where t.user_id = u.id and t.tag = ?)', q.tag);
    if (q.channelId) w.add('exists (select 1 from channel_members m where m.user_id = u.id and m.channel_id = ?)', q.channelId);
    if (q.dispatcherId) w.add('u.dispatcher_id = ?', q.dispatcherId);
    if (q.noDevice !== undefined) {
      w.add(`${q.noDevice ? 'not ' : ''}exists (select 1 from devices v where v.user_id = u.id)`);
    }
    if (q.createdAfter !== undefined) w.add('u.created_at > to_timestamp(?::double precision / 1000)', q.createdAfter);
    if (q.online !== undefined) w.add(`${q.online ? '' : 'not '}(u.id = any(?::int[]))`, `{${onlineIds.join(',')}}`);
    return w;
  }

  async summary(entId: number, id: number, db: Queryable = this.db): Promise<UserSummary | null> {
    const r = await db.query<UserSummary>(`select ${SUMMARY_COLUMNS} from ${FROM} where u.ent_id = $1 and u.id = $2`, [entId, id]);
    return r.rows[0] ?? null;
  }

  async detail(entId: number, id: number, db: Queryable = this.db): Promise<UserDetail | null> {
    const summary = await this.summary(entId, id, db);
    if (!summary) return null;
    const channels = await db.query<{ id: number; name: string }>(
      `select c.id, c.name from channel_members m join channels c on c.id = m.channel_id
        where m.user_id = $1 and c.ent_id = $2 and c.disbanded_at is null order by c.id`,
      [id, entId],
    );
    const devices = await db.query<{ id: number; name: string; imei: string | null; platform: string }>(
      'select id, name, imei, platform from devices where user_id = $1 and ent_id = $2 order by id',
      [id, entId],
    );
    return { ...summary, channels: channels.rows, devices: devices.rows };
  }

  async countUsers(entId: number, db: Queryable = this.db): Promise<number> {
    const r = await db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [entId]);
    return r.rows[0]?.n ?? 0;
  }

  async countRole(entId: number, role: number, db: Queryable = this.db): Promise<number> {
    const r = await db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1 and role = $2', [entId, role]);
    return r.rows[0]?.n ?? 0;
  }

  async accountTaken(entId: number, account: string, db: Queryable = this.db): Promise<boolean> {
    const r = await db.query('select 1 from users where ent_id = $1 and lower(account) = lower($2)', [entId, account]);
    return r.rows.length > 0;
  }

  /** Ids among `ids` that are users of the enterprise. */
  async existingIds(entId: number, ids: number[], db: Queryable = this.db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const r = await db.query<{ id: number }>(
      `select id from users where ent_id = $1 and id in (${ids.map((_, i) => `$${i + 2}`).join(', ')})`,
      [entId, ...ids],
    );
    return new Set(r.rows.map((row) => row.id));
  }

  async insert(u: NewUser, db: Queryable = this.db): Promise<number> {
    const r = await db.query<{ id: number }>(
      `insert into users (ent_id, account, nickname, password_hash, role, dispatcher_id, channel_remark)
       values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [u.entId, u.account, u.nickname, u.passwordHash, u.role, u.dispatcherId, u.channelRemark],
    );
    return r.rows[0]!.id;
  }

  /** Joins the enterprise channel and the given live channels of the enterprise; returns the
   *  channels actually joined. */
  async joinChannels(entId: number, userId: number, channelIds: number[], db: Queryable = this.db): Promise<number[]> {
    const r = await db.query<{ channelId: number }>(
      `insert into channel_members (channel_id, ent_id, user_id)
       select c.id, c.ent_id, $2 from channels c
        where c.ent_id = $1 and c.disbanded_at is null
          and (c.is_enterprise or c.id in (select unnest($3::int[])))
       on conflict do nothing
       returning channel_id as "channelId"`,
      [entId, userId, `{${channelIds.join(',')}}`],
    );
    return r.rows.map((row) => row.channelId);
  }

  async setTags(entId: number, userId: number, tags: string[], db: Queryable = this.db): Promise<void> {
    await db.query('delete from user_tags where user_id = $1', [userId]);
    for (const tag of new Set(tags)) {
      await db.query('insert into user_tags (user_id, ent_id, tag) values ($1, $2, $3)', [userId, entId, tag]);
    }
  }

  /** Sets the given columns (already validated names) and updated_at. */
  async update(entId: number, id: number, changes: Record<string, string | number | boolean | null>, db: Queryable = this.db): Promise<void> {
    const cols = Object.keys(changes);
    if (cols.length === 0) return;
    const sets = cols.map((c, i) => `${c} = $${i + 3}`).join(', ');
    await db.query(`update users set ${sets}, updated_at = now() where ent_id = $1 and id = $2`, [
      entId,
      id,
      ...cols.map((c) => changes[c] ?? null),
    ]);
  }

  async delete(entId: number, id: number, db: Queryable = this.db): Promise<void> {
    await db.query('delete from users where ent_id = $1 and id = $2', [entId, id]);
  }

  async blacklist(entId: number, userId: number, db: Queryable = this.db) {
    const r = await db.query<{ userId: number; account: string; nickname: string; createdAt: string }>(
      `select u.id as "userId", u.account, u.nickname, ${iso('b.created_at')} as "createdAt"
         from user_blacklist b join users u on u.id = b.blocked_user_id
        where b.ent_id = $1 and b.user_id = $2 order by b.created_at, u.id`,
      [entId, userId],
    );
    return r.rows;
  }

  /** False when the pair was already there. */
  async blacklistAdd(entId: number, userId: number, blockedId: number, db: Queryable = this.db): Promise<boolean> {
    const r = await db.query(
      `insert into user_blacklist (user_id, blocked_user_id, ent_id) values ($1, $2, $3) on conflict do nothing`,
      [userId, blockedId, entId],
    );
    return r.rowCount > 0;
  }

  async blacklistRemove(entId: number, userId: number, blockedId: number, db: Queryable = this.db): Promise<boolean> {
    const r = await db.query('delete from user_blacklist where ent_id = $1 and user_id = $2 and blocked_user_id = $3', [
      entId,
      userId,
      blockedId,
    ]);
    return r.rowCount > 0;
  }
}
