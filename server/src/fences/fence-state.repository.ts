import type { FenceRule, FenceSchedule, FenceShape, WallAlertFrame } from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import { iso } from '../db/sql';
import { boundsOf, type Bounds, type FenceState } from './fence-rules';

// SQL of fence evaluation: what the per-enterprise cache loads (enabled fences, who they cover,
// the time zone) and the per (fence, user) state of the pure step (ADR 027).

export interface ActiveFence {
  id: number;
  name: string;
  rule: FenceRule;
  shape: FenceShape;
  dwellS: number;
  schedule: FenceSchedule;
  bounds: Bounds | undefined;
}

/** Enabled fences of the enterprise, each with its extent (most positions are far from most fences). */
export async function activeFences(q: Queryable, entId: number): Promise<ActiveFence[]> {
  const r = await q.query<Omit<ActiveFence, 'bounds'>>(
    'select id, name, rule, shape, dwell_s as "dwellS", schedule from fences where ent_id = $1 and enabled and deleted_at is null',
    [entId],
  );
  return r.rows.map((f) => ({ ...f, bounds: boundsOf(f.shape) }));
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
  userId: number;
  state: FenceState;
  version: number;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
const ts = (column: string) => `to_timestamp(${column} / 1000)`;

/** One state as `readStates` packs it: [fence, user, inside, pending side, count, pending at,
 *  since, alerted, window, at]. */
type PackedState = [number, number, boolean | null, boolean | null, number, number | null, number | null, boolean, number, number];

/**
 * The stored states of these (fence, user) pairs, for the reports of a moment. Packed into one JSON
 * text: PGlite hands over every row and column through JavaScript, which costs more than the
 * lookups (about half the time for a few thousand states).
 */
export async function readStates(q: Queryable, pairs: readonly { fenceId: number; userId: number }[]): Promise<StoredState[]> {
  if (pairs.length === 0) return [];
  const r = await q.query<{ states: string }>(
    `select coalesce(json_agg(json_build_array(s.fence_id, s.user_id, s.inside, s.pending_inside, s.pending_count, ${ms('s.pending_at')},
              ${ms('s.since_at')}, s.alerted, ${ms('s.window_start')}, ${ms('s.point_at')})), '[]')::text as states
       from jsonb_to_recordset($1::jsonb) as k(f int, u int) join fence_states s on s.fence_id = k.f and s.user_id = k.u`,
    [JSON.stringify(pairs.map((p) => ({ f: p.fenceId, u: p.userId })))],
  );
  return (JSON.parse(r.rows[0]?.states ?? '[]') as PackedState[]).map(([fenceId, userId, inside, pendingInside, pendingCount, pendingAt, since, alerted, window, at]) => ({
    fenceId,
    userId,
    state: { inside, pendingInside, pendingCount, pendingAt, since, alerted, window, at },
    version: at,
  }));
}

export interface StateWrite {
  entId: number;
  fenceId: number;
  userId: number;
  state: FenceState;
  /** The stored row's version the state was computed from; null: there was no row. */
  version: number | null;
}

/** An alert to store with the state write of its (fence, user). */
export interface NewAlert {
  entId: number;
  fenceId: number;
  userId: number;
  lng: number;
  lat: number;
  ip: string | null;
  atMs: number;
}

const stateRows = (writes: readonly StateWrite[]) =>
  JSON.stringify(
    writes.map((w) => ({
      e: w.entId,
      f: w.fenceId,
      u: w.userId,
      i: w.state.inside,
      pi: w.state.pendingInside,
      pc: w.state.pendingCount,
      pa: w.state.pendingAt,
      si: w.state.since,
      al: w.state.alerted,
      wi: w.state.window,
      at: w.state.at,
      v: w.version,
    })),
  );
const STATE_RECORD = 's(e int, f int, u int, i boolean, pi boolean, pc int, pa float8, si float8, al boolean, wi float8, at float8, v float8)';

/** Replaces rows still at the version each state was computed from, with a newer point. */
async function updateStates(q: Queryable, writes: readonly StateWrite[]): Promise<string[]> {
  if (writes.length === 0) return [];
  const r = await q.query<{ f: number; u: number }>(
    `update fence_states t set inside = s.i, pending_inside = s.pi, pending_count = s.pc, pending_at = ${ts('s.pa')},
            since_at = ${ts('s.si')}, alerted = s.al, window_start = ${ts('s.wi')}, point_at = ${ts('s.at')}, updated_at = now()
       from jsonb_to_recordset($1::jsonb) as ${STATE_RECORD}
      where t.fence_id = s.f and t.user_id = s.u and t.point_at = ${ts('s.v')} and t.point_at < ${ts('s.at')}
     returning t.fence_id as f, t.user_id as u`,
    [stateRows(writes)],
  );
  return r.rows.map((row) => `${row.f}:${row.u}`);
}

/** Inserts first states where no row exists yet (another node's first state wins). */
async function insertStates(q: Queryable, writes: readonly StateWrite[]): Promise<string[]> {
  if (writes.length === 0) return [];
  const r = await q.query<{ f: number; u: number }>(
    `insert into fence_states (fence_id, user_id, ent_id, inside, pending_inside, pending_count, pending_at, since_at, alerted, window_start, point_at)
     select s.f, s.u, s.e, s.i, s.pi, s.pc, ${ts('s.pa')}, ${ts('s.si')}, s.al, ${ts('s.wi')}, ${ts('s.at')} from jsonb_to_recordset($1::jsonb) as ${STATE_RECORD}
     on conflict (fence_id, user_id) do nothing
     returning fence_id as f, user_id as u`,
    [stateRows(writes)],
  );
  return r.rows.map((row) => `${row.f}:${row.u}`);
}

/**
 * Stores alerts with each user's dispatcher and the fence's current name, where the fence is still
 * enabled and the user still in the enterprise (a stale cache must not alert); their frames' data,
 * oldest first.
 */
async function insertAlerts(q: Queryable, alerts: readonly NewAlert[]): Promise<WallAlertFrame[]> {
  if (alerts.length === 0) return [];
  const r = await q.query<WallAlertFrame>(
    `with ins as (
       insert into fence_alerts (ent_id, user_id, dispatcher_id, fence_id, fence_name, type, lng, lat, ip, alerted_at)
       select a.e, u.id, u.dispatcher_id, f.id, f.name, f.rule, a.lng, a.lat, a.ip, to_timestamp(a.t / 1000)
         from jsonb_to_recordset($1::jsonb) as a(n int, e int, f int, u int, lng float8, lat float8, ip text, t float8)
         join users u on u.id = a.u and u.ent_id = a.e
         join fences f on f.id = a.f and f.ent_id = a.e and f.enabled and f.deleted_at is null
        order by a.n
       returning id, user_id, fence_id, fence_name, type, lng, lat, alerted_at
     )
     select ins.id as "alertId", ins.fence_id as "fenceId", ins.fence_name as "fenceName", u.id as uid, u.account, u.nickname,
            ins.type, ins.lng, ins.lat, ${iso('ins.alerted_at')} as time
       from ins join users u on u.id = ins.user_id order by ins.id`,
    [JSON.stringify(alerts.map((a, n) => ({ n, e: a.entId, f: a.fenceId, u: a.userId, lng: a.lng, lat: a.lat, ip: a.ip, t: a.atMs })))],
  );
  return r.rows;
}

/**
 * Stores each state if its row is still the one it was computed from and its point is newer than
 * the stored one (a compare-and-set: two nodes stepping the same positions write a change once, a
 * node stepping from an old copy writes nothing), then the alerts of the states written. For the
 * changes of the reports of a moment. Simple statements, each only when needed: PGlite plans a
 * statement on every call, and one statement combining the three took ~6 ms to plan for ~1 ms of
 * work. Alerts are stored in one transaction with their states' writes. Answers the
 * `fenceId:userId` keys written and the alerts' frame data, oldest first.
 */
export async function storeChanges(db: Db, writes: readonly StateWrite[], alerts: readonly NewAlert[]): Promise<{ written: Set<string>; frames: WallAlertFrame[] }> {
  const updates = writes.filter((w) => w.version !== null);
  const inserts = writes.filter((w) => w.version === null);
  const work = async (q: Queryable) => {
    const written = new Set([...(await updateStates(q, updates)), ...(await insertStates(q, inserts))]);
    const frames = await insertAlerts(q, alerts.filter((a) => written.has(`${a.fenceId}:${a.userId}`)));
    return { written, frames };
  };
  // A single statement is atomic by itself; the begin and commit would cost two more.
  const statements = (updates.length > 0 ? 1 : 0) + (inserts.length > 0 ? 1 : 0) + (alerts.length > 0 ? 1 : 0);
  return statements > 1 ? db.transaction(work) : work(db);
}
