import {
  TRACK_MAX_POINTS,
  type Page,
  type PatrolCheckin,
  type PatrolCheckinListQuery,
  type PatrolCheckinMethod,
  type PatrolCheckinResult,
  type PatrolNodeResult,
  type PatrolOrder,
  type PatrolRun,
  type PatrolRunDetail,
  type PatrolRunListQuery,
  type PatrolRunNode,
  type PatrolRunStatus,
} from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { fetchPage, Where } from '../db/paging';
import { iso } from '../db/sql';
import { timeRange } from '../records/record.repository';
import type { RuleRun } from './patrol-rules';
import { ASSIGNED, jsonIds } from './patrol-plan.repository';

// SQL of runs, their stops and check-ins. Runs and check-ins keep the names of their task and node.

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

// ---------------------------------------------------------------------------------------------
// Runs

export const RUN_FIELDS = {
  id: 'r.id',
  taskId: 'r.task_id',
  taskName: 'r.task_name',
  order: 'r.route_order',
  status: 'r.status',
  source: 'r.source',
  startedById: 'r.started_by',
  startedByNickname: 's.nickname',
  plannedStart: iso('r.planned_start'),
  deadline: iso('r.deadline'),
  firstCheckin: iso('r.first_checkin'),
  lastCheckin: iso('r.last_checkin'),
  endedAt: iso('r.ended_at'),
  total: 'r.total',
  onTime: 'r.on_time',
  early: 'r.early',
  late: 'r.late',
  missed: 'r.missed',
  plannedS: 'r.planned_s',
  actualS: 'r.actual_s',
  flag: 'r.flag',
} as const;
export const RUN_FROM = 'patrol_runs r left join users s on s.id = r.started_by';
const RUN_COLUMNS = Object.entries(RUN_FIELDS)
  .map(([name, expr]) => `${expr} as "${name}"`)
  .join(', ');
export const RUN_SORTS: Record<string, string> = { plannedStart: 'r.planned_start', task: 'lower(r.task_name)', status: 'r.status' };

export type RunRow = Omit<PatrolRun, 'task' | 'startedBy' | 'members'> & {
  taskId: number;
  taskName: string;
  startedById: number | null;
  startedByNickname: string | null;
};

export function toRun(r: RunRow, members: PatrolRun['members'] = []): PatrolRun {
  const { taskId, taskName, startedById, startedByNickname, ...rest } = r;
  return {
    ...rest,
    task: { id: taskId, name: taskName },
    startedBy: startedById === null ? null : { id: startedById, nickname: startedByNickname ?? '' },
    members,
  };
}

type RunFilters = Omit<PatrolRunListQuery, 'page' | 'size' | 'sort' | 'order'>;

export function runWhere(entId: number, query: RunFilters): Where {
  const w = new Where().add('r.ent_id = ?', entId);
  if (query.q) w.add('(r.task_name ilike ? or r.id::text = ?)', Where.contains(query.q), query.q);
  if (query.taskId) w.add('r.task_id = ?', query.taskId);
  if (query.userId) w.add('exists (select 1 from patrol_checkins c where c.run_id = r.id and c.user_id = ?)', query.userId);
  if (query.status) w.add('r.status = ?', query.status);
  if (query.flag) w.add('r.flag = ?', query.flag);
  timeRange(w, 'r.planned_start', query.from, query.to);
  return w;
}

export async function listRuns(q: Queryable, entId: number, query: PatrolRunListQuery): Promise<Page<PatrolRun>> {
  const page = await fetchPage<RunRow>(q, { columns: RUN_COLUMNS, from: RUN_FROM, where: runWhere(entId, query), sortColumns: RUN_SORTS, tieBreak: 'r.id', page: query });
  const members = await runMembers(q, page.items.map((r) => r.id));
  return { ...page, items: page.items.map((r) => toRun(r, members.get(r.id))) };
}

export async function findRun(q: Queryable, entId: number, id: number): Promise<PatrolRun | null> {
  const r = await q.query<RunRow>(`select ${RUN_COLUMNS} from ${RUN_FROM} where r.ent_id = $1 and r.id = $2`, [entId, id]);
  if (!r.rows[0]) return null;
  const members = await runMembers(q, [id]);
  return toRun(r.rows[0], members.get(id));
}

