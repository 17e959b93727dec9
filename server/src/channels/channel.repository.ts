import { SEARCH_TOTAL_CAP, type Channel, type ChannelListQuery, type ChannelMember, type Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';
import { MEMBER_COLUMNS, MEMBER_FROM } from './member-search';

export { listMembers } from './member-search';

// SQL of the channels module. Every function takes the enterprise id (or a channel id already
// checked against it), so no query reaches another tenant's rows.

// member_count is kept by triggers on channel_members (migration 013): counting the enterprise
// channel's members on every list request read all of them (100,000 at the bench's size).
const CHANNEL_COLUMNS = `c.id, c.name, ${iso('c.created_at')} as "createdAt", c.enabled,
  (c.disbanded_at is not null) as disbanded, ${iso('c.disbanded_at')} as "disbandedAt",
  c.is_enterprise as "isEnterprise", c.member_count as "memberCount"`;
const CHANNEL_SORTS: Record<string, string> = { id: 'c.id', name: 'lower(c.name)', createdAt: 'c.created_at', memberCount: 'c.member_count' };

/** What a change needs to know about a channel it has locked. */
export interface LockedChannel {
  id: number;
  name: string;
  enabled: boolean;
  disbanded: boolean;
  isEnterprise: boolean;
}

export interface NewMember {
  userId: number;
  role?: number | undefined;
  level?: number | undefined;
  remark?: string | null | undefined;
}

export type MemberChanges = Partial<Pick<ChannelMember, 'role' | 'level' | 'remark' | 'enabled'>>;

/** `$start, $start+1, ...` for an `in (...)` list of n values. */
function placeholders(start: number, n: number): string {
  return Array.from({ length: n }, (_, i) => `$${start + i}`).join(', ');
}

/** `onlyMemberId`: restrict to channels that user belongs to (ordinary members see no others). */
export function listChannels(q: Queryable, entId: number, query: ChannelListQuery, onlyMemberId: number | null): Promise<Page<Channel>> {
  const where = new Where().add('c.ent_id = ?', entId);
  where.add(query.disbanded === true ? 'c.disbanded_at is not null' : 'c.disbanded_at is null');
  if (query.q) where.add('(c.name ilike ? or c.id::text = ?)', Where.contains(query.q), query.q);
  if (query.enabled !== undefined) where.add('c.enabled = ?', query.enabled);
  for (const userId of [query.userId, onlyMemberId]) {
    if (userId) where.add('exists (select 1 from channel_members x where x.channel_id = c.id and x.user_id = ?)', userId);
  }
  return fetchPage<Channel>(q, {
    columns: CHANNEL_COLUMNS,
    from: 'channels c',
    where,
    sortColumns: CHANNEL_SORTS,
    tieBreak: 'c.id',
    page: query,
    cap: query.q ? SEARCH_TOTAL_CAP : undefined,
  });
}

export async function findChannel(q: Queryable, entId: number, id: number): Promise<Channel | null> {
  // Prepared: every request about a channel starts here.
  const r = await q.query<Channel>(`select ${CHANNEL_COLUMNS} from channels c where c.ent_id = $1 and c.id = $2`, [entId, id], { prepare: true });
  return r.rows[0] ?? null;
}

/** Locks the channel row until the transaction ends, so concurrent changes queue up. */
export async function lockChannel(q: Queryable, entId: number, id: number): Promise<LockedChannel | null> {
  const r = await q.query<LockedChannel>(
    `select id, name, enabled, (disbanded_at is not null) as disbanded, is_enterprise as "isEnterprise"
       from channels where ent_id = $1 and id = $2 for update`,
    [entId, id],
  );
  return r.rows[0] ?? null;
}

export async function isMember(q: Queryable, channelId: number, userId: number): Promise<boolean> {
  const r = await q.query('select 1 from channel_members where channel_id = $1 and user_id = $2', [channelId, userId], { prepare: true });
  return r.rows.length > 0;
}

/** Locks the enterprise row (creations queue up behind the quota check) and reads the quota. */
export async function lockChannelQuota(q: Queryable, entId: number): Promise<{ max: number; live: number }> {
  const e = await q.query<{ max: number }>('select max_channels as max from enterprises where id = $1 for update', [entId]);
  const c = await q.query<{ live: number }>('select count(*)::int as live from channels where ent_id = $1 and disbanded_at is null', [entId]);
  return { max: e.rows[0]?.max ?? 0, live: c.rows[0]?.live ?? 0 };
}

/** Is the name used by another live channel of the enterprise (case-insensitive, as the index)? */
export async function nameTaken(q: Queryable, entId: number, name: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query(
    'select 1 from channels where ent_id = $1 and lower(name) = lower($2) and disbanded_at is null and id <> $3',
    [entId, name, exceptId ?? 0],
  );
  return r.rows.length > 0;
}

export async function insertChannel(q: Queryable, entId: number, name: string): Promise<number> {
  const r = await q.query<{ id: number }>('insert into channels (ent_id, name) values ($1, $2) returning id', [entId, name]);
  return r.rows[0]!.id;
}

export async function renameChannel(q: Queryable, id: number, name: string): Promise<void> {
  await q.query('update channels set name = $2, updated_at = now() where id = $1', [id, name]);
}

export async function setChannelEnabled(q: Queryable, id: number, enabled: boolean): Promise<void> {
  await q.query('update channels set enabled = $2, updated_at = now() where id = $1', [id, enabled]);
}

/** Removes every member and marks the channel disbanded; returns who was removed. */
export async function disbandChannel(q: Queryable, id: number): Promise<number[]> {
  const removed = await q.query<{ userId: number }>('delete from channel_members where channel_id = $1 returning user_id as "userId"', [id]);
  await q.query('update channels set disbanded_at = now(), updated_at = now() where id = $1', [id]);
  return removed.rows.map((r) => r.userId).sort((a, b) => a - b);
}

/** Deletes the row (members go with it); returns who was on it. */
export async function deleteChannel(q: Queryable, id: number): Promise<number[]> {
  const removed = await q.query<{ userId: number }>('delete from channel_members where channel_id = $1 returning user_id as "userId"', [id]);
  await q.query('delete from channels where id = $1', [id]);
  return removed.rows.map((r) => r.userId).sort((a, b) => a - b);
}

/** Which of these ids are users of the enterprise. */
export async function existingUserIds(q: Queryable, entId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await q.query<{ id: number }>(`select id from users where ent_id = $1 and id in (${placeholders(2, ids.length)})`, [entId, ...ids]);
  return r.rows.map((row) => row.id);
}

/** Which of these users are already on the channel. */
export async function memberIdsAmong(q: Queryable, channelId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await q.query<{ id: number }>(
    `select user_id as id from channel_members where channel_id = $1 and user_id in (${placeholders(2, ids.length)}) order by user_id`,
    [channelId, ...ids],
  );
  return r.rows.map((row) => row.id);
}

/**
 * Adds users of the enterprise (checked by the caller). Role defaults to the account's role and
 * level to 1 for staff and 0 for users, as the demo seed does.
 */
export async function insertMembers(q: Queryable, entId: number, channelId: number, members: readonly NewMember[]): Promise<void> {
  if (members.length === 0) return;
  const rows = members.map((m) => ({ userId: m.userId, role: m.role ?? null, level: m.level ?? null, remark: m.remark || null }));
  await q.query(
    `insert into channel_members (channel_id, ent_id, user_id, role, level, remark)
     select $1, u.ent_id, u.id, coalesce(x.role, u.role), coalesce(x.level, case when u.role >= 1 then 1 else 0 end), x.remark
       from jsonb_to_recordset($3::jsonb) as x("userId" integer, role smallint, level smallint, remark text)
       join users u on u.id = x."userId" and u.ent_id = $2`,
    [channelId, entId, JSON.stringify(rows)],
  );
}

/** `channelId` is a channel of `entId` (checked by the caller). */
/** The first members of a channel: highest role, then level, then user id. */
export async function firstMembers(q: Queryable, channelId: number, limit: number): Promise<ChannelMember[]> {
  const r = await q.query<ChannelMember>(
    `select ${MEMBER_COLUMNS} from ${MEMBER_FROM} where m.channel_id = $1 order by m.role desc, m.level desc, m.user_id limit $2`,
    [channelId, limit],
  );
  return r.rows;
}

export async function membersByIds(q: Queryable, channelId: number, ids: readonly number[]): Promise<ChannelMember[]> {
  if (ids.length === 0) return [];
  const r = await q.query<ChannelMember>(
    `select ${MEMBER_COLUMNS} from ${MEMBER_FROM} where m.channel_id = $1 and m.user_id in (${placeholders(2, ids.length)}) order by m.user_id`,
    [channelId, ...ids],
  );
  return r.rows;
}

export async function findMember(q: Queryable, channelId: number, userId: number): Promise<ChannelMember | null> {
  return (await membersByIds(q, channelId, [userId]))[0] ?? null;
}

export async function updateMember(q: Queryable, channelId: number, userId: number, changes: MemberChanges): Promise<void> {
  const columns = (['role', 'level', 'remark', 'enabled'] as const).filter((k) => changes[k] !== undefined);
  if (columns.length === 0) return;
  const sets = columns.map((k, i) => `${k} = $${i + 3}`).join(', ');
  await q.query(`update channel_members set ${sets} where channel_id = $1 and user_id = $2`, [
    channelId,
    userId,
    ...columns.map((k) => changes[k] ?? null),
  ]);
}

export async function removeMember(q: Queryable, channelId: number, userId: number): Promise<boolean> {
  const r = await q.query('delete from channel_members where channel_id = $1 and user_id = $2', [channelId, userId]);
  return r.rowCount > 0;
}

/**
 * Puts a user of the enterprise on its live enterprise channel (the users module calls this when
 * it creates an account). Returns the channel id, or null when there is none or the user was
 * already on it.
 */
export async function addToEnterpriseChannel(q: Queryable, entId: number, userId: number): Promise<number | null> {
  const r = await q.query<{ channelId: number }>(
    `insert into channel_members (channel_id, ent_id, user_id, role, level)
     select c.id, c.ent_id, u.id, u.role, case when u.role >= 1 then 1 else 0 end
       from channels c join users u on u.ent_id = c.ent_id and u.id = $2
      where c.ent_id = $1 and c.is_enterprise and c.disbanded_at is null
     on conflict (channel_id, user_id) do nothing
     returning channel_id as "channelId"`,
    [entId, userId],
  );
  return r.rows[0]?.channelId ?? null;
}
