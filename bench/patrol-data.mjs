// The patrol bench's data (patrol.bench.mjs): member accounts and sessions, tours of TEAM members
// each over a ring of 6-10 GPS nodes, and 30 days of finished runs with their stops and check-ins
// for the dashboard. Accounts and the plan come from one seed; the history is made in SQL.

import { move, seeded } from './fences-data.mjs';

export const ENT = 100001;
export const FIRST_MEMBER_UID = 710_001;
export const FIRST_DISPATCHER_UID = 790_001;
/** Members per task (a team walking one tour). */
export const TEAM = 10;
/** Route nodes are this far apart along their ring; a member walks it in about 2.5 minutes. */
export const SPACING_M = 250;
export const RADIUS_M = 25;
/** Planned offset between consecutive stops, tolerance and late limit (s): runs stay active for the bench. */
export const OFFSET_S = 150;
export const TOLERANCE_S = 600;
export const LATE_S = 900;
export const TIME_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai has no daylight saving
const DAY_MS = 86_400_000;
const BASE = { lng: 116.5, lat: 40.2 };
/** Task centres on a grid this far apart: tours never overlap. */
const GRID_M = 2_000;

const round6 = (n) => Math.round(n * 1e6) / 1e6;

/**
 * Tasks of TEAM members (the last one may be smaller), each with a ring of 6-10 nodes SPACING_M
 * apart around its centre; one task in four is ordered, the others free. Each member starts at
 * its own place on the ring (the team spread evenly, between nodes) and walks it in route order at
 * 1.2-2.0 m/s with a few metres of GPS noise.
 */
export function buildPlan({ members, seed = 24 }) {
  const rnd = seeded(seed);
  const taskCount = Math.max(1, Math.ceil(members / TEAM));
  const side = Math.ceil(Math.sqrt(taskCount));
  const tasks = Array.from({ length: taskCount }, (_, t) => {
    const center = move(BASE, (t % side) * GRID_M, Math.floor(t / side) * GRID_M);
    const n = 6 + (t % 5);
    const ring = (n * SPACING_M) / (2 * Math.PI);
    const turn = rnd() * 2 * Math.PI;
    const nodes = Array.from({ length: n }, (_, k) => {
      const a = turn + (2 * Math.PI * k) / n;
      const p = move(center, ring * Math.sin(a), ring * Math.cos(a));
      return { seq: k, name: `Bench node ${String(t + 1).padStart(4, '0')}-${k + 1}`, qr: `PB-${String(t + 1).padStart(4, '0')}-${k + 1}`, lng: round6(p.lng), lat: round6(p.lat) };
    });
    return { n: t, name: `Bench tour ${String(t + 1).padStart(4, '0')}`, order: t % 4 === 0 ? 'ordered' : 'free', nodes };
  });
  const walkers = Array.from({ length: members }, (_, i) => {
    const t = Math.floor(i / TEAM);
    const size = Math.min(TEAM, members - t * TEAM);
    const perimeter = tasks[t].nodes.length * SPACING_M;
    // Half a team-gap past an even spot: nobody starts on a node.
    return { task: t, startM: (((i % TEAM) + 0.5) / size) * perimeter + SPACING_M / 2, speed: 1.2 + rnd() * 0.8, seed: FIRST_MEMBER_UID + i };
  });
  return { tasks, walkers };
}