/** Members who checked in on each of these runs (counted check-ins carry the run). */
async function runMembers(q: Queryable, runIds: readonly number[]): Promise<Map<number, PatrolRun['members']>> {
  const out = new Map<number, PatrolRun['members']>();
  if (runIds.length === 0) return out;
  const r = await q.query<{ runId: number; uid: number; account: string; nickname: string }>(
    `select distinct c.run_id as "runId", u.id as uid, u.account, u.nickname
       from patrol_checkins c join users u on u.id = c.user_id
      where c.run_id in (select value::int from jsonb_array_elements_text($1::jsonb)) order by u.id`,
    [jsonIds(runIds)],
  );
  for (const { runId, ...m } of r.rows) out.set(runId, [...(out.get(runId) ?? []), m]);
  return out;
}

type RunNodeRow = Omit<PatrolRunNode, 'checkedBy'> & { runId: number; byUid: number | null; byAccount: string | null; byNickname: string | null };

export async function runNodes(q: Queryable, runIds: readonly number[]): Promise<Map<number, PatrolRunNode[]>> {
  const out = new Map<number, PatrolRunNode[]>();
  if (runIds.length === 0) return out;
  const r = await q.query<RunNodeRow>(
    `select n.run_id as "runId", n.seq, n.node_id as "nodeId", n.name, n.lng, n.lat, n.radius_m as "radiusM", ${iso('n.planned_at')} as "plannedAt",
            n.tolerance_s as "toleranceS", n.result, n.checkin_id as "checkinId", ${iso('n.checked_at')} as "checkedAt",
            u.id as "byUid", u.account as "byAccount", u.nickname as "byNickname"
       from patrol_run_nodes n left join users u on u.id = n.checked_by
      where n.run_id in (select value::int from jsonb_array_elements_text($1::jsonb)) order by n.run_id, n.seq`,
    [jsonIds(runIds)],
  );
  for (const { runId, byUid, byAccount, byNickname, ...n } of r.rows) {
    const node: PatrolRunNode = { ...n, checkedBy: byUid === null ? null : { uid: byUid, account: byAccount ?? '', nickname: byNickname ?? '' } };
    out.set(runId, [...(out.get(runId) ?? []), node]);
  }
  return out;
}

/** Stored positions of these users from `fromMs` to `toMs`, at most TRACK_MAX_POINTS each (the first ones). */
export async function tracks(q: Queryable, entId: number, userIds: readonly number[], fromMs: number, toMs: number): Promise<PatrolRunDetail['tracks']> {
  const out: PatrolRunDetail['tracks'] = [];
  for (const uid of userIds) {
    const r = await q.query<{ lng: number; lat: number; time: string }>(
      `select lng, lat, ${iso('reported_at')} as time from locations
        where ent_id = $1 and user_id = $2 and reported_at >= to_timestamp($3::float8 / 1000) and reported_at <= to_timestamp($4::float8 / 1000)
        order by reported_at, id limit $5`,
      [entId, uid, fromMs, toMs, TRACK_MAX_POINTS],
    );
    if (r.rows.length > 0) out.push({ uid, points: r.rows });
  }
  return out;
}

/** Direct users of a task (at most `limit`): whose track a run without check-ins replays. */
export async function directUsers(q: Queryable, taskId: number, limit: number): Promise<number[]> {
  const r = await q.query<{ uid: number }>('select user_id as uid from patrol_task_users where task_id = $1 order by user_id limit $2', [taskId, limit]);
  return r.rows.map((row) => row.uid);
}

export interface NewRun {
  entId: number;
  taskId: number;
  taskName: string;
  order: PatrolOrder;
  lateS: number;
  source: 'schedule' | 'manual';
  startedBy: number | null;
  plannedStart: number;
  deadline: number;
  plannedS: number;
  stops: { nodeId: number; name: string; lng: number; lat: number; radiusM: number; plannedAt: number; toleranceS: number }[];
}

