import type { Fence, FenceChannelLink, FenceListQuery, FenceRule, FenceSchedule, FenceShape, FenceUserLink, Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';

// SQL of fences and their links. Every function takes the enterprise id, or a fence id the caller
// has already found in its enterprise, so no statement reaches another tenant's rows. Deleted
// fences (deleted_at) are invisible here.

const USER_COUNT = '(select count(*)::int from fence_users x where x.fence_id = f.id)';
const CHANNEL_COUNT = '(select count(*)::int from fence_channels x where x.fence_id = f.id)';
const COLUMNS = `f.id, f.name, f.enabled, f.rule, f.shape, f.dwell_s as "dwellS", f.schedule, ${USER_COUNT} as "userCount", ${CHANNEL_COUNT} as "channelCount",
  c.id as "creatorId", c.nickname as "creatorNickname", ${iso('f.created_at')} as "createdAt", ${iso('f.updated_at')} as "updatedAt"`;
const FROM = 'fences f left join users c on c.id = f.created_by';
const SORTS: Record<string, string> = { id: 'f.id', name: 'lower(f.name)', createdAt: 'f.created_at', updatedAt: 'f.updated_at' };

/** A fence as stored; the service adds what depends on now (`activeNow`, `insideCount`). */
export type StoredFence = Omit<Fence, 'activeNow' | 'insideCount'>;
type FenceRow = Omit<StoredFence, 'createdBy' | 'coord'> & { creatorId: number | null; creatorNickname: string | null };

function toFence({ creatorId, creatorNickname, ...f }: FenceRow): StoredFence {
  return { ...f, coord: 0, createdBy: creatorId === null ? null : { id: creatorId, nickname: creatorNickname ?? '' } };
}

/** `$start, $start+1, ...` for an `in (...)` list of n values. */
function placeholders(start: number, n: number): string {
  return Array.from({ length: n }, (_, i) => `$${start + i}`).join(', ');
}

export interface NewFence {
  name: string;
  rule: FenceRule;
  shape: FenceShape;
  dwellS: number;
  schedule: FenceSchedule;
}

export interface LockedFence extends NewFence {
  id: number;
  enabled: boolean;
}

export function listFences(q: Queryable, entId: number, query: FenceListQuery): Promise<Page<StoredFence>> {
  const w = new Where().add('f.ent_id = ?', entId).add('f.deleted_at is null');
  if (query.q) w.add('(f.name ilike ? or f.id::text = ?)', Where.contains(query.q), query.q);
  if (query.enabled !== undefined) w.add('f.enabled = ?', query.enabled);
  if (query.rule) w.add('f.rule = ?', query.rule);
  if (query.userId) w.add('exists (select 1 from fence_users x where x.fence_id = f.id and x.user_id = ?)', query.userId);
  if (query.channelId) w.add('exists (select 1 from fence_channels x where x.fence_id = f.id and x.channel_id = ?)', query.channelId);
  return fetchPage<FenceRow>(q, { columns: COLUMNS, from: FROM, where: w, sortColumns: SORTS, tieBreak: 'f.id', page: query }).then((p) => ({ ...p, items: p.items.map(toFence) }));
}

export async function findFence(q: Queryable, entId: number, id: number): Promise<StoredFence | null> {
  const r = await q.query<FenceRow>(`select ${COLUMNS} from ${FROM} where f.ent_id = $1 and f.id = $2 and f.deleted_at is null`, [entId, id]);
  return r.rows[0] ? toFence(r.rows[0]) : null;
}

/** Locks the fence row until the transaction ends, so concurrent changes queue up. */
export async function lockFence(q: Queryable, entId: number, id: number): Promise<LockedFence | null> {
  const r = await q.query<LockedFence>(
    'select id, name, enabled, rule, shape, dwell_s as "dwellS", schedule from fences where ent_id = $1 and id = $2 and deleted_at is null for update',
    [entId, id],
  );
  return r.rows[0] ?? null;
}

/** Is the name used by another live fence of the enterprise (case-insensitive, as the index)? */
export async function nameTaken(q: Queryable, entId: number, name: string, exceptId: number | null): Promise<boolean> {
  const r = await q.query('select 1 from fences where ent_id = $1 and lower(name) = lower($2) and deleted_at is null and id <> $3', [
    entId,
    name,
    exceptId ?? 0,
  ]);
  return r.rows.length > 0;
}

/** A jsonb parameter: SQL null for no schedule (JSON 'null' would be a jsonb value, not null). */
const scheduleParam = (schedule: FenceSchedule) => (schedule === null ? null : JSON.stringify(schedule));

export async function insertFence(q: Queryable, entId: number, byUserId: number, f: NewFence): Promise<number> {
  const r = await q.query<{ id: number }>(
    `insert into fences (ent_id, name, rule, shape, dwell_s, schedule, created_by, updated_by)
     values ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $7) returning id`,
    [entId, f.name, f.rule, JSON.stringify(f.shape), f.dwellS, scheduleParam(f.schedule), byUserId],
  );
  return r.rows[0]!.id;
}

export async function updateFence(q: Queryable, id: number, byUserId: number, f: NewFence): Promise<void> {
  await q.query(
    'update fences set name = $2, rule = $3, shape = $4::jsonb, dwell_s = $5, schedule = $6::jsonb, updated_by = $7, updated_at = now() where id = $1',
    [id, f.name, f.rule, JSON.stringify(f.shape), f.dwellS, scheduleParam(f.schedule), byUserId],
  );
}

export async function setFenceEnabled(q: Queryable, id: number, byUserId: number, enabled: boolean): Promise<void> {
  await q.query('update fences set enabled = $2, updated_by = $3, updated_at = now() where id = $1', [id, enabled, byUserId]);
}

/** Soft delete: alerts keep naming the fence; its links and states go. */
export async function deleteFence(q: Queryable, id: number, byUserId: number): Promise<void> {
  await q.query('delete from fence_users where fence_id = $1', [id]);
  await q.query('delete from fence_channels where fence_id = $1', [id]);
  await q.query('delete from fence_states where fence_id = $1', [id]);
  await q.query('update fences set deleted_at = now(), enabled = false, updated_by = $2, updated_at = now() where id = $1', [id, byUserId]);
}

/**
 * Forgets the side of every covered user (or of these users, or of these channels' members): their
 * next position is evaluated as the first one.
 */
export async function clearStates(q: Queryable, fenceId: number, only: { userIds?: readonly number[]; channelIds?: readonly number[] } = {}): Promise<void> {
  if (only.userIds) {
    await q.query('delete from fence_states where fence_id = $1 and user_id in (select value::int from jsonb_array_elements_text($2::jsonb))', [
      fenceId,
      JSON.stringify(only.userIds),
    ]);
  } else if (only.channelIds) {
    await q.query(
      `delete from fence_states where fence_id = $1 and user_id in (
         select user_id from channel_members where channel_id in (select value::int from jsonb_array_elements_text($2::jsonb)))`,
      [fenceId, JSON.stringify(only.channelIds)],
    );
  } else {
    await q.query('delete from fence_states where fence_id = $1', [fenceId]);
  }
}

export async function fenceUsers(q: Queryable, fenceId: number): Promise<FenceUserLink[]> {
  const r = await q.query<FenceUserLink>(
    `select u.id as uid, u.account, u.nickname, l.enabled, ${iso('l.created_at')} as "linkedAt"
       from fence_users l join users u on u.id = l.user_id where l.fence_id = $1 order by u.id`,
    [fenceId],
  );
  return r.rows;
}

export async function fenceChannels(q: Queryable, fenceId: number): Promise<FenceChannelLink[]> {
  const r = await q.query<FenceChannelLink>(
    `select c.id as "channelId", c.name, l.enabled, ${iso('l.created_at')} as "linkedAt"
       from fence_channels l join channels c on c.id = l.channel_id where l.fence_id = $1 order by c.id`,
    [fenceId],
  );
  return r.rows;
}

export type LinkKind = 'user' | 'channel';
const LINK = {
  user: { table: 'fence_users', column: 'user_id', target: 'users', live: '' },
  channel: { table: 'fence_channels', column: 'channel_id', target: 'channels', live: ' and disbanded_at is null' },
} as const;

/** Which of these ids are users (or live channels) of the enterprise. */
export async function existingTargets(q: Queryable, kind: LinkKind, entId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { target, live } = LINK[kind];
  const r = await q.query<{ id: number }>(`select id from ${target} where ent_id = $1${live} and id in (${placeholders(2, ids.length)})`, [entId, ...ids]);
  return r.rows.map((row) => row.id);
}

/** Which of these are linked to the fence already. */
export async function linkedAmong(q: Queryable, kind: LinkKind, fenceId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { table, column } = LINK[kind];
  const r = await q.query<{ id: number }>(
    `select ${column} as id from ${table} where fence_id = $1 and ${column} in (${placeholders(2, ids.length)}) order by ${column}`,
    [fenceId, ...ids],
  );
  return r.rows.map((row) => row.id);
}

export async function linkCount(q: Queryable, kind: LinkKind, fenceId: number): Promise<number> {
  const r = await q.query<{ n: number }>(`select count(*)::int as n from ${LINK[kind].table} where fence_id = $1`, [fenceId]);
  return r.rows[0]?.n ?? 0;
}

export async function insertLinks(q: Queryable, kind: LinkKind, entId: number, fenceId: number, byUserId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, column } = LINK[kind];
  await q.query(
    `insert into ${table} (fence_id, ${column}, ent_id, created_by)
     select $1, value::int, $2, $3 from jsonb_array_elements_text($4::jsonb)`,
    [fenceId, entId, byUserId, JSON.stringify(ids)],
  );
}

