import type { Queryable } from '../db/db';

// SQL of spreadsheet imports and exports. Lists of ids or texts travel as one JSON parameter (a
// file may hold 10,000 rows); every statement is scoped by enterprise.

export interface LiveChannel {
  id: number;
  name: string;
  enabled: boolean;
  isEnterprise: boolean;
}

export interface KnownUser {
  id: number;
  account: string;
  nickname: string;
  role: number;
  tags: string[];
  channelIds: number[];
}

export interface Membership {
  channelId: number;
  userId: number;
  level: number;
  remark: string | null;
}

export async function enterpriseName(q: Queryable, entId: number): Promise<string> {
  const r = await q.query<{ name: string }>('select name from enterprises where id = $1', [entId]);
  return r.rows[0]?.name ?? String(entId);
}

/** Live channels of the enterprise; with `lock`, locked in id order until the transaction ends. */
export async function liveChannels(q: Queryable, entId: number, lock = false): Promise<LiveChannel[]> {
  const r = await q.query<LiveChannel>(
    `select id, name, enabled, is_enterprise as "isEnterprise" from channels
      where ent_id = $1 and disbanded_at is null order by id ${lock ? 'for update' : ''}`,
    [entId],
  );
  return r.rows;
}

/** Users of the enterprise whose account matches one of `accounts` (case-insensitive). */
export async function usersByAccounts(q: Queryable, entId: number, accounts: readonly string[]): Promise<KnownUser[]> {
  if (accounts.length === 0) return [];
  const r = await q.query<KnownUser>(
    `select u.id, u.account, u.nickname, u.role,
            coalesce((select array_agg(t.tag order by t.tag) from user_tags t where t.user_id = u.id), '{}') as tags,
            coalesce((select array_agg(m.channel_id order by m.channel_id) from channel_members m where m.user_id = u.id), '{}') as "channelIds"
       from users u
      where u.ent_id = $1 and lower(u.account) in (select lower(value) from jsonb_array_elements_text($2::jsonb))`,
    [entId, JSON.stringify(accounts)],
  );
  return r.rows;
}

/** Locks the enterprise row (member creations queue up behind the quota) and reads the quota. */
export async function lockMemberQuota(q: Queryable, entId: number): Promise<{ max: number; used: number }> {
  const e = await q.query<{ max: number }>('select max_members as max from enterprises where id = $1 for update', [entId]);
  const u = await q.query<{ used: number }>('select count(*)::int as used from users where ent_id = $1', [entId]);
  return { max: e.rows[0]?.max ?? 0, used: u.rows[0]?.used ?? 0 };
}

export async function addTags(q: Queryable, entId: number, userId: number, tags: readonly string[]): Promise<void> {
  for (const tag of tags) {
    await q.query('insert into user_tags (user_id, ent_id, tag) values ($1, $2, $3) on conflict do nothing', [userId, entId, tag]);
  }
}

/** Memberships of these users on live channels of the enterprise. */
export async function membershipsOf(q: Queryable, entId: number, userIds: readonly number[]): Promise<Membership[]> {
  if (userIds.length === 0) return [];
  const r = await q.query<Membership>(
    `select m.channel_id as "channelId", m.user_id as "userId", m.level, m.remark
       from channel_members m join channels c on c.id = m.channel_id
      where c.ent_id = $1 and c.disbanded_at is null
        and m.user_id in (select value::int from jsonb_array_elements_text($2::jsonb))`,
    [entId, JSON.stringify(userIds)],
  );
  return r.rows;
}

/** Sets level and remark of existing members (null keeps the current value). */
export async function updateMemberships(q: Queryable, rows: readonly { channelId: number; userId: number; level: number | null; remark: string | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `update channel_members m set level = coalesce(x.level, m.level), remark = coalesce(x.remark, m.remark)
       from jsonb_to_recordset($1::jsonb) as x("channelId" integer, "userId" integer, level smallint, remark text)
      where m.channel_id = x."channelId" and m.user_id = x."userId"`,
    [JSON.stringify(rows)],
  );
}

export interface AssignmentRow {
  channel: string;
  account: string;
  nickname: string;
  level: number;
  remark: string | null;
  channelId: number;
  userId: number;
  isEnterprise: boolean;
}

/** Every membership on live channels (optionally of users on one channel), by channel then account. */
export async function assignments(q: Queryable, entId: number, opts: { channelId?: number | undefined; usersOfChannel?: number | undefined } = {}): Promise<AssignmentRow[]> {
  const params: (number | null)[] = [entId, opts.channelId ?? null, opts.usersOfChannel ?? null];
  const r = await q.query<AssignmentRow>(
    `select c.name as channel, u.account, u.nickname, m.level, m.remark, c.id as "channelId", u.id as "userId",
            c.is_enterprise as "isEnterprise"
       from channel_members m
       join channels c on c.id = m.channel_id
       join users u on u.id = m.user_id
      where c.ent_id = $1 and c.disbanded_at is null
        and ($2::int is null or c.id = $2)
        and ($3::int is null or exists (select 1 from channel_members x where x.channel_id = $3 and x.user_id = u.id))
      order by lower(c.name), c.id, lower(u.account), u.id`,
    params,
  );
  return r.rows;
}