/** Inserts a run with its stops; null when the task already has a run at that start. */
export async function insertRun(q: Queryable, run: NewRun): Promise<number | null> {
  const r = await q.query<{ id: number }>(
    `insert into patrol_runs (ent_id, task_id, task_name, route_order, late_s, source, started_by, planned_start, deadline, total, planned_s)
     values ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::float8 / 1000), to_timestamp($9::float8 / 1000), $10, $11)
     on conflict (task_id, planned_start) do nothing returning id`,
    [run.entId, run.taskId, run.taskName, run.order, run.lateS, run.source, run.startedBy, run.plannedStart, run.deadline, run.stops.length, run.plannedS],
  );
  const id = r.rows[0]?.id;
  if (id === undefined) return null;
  await q.query(
    `insert into patrol_run_nodes (run_id, seq, ent_id, node_id, name, lng, lat, radius_m, planned_at, tolerance_s)
     select $1, (ord - 1)::int, $2, (e->>'nodeId')::int, e->>'name', (e->>'lng')::float8, (e->>'lat')::float8, (e->>'radiusM')::int,
            to_timestamp((e->>'plannedAt')::float8 / 1000), (e->>'toleranceS')::int
       from jsonb_array_elements($3::jsonb) with ordinality as x(e, ord)`,
    [id, run.entId, JSON.stringify(run.stops)],
  );
  return id;
}

/** Is a run of the task under way? */
export async function hasActiveRun(q: Queryable, entId: number, taskId: number): Promise<boolean> {
  const r = await q.query(`select 1 from patrol_runs where ent_id = $1 and task_id = $2 and status = 'active' limit 1`, [entId, taskId]);
  return r.rows.length > 0;
}

export interface OpenRun extends RuleRun {
  entId: number;
  taskId: number;
  taskName: string;
  stops: (RuleRun['stops'][number] & { name: string; lng: number; lat: number; radiusM: number })[];
}

type OpenRunRow = { id: number; entId: number; taskId: number; taskName: string; order: PatrolOrder; plannedStart: number; lateS: number; stops: OpenRun['stops'] | null };

/** A run's stops as one json column, so a run comes with its stops in one statement. */
const STOPS_JSON = `(select json_agg(json_build_object('seq', n.seq, 'nodeId', n.node_id, 'name', n.name, 'lng', n.lng, 'lat', n.lat,
    'radiusM', n.radius_m, 'plannedAt', ${ms('n.planned_at')}, 'toleranceS', n.tolerance_s, 'result', n.result) order by n.seq)
   from patrol_run_nodes n where n.run_id = r.id)`;

const OPEN_COLUMNS = `r.id, r.ent_id as "entId", r.task_id as "taskId", r.task_name as "taskName", r.route_order as "order",
  ${ms('r.planned_start')} as "plannedStart", r.late_s as "lateS", ${STOPS_JSON} as stops`;

const withStops = <T extends OpenRunRow>(rows: T[]): (Omit<T, 'stops'> & { stops: OpenRun['stops'] })[] => rows.map((r) => ({ ...r, stops: r.stops ?? [] }));

// Driven from the member's few tasks (materialised, so the planner cannot start from the runs):
// each is one probe of patrol_runs_active_task_idx (migration 024). Starting from the
// organisation's active runs was the planner's choice whenever its statistics predated the
// morning's runs (ADR 029, second addendum).
const MEMBER_RUNS = (lock: boolean) => `with mt as materialized (select distinct a.task_id from ${ASSIGNED} a where a.user_id = $2)
    select ${OPEN_COLUMNS} from mt join patrol_runs r on r.task_id = mt.task_id join patrol_tasks t on t.id = r.task_id and t.enabled
      where r.ent_id = $1 and r.status = 'active' and r.planned_start <= to_timestamp($3::float8 / 1000)
      order by r.planned_start, r.id${lock ? ' for update of r' : ''}`;

/**
 * The member's active runs (planned start <= `atMs`) of enabled tasks they are assigned to now,
 * with their stops; `lock` holds the runs until the transaction ends (settling one is then safe).
 */
export async function memberRuns(q: Queryable, entId: number, userId: number, atMs: number, lock: boolean): Promise<OpenRun[]> {
  const r = await q.query<OpenRunRow>(MEMBER_RUNS(lock), [entId, userId, atMs]);
  return withStops(r.rows);
}