/** Where a walker of a ring of `nodes` is `metres` along it (straight between nodes, looping). */
export function along(nodes, metres) {
  const n = nodes.length;
  const legs = nodes.map((a, k) => {
    const b = nodes[(k + 1) % n];
    const east = (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
    const north = (b.lat - a.lat) * 111_320;
    return { a, east, north, len: Math.hypot(east, north) };
  });
  const perimeter = legs.reduce((s, l) => s + l.len, 0);
  let rest = ((metres % perimeter) + perimeter) % perimeter;
  for (const leg of legs) {
    if (rest <= leg.len) return move(leg.a, (leg.east * rest) / leg.len, (leg.north * rest) / leg.len);
    rest -= leg.len;
  }
  return { lng: nodes[0].lng, lat: nodes[0].lat };
}

/** Accounts (members role 0, dispatchers role 1 with web sessions) and their sessions. */
export function accountsSql(salt, { members, dispatchers }) {
  return `
update enterprises set max_members = greatest(max_members, ${members + dispatchers + 1000}), time_zone = '${TIME_ZONE}' where id = ${ENT};
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_MEMBER_UID - 1} + i, ${ENT}, 'patrol-m-' || lpad(i::text, 5, '0'), 'Guard ' || i, h.password_hash, 0
  from generate_series(1, ${members}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DISPATCHER_UID - 1} + i, ${ENT}, 'patrol-d-' || lpad(i::text, 3, '0'), 'Patrol dispatcher ' || i, h.password_hash, 1
  from generate_series(1, ${dispatchers}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
insert into sessions (token_hash, user_id, ent_id, client_id, platform)
select encode(sha256(convert_to('${salt}-' || u.id, 'UTF8')), 'hex'), u.id, u.ent_id, 'patrol-bench-' || u.id,
       case when u.role = 1 then 'web' else 'android' end
  from users u
 where u.ent_id = ${ENT} and (u.id between ${FIRST_MEMBER_UID} and ${FIRST_MEMBER_UID + members - 1}
                          or u.id between ${FIRST_DISPATCHER_UID} and ${FIRST_DISPATCHER_UID + dispatchers - 1});`;
}

/** Tasks from $1 ([{n, name, order}]); returns their ids in input order. */
export const TASKS_SQL = `
with t as (select * from jsonb_to_recordset($1::jsonb) as t(n int, name text, route_order text)),
ins as (insert into patrol_tasks (ent_id, name, route_order, late_s) select ${ENT}, t.name, t.route_order, ${LATE_S} from t order by t.n returning id, name)
select ins.id, t.n from ins join t on t.name = ins.name order by t.n`;

/** Nodes from $1 ([{task, seq, name, qr, lng, lat}]) and the routes over them ($2: task ids by task number). */
export const NODES_SQL = `
with x as (select * from jsonb_to_recordset($1::jsonb) as x(task int, seq int, name text, qr text, lng float8, lat float8))
insert into patrol_nodes (ent_id, name, lng, lat, methods, radius_m, qr_code, repeat_s)
select ${ENT}, x.name, x.lng, x.lat, '["gps","qr"]', ${RADIUS_M}, x.qr, 300 from x order by x.task, x.seq`;
export const ROUTES_SQL = `
with x as (select * from jsonb_to_recordset($1::jsonb) as x(task int, seq int, name text)),
ids as (select value::int as id, (ordinality - 1)::int as n from jsonb_array_elements_text($2::jsonb) with ordinality)
insert into patrol_task_nodes (task_id, seq, node_id, offset_s, tolerance_s)
select ids.id, x.seq, p.id, x.seq * ${OFFSET_S}, ${TOLERANCE_S}
  from x join ids on ids.n = x.task join patrol_nodes p on p.ent_id = ${ENT} and p.name = x.name`;
/** Each task's TEAM members ($1: task ids by task number, $2: members). */
export const TEAMS_SQL = `
insert into patrol_task_users (task_id, user_id, ent_id)
select ids.id, ${FIRST_MEMBER_UID} + ids.n * ${TEAM} + k, ${ENT}
  from (select value::int as id, (ordinality - 1)::int as n from jsonb_array_elements_text($1::jsonb) with ordinality) ids
  cross join generate_series(0, ${TEAM - 1}) k
 where ids.n * ${TEAM} + k < $2::int`;

export function plan(tasks) {
  return {
    tasks: JSON.stringify(tasks.map((t) => ({ n: t.n, name: t.name, route_order: t.order }))),
    nodes: JSON.stringify(tasks.flatMap((t) => t.nodes.map((nd) => ({ task: t.n, ...nd })))),
  };
}

/** Today in the organisation's zone (YYYY-MM-DD), and the instant `days` days before today began. */
export function orgDay(now = Date.now(), daysBack = 0) {
  const dayStart = Math.floor((now + ZONE_OFFSET_MS) / DAY_MS) * DAY_MS - daysBack * DAY_MS;
  return { day: new Date(dayStart).toISOString().slice(0, 10), startMs: dayStart - ZONE_OFFSET_MS };
}

/**
 * History: `runsPerTask` runs of every bench task going back from `newestMs`, `spacingS` apart
 * (plus up to an hour per task), then their stops, then exactly `checkins` check-ins. Fates from the run id: 70 % complete, 22 % incomplete (a stop in four missed), 8 %
 * missed; timings mostly on time, 5 % early, 10 % late; checked by one member of the task.
 * Surplus checked stops, oldest first, become missed; the runs' counters and status are redone
 * from their stops as refreshRun would.
 */
export function historySteps({ checkins, runsPerTask, newestMs, spacingS }) {
  return [
  [  `insert into patrol_runs (ent_id, task_id, task_name, route_order, late_s, source, planned_start, deadline, status, total, planned_s, created_at)
   select t.ent_id, t.id, t.name, t.route_order, t.late_s, 'schedule', s.at, s.at + (r.lim + t.late_s) * interval '1 second', 'complete', r.n, r.span, s.at
     from patrol_tasks t
     join (select task_id, count(*)::int as n, (max(offset_s) - min(offset_s))::int as span, max(offset_s + tolerance_s) as lim from patrol_task_nodes group by task_id) r on r.task_id = t.id
     cross join generate_series(0, $1::int - 1) k
     cross join lateral (select to_timestamp($2::float8 / 1000) - (k * $3::float8 + (t.id * 37) % 3600) * interval '1 second' as at) s
    where t.ent_id = ${ENT} and t.name like 'Bench tour %'`, [runsPerTask, newestMs, spacingS]], [
  `insert into patrol_run_nodes (run_id, seq, ent_id, node_id, name, lng, lat, radius_m, planned_at, tolerance_s, result, missed_reason, checked_at, checked_by)
   select r.id, tn.seq, r.ent_id, tn.node_id, p.name, p.lng, p.lat, p.radius_m, x.planned, tn.tolerance_s, x.result,
          case when x.result = 'missed' then 'overdue' end,
          case x.result when 'onTime' then x.planned + (x.j * 2 - 1) * tn.tolerance_s * 0.9 * interval '1 second'
                        when 'early' then x.planned - (tn.tolerance_s + 30 + x.j * 120) * interval '1 second'
                        when 'late' then x.planned + (tn.tolerance_s + 30 + x.j * (r.late_s - 60)) * interval '1 second' end,
          case when x.result <> 'missed' then tu.first + r.id % tu.cnt end
     from patrol_runs r
     join patrol_task_nodes tn on tn.task_id = r.task_id
     join patrol_nodes p on p.id = tn.node_id
     join (select task_id, min(user_id) as first, count(*)::int as cnt from patrol_task_users group by task_id) tu on tu.task_id = r.task_id
     cross join lateral (select r.planned_start + tn.offset_s * interval '1 second' as planned, ((r.id * 17 + tn.seq * 7) % 100) / 100.0 as j,
       case when (r.id * 7919) % 100 >= 92 or ((r.id * 7919) % 100 >= 70 and (r.id * 31 + tn.seq) % 4 = 0) then 'missed'
            when (r.id + tn.seq * 13) % 20 = 0 then 'early' when (r.id + tn.seq * 13) % 20 in (1, 2) then 'late' else 'onTime' end as result) x
    where r.ent_id = ${ENT} and r.source = 'schedule' and r.task_name like 'Bench tour %'`, []], [
  `update patrol_run_nodes n set result = 'missed', missed_reason = 'overdue', checked_at = null, checked_by = null
     from (select n2.run_id, n2.seq, row_number() over (order by n2.planned_at desc, n2.run_id, n2.seq) as rn
             from patrol_run_nodes n2 join patrol_runs r on r.id = n2.run_id
            where r.ent_id = ${ENT} and r.task_name like 'Bench tour %' and n2.result <> 'missed') x
    where x.rn > $1::int and n.run_id = x.run_id and n.seq = x.seq`, [checkins]], [
  `insert into patrol_checkins (ent_id, user_id, node_id, node_name, run_id, seq, task_id, task_name, checked_at, method, result, lng, lat, created_at)
   select n.ent_id, n.checked_by, n.node_id, n.name, n.run_id, n.seq, r.task_id, r.task_name, n.checked_at,
          case when (n.run_id + n.seq) % 10 < 8 then 'gps' else 'qr' end, n.result, n.lng, n.lat, n.checked_at
     from patrol_run_nodes n join patrol_runs r on r.id = n.run_id
    where r.ent_id = ${ENT} and r.task_name like 'Bench tour %' and n.result <> 'missed'`, []], [
  `update patrol_run_nodes n set checkin_id = c.id from patrol_checkins c
    where c.run_id = n.run_id and c.seq = n.seq and c.ent_id = ${ENT} and c.task_name like 'Bench tour %'`, []], [
  `update patrol_runs r set on_time = s.on_time, early = s.early, late = s.late, missed = s.missed,
          status = case when s.counted = 0 then 'missed' when s.missed > 0 then 'incomplete' else 'complete' end,
          first_checkin = s.first, last_checkin = s.last, ended_at = case when s.missed > 0 then r.deadline else s.last end,
          actual_s = case when s.first is null then null else extract(epoch from s.last - s.first)::int end,
          flag = case when s.counted < 2 or r.planned_s < 300 then null
                      when extract(epoch from s.last - s.first) < 0.5 * r.planned_s then 'short'
                      when extract(epoch from s.last - s.first) > 1.5 * r.planned_s then 'long' end
     from (select run_id, count(*) filter (where result = 'onTime')::int as on_time, count(*) filter (where result = 'early')::int as early,
                  count(*) filter (where result = 'late')::int as late, count(*) filter (where result = 'missed')::int as missed,
                  count(*) filter (where result <> 'missed')::int as counted, min(checked_at) as first, max(checked_at) as last
             from patrol_run_nodes where ent_id = ${ENT} group by run_id) s
    where s.run_id = r.id and r.task_name like 'Bench tour %'`, []],
  ];
}

/** Expected counted stops per history run (fates above, 6-10 stops): runs are made with a margin over it. */
export const CHECKED_PER_RUN = 6.5;