/** The link's enabled flag, or null when there is no such link. */
export async function linkEnabled(q: Queryable, kind: LinkKind, fenceId: number, id: number): Promise<boolean | null> {
  const { table, column } = LINK[kind];
  const r = await q.query<{ enabled: boolean }>(`select enabled from ${table} where fence_id = $1 and ${column} = $2`, [fenceId, id]);
  return r.rows[0]?.enabled ?? null;
}

export async function setLinkEnabled(q: Queryable, kind: LinkKind, fenceId: number, id: number, enabled: boolean): Promise<void> {
  const { table, column } = LINK[kind];
  await q.query(`update ${table} set enabled = $3 where fence_id = $1 and ${column} = $2`, [fenceId, id, enabled]);
}

export async function deleteLink(q: Queryable, kind: LinkKind, fenceId: number, id: number): Promise<boolean> {
  const { table, column } = LINK[kind];
  const r = await q.query(`delete from ${table} where fence_id = $1 and ${column} = $2`, [fenceId, id]);
  return r.rowCount > 0;
}

/**
 * Per fence, how many covered members' confirmed side is inside in the window occurrence given
 * (`windowAt` now; fences not active now are left out): one query for a page of fences.
 */
export async function insideCounts(q: Queryable, entId: number, windows: readonly { id: number; window: number }[]): Promise<Map<number, number>> {
  if (windows.length === 0) return new Map();
  const r = await q.query<{ fenceId: number; n: number }>(
    `select s.fence_id as "fenceId", count(*)::int as n
       from jsonb_to_recordset($2::jsonb) as k(id int, "window" float8)
       join fence_states s on s.fence_id = k.id and s.inside and s.window_start = to_timestamp(k."window" / 1000)
       join fences f on f.id = s.fence_id and f.ent_id = $1 and f.enabled and f.deleted_at is null
      where exists (select 1 from fence_users l where l.fence_id = s.fence_id and l.user_id = s.user_id and l.enabled)
         or (exists (select 1 from fence_channels l join channel_members m on m.channel_id = l.channel_id
                      where l.fence_id = s.fence_id and l.enabled and m.user_id = s.user_id)
             and not exists (select 1 from fence_users x where x.fence_id = s.fence_id and x.user_id = s.user_id and not x.enabled))
      group by s.fence_id`,
    [entId, JSON.stringify(windows)],
  );
  return new Map(r.rows.map((row) => [row.fenceId, row.n]));
}