/**
 * What a device check-in is judged on, in one statement: the member's last counted check-in at
 * the node (ms, or null: the repeat rule) and their active runs with their stops, locked as in
 * `memberRuns(..., true)`.
 */
export async function checkinBasis(q: Queryable, entId: number, userId: number, nodeId: number, atMs: number): Promise<{ last: number | null; runs: OpenRun[] }> {
  const r = await q.query<{ last: number | null; runs: OpenRunRow[] | null }>(
    `select (select ${ms('checked_at')} from patrol_checkins
              where user_id = $2 and node_id = $4 and result in ('onTime', 'early', 'late') order by checked_at desc limit 1) as last,
            (select json_agg(x order by x."plannedStart", x.id) from (${MEMBER_RUNS(true)}) x) as runs`,
    [entId, userId, atMs, nodeId],
  );
  const row = r.rows[0];
  return { last: row?.last ?? null, runs: withStops(row?.runs ?? []) };
}

/** One run of the enterprise, locked, with its stops (a manual check-in names it). */
export async function lockRun(q: Queryable, entId: number, runId: number): Promise<(OpenRun & { status: PatrolRunStatus }) | null> {
  const r = await q.query<OpenRunRow & { status: PatrolRunStatus }>(`select ${OPEN_COLUMNS}, r.status from patrol_runs r where r.ent_id = $1 and r.id = $2 for update of r`, [entId, runId]);
  return r.rows[0] ? withStops(r.rows)[0]! : null;
}

/** Every active run of the enterprise with its stops and the users assigned to its task now. */
export async function activeRuns(q: Queryable, entId: number): Promise<{ runs: OpenRun[]; members: { taskId: number; userId: number }[] }> {
  const r = await q.query<OpenRunRow>(
    `select ${OPEN_COLUMNS} from patrol_runs r join patrol_tasks t on t.id = r.task_id and t.enabled
      where r.ent_id = $1 and r.status = 'active' order by r.planned_start, r.id`,
    [entId],
  );
  const runs = withStops(r.rows);
  if (runs.length === 0) return { runs, members: [] };
  const m = await q.query<{ taskId: number; userId: number }>(
    `select a.task_id as "taskId", a.user_id as "userId" from ${ASSIGNED} a where a.task_id in (select value::int from jsonb_array_elements_text($1::jsonb))`,
    [jsonIds([...new Set(runs.map((x) => x.taskId))])],
  );
  return { runs, members: m.rows };
}

export interface NewCheckin {
  entId: number;
  userId: number;
  nodeId: number;
  nodeName: string;
  runId: number | null;
  seq: number | null;
  taskId: number | null;
  taskName: string | null;
  atMs: number;
  method: PatrolCheckinMethod;
  result: PatrolCheckinResult;
  lng: number | null;
  lat: number | null;
  recordedBy: number | null;
}

/** The check-in just inserted (the `c` of the statement's own `with`; the table does not show it yet). */
const INSERTED_FROM = 'c join users u on u.id = c.user_id left join users b on b.id = c.recorded_by';
const CHECKIN_INSERT = `insert into patrol_checkins (id, ent_id, user_id, node_id, node_name, run_id, seq, task_id, task_name, checked_at, method, result, lng, lat, recorded_by)`;

/** Stores a check-in that settles nothing ('repeat', 'unplanned'); returns it as the API shows it. */
export async function insertCheckin(q: Queryable, c: NewCheckin): Promise<PatrolCheckin> {
  const r = await q.query<CheckinRow>(
    `with c as (
       ${CHECKIN_INSERT}
       values (default, $1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9::float8 / 1000), $10, $11, $12, $13, $14) returning *
     )
     select ${CHECKIN_COLUMNS} from ${INSERTED_FROM}`,
    [c.entId, c.userId, c.nodeId, c.nodeName, c.runId, c.seq, c.taskId, c.taskName, c.atMs, c.method, c.result, c.lng, c.lat, c.recordedBy],
  );
  return toCheckin(r.rows[0]!);
}

