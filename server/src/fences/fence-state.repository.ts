import type { FenceRule, FenceSchedule, FenceShape } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import type { FenceState } from './fence-rules';

// SQL of fence evaluation: what the per-enterprise cache loads (enabled fences, who they cover,
// the time zone) and the per (fence, user) state of the pure step (ADR 027).

export interface ActiveFence {
  id: number;
  name: string;
  rule: FenceRule;
  shape: FenceShape;
  dwellS: number;
  schedule: FenceSchedule;
}

/** Enabled fences of the enterprise. */
export async function activeFences(q: Queryable, entId: number): Promise<ActiveFence[]> {
  const r = await q.query<ActiveFence>(
    'select id, name, rule, shape, dwell_s as "dwellS", schedule from fences where ent_id = $1 and enabled and deleted_at is null',
    [entId],
  );
  return r.rows;
}

export interface CoverageRows {
  /** Links of enabled fences to users, enabled or not (a disabled one exempts the user). */
  users: { fenceId: number; userId: number; enabled: boolean }[];
  /** Enabled links of enabled fences to channels. */
  channels: { fenceId: number; channelId: number }[];
  /** Members of those channels. */
  members: { channelId: number; userId: number }[];
}

/**
 * What coverage is made of, as links and memberships rather than one (fence, user) row per covered
 * member: 1,000 fences on channels of a few hundred members would be hundreds of thousands of rows,
 * read again every 30 s. The cache joins them (`coverage`).
 */
export async function coverageRows(q: Queryable, entId: number): Promise<CoverageRows> {
  const live = 'f.ent_id = $1 and f.enabled and f.deleted_at is null';
  const users = await q.query<CoverageRows['users'][number]>(
    `select l.fence_id as "fenceId", l.user_id as "userId", l.enabled from fence_users l join fences f on f.id = l.fence_id where ${live}`,
    [entId],
  );
  const channels = await q.query<CoverageRows['channels'][number]>(
    `select l.fence_id as "fenceId", l.channel_id as "channelId" from fence_channels l join fences f on f.id = l.fence_id where ${live} and l.enabled`,
    [entId],
  );
  const members = await q.query<CoverageRows['members'][number]>(
    `select m.channel_id as "channelId", m.user_id as "userId" from channel_members m
      where m.channel_id in (select l.channel_id from fence_channels l join fences f on f.id = l.fence_id where ${live} and l.enabled)`,
    [entId],
  );
  return { users: users.rows, channels: channels.rows, members: members.rows };
}

/**
 * Who each fence covers: users of an enabled link, and members of channels of an enabled link,
 * except users whose own link is disabled (the per-user switch exempts from channel links too).
 */
export function coverage(rows: CoverageRows): Map<number, Set<number>> {
  const byFence = new Map<number, Set<number>>();
  const add = (fenceId: number, userId: number) => {
    let set = byFence.get(fenceId);
    if (!set) byFence.set(fenceId, (set = new Set()));
    set.add(userId);
  };
  const membersOf = new Map<number, number[]>();
  for (const m of rows.members) {
    const list = membersOf.get(m.channelId);
    if (list) list.push(m.userId);
    else membersOf.set(m.channelId, [m.userId]);
  }
  for (const l of rows.users) if (l.enabled) add(l.fenceId, l.userId);
  for (const l of rows.channels) for (const userId of membersOf.get(l.channelId) ?? []) add(l.fenceId, userId);
  for (const l of rows.users) if (!l.enabled) byFence.get(l.fenceId)?.delete(l.userId);
  return byFence;
}

export async function entTimeZone(q: Queryable, entId: number): Promise<string> {
  const r = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [entId]);
  return r.rows[0]?.tz ?? 'UTC';
}

/** A stored state and its version: the time of the point that wrote it (`point_at`). */
export interface StoredState {
  fenceId: number;
  state: FenceState;
  version: number;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const ts = (param: string) => `to_timestamp(${param}::double precision / 1000)`;

interface StateRow {
  fenceId: number;
  inside: boolean | null;
  pendingInside: boolean | null;
  pendingCount: number;
  pendingAt: number | null;
  since: number | null;
  alerted: boolean;
  window: number;
  at: number;
}

/** The stored states of one user for these fences (one query for all of a report's fences). */
export async function readStates(q: Queryable, userId: number, fenceIds: readonly number[]): Promise<StoredState[]> {
  if (fenceIds.length === 0) return [];
  const r = await q.query<StateRow>(
    `select fence_id as "fenceId", inside, pending_inside as "pendingInside", pending_count as "pendingCount",
            ${ms('pending_at')} as "pendingAt", ${ms('since_at')} as since, alerted, ${ms('window_start')} as "window", ${ms('point_at')} as at
       from fence_states where user_id = $1 and fence_id in (select value::int from jsonb_array_elements_text($2::jsonb))`,
    [userId, JSON.stringify(fenceIds)],
  );
  return r.rows.map(({ fenceId, ...state }) => ({ fenceId, state, version: state.at }));
}

/**
 * Stores `state` if the row is still the one it was computed from (`version`, null: no row) and
 * the state's point is newer than the stored one: a compare-and-set, so two nodes stepping the
 * same positions write a change once, and a node stepping from an old copy writes nothing. True
 * when written.
 */
export async function writeState(q: Queryable, entId: number, fenceId: number, userId: number, state: FenceState, version: number | null): Promise<boolean> {
  const r = await q.query(
    `insert into fence_states (fence_id, user_id, ent_id, inside, pending_inside, pending_count, pending_at, since_at, alerted, window_start, point_at)
     values ($1, $2, $3, $4, $5, $6, ${ts('$7')}, ${ts('$8')}, $9, ${ts('$10')}, ${ts('$11')})
     on conflict (fence_id, user_id) do update set
       inside = excluded.inside, pending_inside = excluded.pending_inside, pending_count = excluded.pending_count,
       pending_at = excluded.pending_at, since_at = excluded.since_at, alerted = excluded.alerted,
       window_start = excluded.window_start, point_at = excluded.point_at, updated_at = now()
     where fence_states.point_at = ${ts('$12')} and fence_states.point_at < excluded.point_at
     returning fence_id`,
    [fenceId, userId, entId, state.inside, state.pendingInside, state.pendingCount, state.pendingAt, state.since, state.alerted, state.window, state.at, version],
  );
  return r.rows.length > 0;
}