/**
 * A check-in that settles stop `seq` of run `runId` (the caller holds the run's lock), in one
 * statement: the stop is settled only if still pending, and then the `missed` stops still pending
 * become missed; the check-in carries the run and the result if the stop was settled, otherwise
 * it is 'unplanned' without a run (the tick marked the stop missed meanwhile). Returns the
 * check-in as the API shows it and the seqs marked missed.
 */
export async function insertSettling(
  q: Queryable,
  c: NewCheckin & { runId: number; seq: number; result: PatrolNodeResult },
  missed: readonly { seq: number; reason: string }[],
): Promise<{ checkin: PatrolCheckin; missed: number[] }> {
  const r = await q.query<CheckinRow & { missedSeqs: number[] | null }>(
    `with id as (select nextval(pg_get_serial_sequence('patrol_checkins', 'id'))::int as id),
     s as (
       update patrol_run_nodes n set result = $11, checkin_id = id.id, checked_at = to_timestamp($9::float8 / 1000), checked_by = $2
         from id where n.run_id = $5 and n.seq = $6 and n.result = 'pending' returning n.seq
     ),
     m as (
       update patrol_run_nodes n set result = 'missed', missed_reason = x.reason
         from jsonb_to_recordset($15::jsonb) as x(seq int, reason text)
        where n.run_id = $5 and n.seq = x.seq and n.result = 'pending' and exists (select 1 from s) returning n.seq
     ),
     c as (
       ${CHECKIN_INSERT}
       select id.id, $1, $2, $3, $4, case when s.seq is null then null else $5::int end, s.seq,
              case when s.seq is null then null else $7::int end, case when s.seq is null then null else $8::text end,
              to_timestamp($9::float8 / 1000), $10, case when s.seq is null then 'unplanned' else $11 end, $12, $13, $14
         from id left join s on true
       returning *
     )
     select ${CHECKIN_COLUMNS}, (select json_agg(seq) from m) as "missedSeqs" from ${INSERTED_FROM}`,
    [c.entId, c.userId, c.nodeId, c.nodeName, c.runId, c.seq, c.taskId, c.taskName, c.atMs, c.method, c.result, c.lng, c.lat, c.recordedBy, JSON.stringify(missed)],
  );
  const { missedSeqs, ...row } = r.rows[0]!;
  return { checkin: toCheckin(row), missed: missedSeqs ?? [] };
}

export interface RunState {
  id: number;
  entId: number;
  taskId: number;
  status: PatrolRunStatus;
  results: PatrolNodeResult[];
  first: number | null;
  last: number | null;
  plannedS: number;
}

/** What a run's outcome is computed from. */
export async function runState(q: Queryable, runId: number): Promise<RunState | null> {
  const r = await q.query<Omit<RunState, 'results'> & { results: PatrolNodeResult[] | null }>(
    `select r.id, r.ent_id as "entId", r.task_id as "taskId", r.status, r.planned_s as "plannedS",
            (select json_agg(n.result order by n.seq) from patrol_run_nodes n where n.run_id = r.id) as results,
            (select ${ms('min(n.checked_at)')} from patrol_run_nodes n where n.run_id = r.id and n.checked_at is not null) as first,
            (select ${ms('max(n.checked_at)')} from patrol_run_nodes n where n.run_id = r.id and n.checked_at is not null) as last
       from patrol_runs r where r.id = $1`,
    [runId],
  );
  const row = r.rows[0];
  return row ? { ...row, results: row.results ?? [] } : null;
}

export async function writeRunOutcome(
  q: Queryable,
  s: RunState,
  outcome: { status: PatrolRunStatus; actualS: number | null; flag: string | null },
): Promise<void> {
  const count = (x: PatrolNodeResult) => s.results.filter((v) => v === x).length;
  await q.query(
    `update patrol_runs set status = $2, actual_s = $3, flag = $4, on_time = $5, early = $6, late = $7, missed = $8,
            first_checkin = case when $9::float8 is null then null else to_timestamp($9::float8 / 1000) end,
            last_checkin = case when $10::float8 is null then null else to_timestamp($10::float8 / 1000) end,
            ended_at = case when $2 = 'active' then null else coalesce(ended_at, now()) end
      where id = $1`,
    [s.id, outcome.status, outcome.actualS, outcome.flag, count('onTime'), count('early'), count('late'), count('missed'), s.first, s.last],
  );
}

export interface OverdueStop {
  runId: number;
  entId: number;
  taskId: number;
  taskName: string;
  seq: number;
  nodeId: number;
  name: string;
  lng: number;
  lat: number;
  plannedAt: string;
}

/**
 * Marks every pending stop past its late limit missed ('overdue'), in every organisation; the
 * update is the claim, so with several nodes each stop is reported once.
 */
export async function missOverdue(q: Queryable, nowMs: number): Promise<OverdueStop[]> {
  const r = await q.query<OverdueStop>(
    `update patrol_run_nodes n set result = 'missed', missed_reason = 'overdue'
       from patrol_runs r
      where r.id = n.run_id and n.result = 'pending' and n.planned_at <= to_timestamp($1::float8 / 1000)
        and n.planned_at + (n.tolerance_s + r.late_s) * interval '1 second' < to_timestamp($1::float8 / 1000)
      returning n.run_id as "runId", r.ent_id as "entId", r.task_id as "taskId", r.task_name as "taskName", n.seq, n.node_id as "nodeId",
                n.name, n.lng, n.lat, ${iso('n.planned_at')} as "plannedAt"`,
    [nowMs],
  );
  return r.rows;
}

/** Active runs with nothing pending (settled elsewhere, or by a tick that stopped half-way). */
export async function settledActiveRuns(q: Queryable): Promise<number[]> {
  const r = await q.query<{ id: number }>(
    `select r.id from patrol_runs r where r.status = 'active'
        and not exists (select 1 from patrol_run_nodes n where n.run_id = r.id and n.result = 'pending')`,
  );
  return r.rows.map((row) => row.id);
}

/** The stops of a run named by check-ins (a manual check-in, a deleted check-in's run). */
export async function stopOf(q: Queryable, runId: number, seq: number): Promise<{ nodeId: number; name: string; plannedAt: string } | null> {
  const r = await q.query<{ nodeId: number; name: string; plannedAt: string }>(
    `select node_id as "nodeId", name, ${iso('planned_at')} as "plannedAt" from patrol_run_nodes where run_id = $1 and seq = $2`,
    [runId, seq],
  );
  return r.rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Check-ins

export const CHECKIN_FIELDS = {
  id: 'c.id',
  uid: 'u.id',
  account: 'u.account',
  nickname: 'u.nickname',
  nodeId: 'c.node_id',
  nodeName: 'c.node_name',
  runId: 'c.run_id',
  taskId: 'c.task_id',
  taskName: 'c.task_name',
  time: iso('c.checked_at'),
  method: 'c.method',
  result: 'c.result',
  lng: 'c.lng',
  lat: 'c.lat',
  recordedById: 'c.recorded_by',
  recordedByNickname: 'b.nickname',
} as const;
export const CHECKIN_FROM = 'patrol_checkins c join users u on u.id = c.user_id left join users b on b.id = c.recorded_by';
const CHECKIN_COLUMNS = Object.entries(CHECKIN_FIELDS)
  .map(([name, expr]) => `${expr} as "${name}"`)
  .join(', ');
export const CHECKIN_SORTS: Record<string, string> = { time: 'c.checked_at', account: 'lower(u.account)', node: 'lower(c.node_name)' };

export interface CheckinRow {
  id: number;
  uid: number;
  account: string;
  nickname: string;
  nodeId: number;
  nodeName: string;
  runId: number | null;
  taskId: number | null;
  taskName: string | null;
  time: string;
  method: PatrolCheckinMethod;
  result: PatrolCheckinResult;
  lng: number | null;
  lat: number | null;
  recordedById: number | null;
  recordedByNickname: string | null;
}

export function toCheckin(c: CheckinRow): PatrolCheckin {
  return {
    id: c.id,
    user: { uid: c.uid, account: c.account, nickname: c.nickname },
    node: { id: c.nodeId, name: c.nodeName },
    runId: c.runId,
    task: c.taskId === null ? null : { id: c.taskId, name: c.taskName ?? '' },
    time: c.time,
    method: c.method,
    result: c.result,
    lng: c.lng,
    lat: c.lat,
    recordedBy: c.recordedById === null ? null : { id: c.recordedById, nickname: c.recordedByNickname ?? '' },
  };
}

type CheckinFilters = Omit<PatrolCheckinListQuery, 'page' | 'size' | 'sort' | 'order'>;

export function checkinWhere(entId: number, query: CheckinFilters): Where {
  const w = new Where().add('c.ent_id = ?', entId);
  if (query.q) {
    const like = Where.contains(query.q);
    w.add('(u.account ilike ? or u.nickname ilike ? or c.node_name ilike ? or c.task_name ilike ?)', like, like, like, like);
  }
  if (query.userId) w.add('c.user_id = ?', query.userId);
  if (query.nodeId) w.add('c.node_id = ?', query.nodeId);
  if (query.taskId) w.add('c.task_id = ?', query.taskId);
  if (query.runId) w.add('c.run_id = ?', query.runId);
  if (query.method) w.add('c.method = ?', query.method);
  if (query.result) w.add('c.result = ?', query.result);
  timeRange(w, 'c.checked_at', query.from, query.to);
  return w;
}

export async function listCheckins(q: Queryable, entId: number, query: PatrolCheckinListQuery): Promise<Page<PatrolCheckin>> {
  const page = await fetchPage<CheckinRow>(q, {
    columns: CHECKIN_COLUMNS,
    from: CHECKIN_FROM,
    where: checkinWhere(entId, query),
    sortColumns: CHECKIN_SORTS,
    tieBreak: 'c.id',
    page: query,
  });
  return { ...page, items: page.items.map(toCheckin) };
}

export async function findCheckin(q: Queryable, entId: number, id: number): Promise<PatrolCheckin | null> {
  const r = await q.query<CheckinRow>(`select ${CHECKIN_COLUMNS} from ${CHECKIN_FROM} where c.ent_id = $1 and c.id = $2`, [entId, id]);
  return r.rows[0] ? toCheckin(r.rows[0]) : null;
}

// ---------------------------------------------------------------------------------------------
// Deletion

/** Which of these ids are runs (or check-ins) of the enterprise. */
export async function existingRecords(q: Queryable, table: 'patrol_runs' | 'patrol_checkins', entId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await q.query<{ id: number }>(`select id from ${table} where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb)) order by id`, [
    entId,
    jsonIds(ids),
  ]);
  return r.rows.map((row) => row.id);
}

/**
 * Deletes runs (their stops and check-ins go with them) and single check-ins. A deleted check-in
 * that had settled a stop of a run that stays puts the stop back to what the record now shows:
 * missed if the run has ended, pending otherwise. Returns the runs whose counters must be redone.
 */
export async function deleteRecords(q: Queryable, entId: number, runIds: readonly number[], checkinIds: readonly number[]): Promise<number[]> {
  if (runIds.length > 0) {
    await q.query('delete from patrol_runs where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb))', [entId, jsonIds(runIds)]);
  }
  if (checkinIds.length === 0) return [];
  const r = await q.query<{ runId: number }>(
    `with gone as (
       delete from patrol_checkins where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb))
       returning id, run_id, seq
     ), reset as (
       update patrol_run_nodes n
          set result = case when r.status = 'active' then 'pending' else 'missed' end,
              missed_reason = case when r.status = 'active' then null else 'deleted' end,
              checkin_id = null, checked_at = null, checked_by = null
         from gone g join patrol_runs r on r.id = g.run_id
        where n.run_id = g.run_id and n.seq = g.seq and n.checkin_id = g.id
       returning n.run_id
     )
     select distinct run_id as "runId" from reset`,
    [entId, jsonIds(checkinIds)],
  );
  return r.rows.map((row) => row.runId);
}

export async function myRunRows(q: Queryable, entId: number, userId: number): Promise<RunRow[]> {
  const r = await q.query<RunRow>(
    `with mt as materialized (select distinct a.task_id from ${ASSIGNED} a where a.user_id = $2)
     select ${RUN_COLUMNS} from ${RUN_FROM} join mt on mt.task_id = r.task_id join patrol_tasks t on t.id = r.task_id and t.enabled
      where r.ent_id = $1 and r.status = 'active'
      order by r.planned_start, r.id`,
    [entId, userId],
  );
  return r.rows;
}
