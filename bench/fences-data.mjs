// The geofence bench's data (fences.bench.mjs): device accounts in groups, one channel per group,
// fences drawn in each group's area and linked to its channel, and the members' fence states as a
// running organisation has them, so the measured rounds see steady state rather than 100,000
// first-ever sides being written at once. Everything is derived from one seed.

export const ENT = 100001;
export const FIRST_DEVICE_UID = 600_001;
export const FIRST_DISPATCHER_UID = 690_001;
/** Devices per group (one channel each); a group's fences are drawn where its devices walk. */
export const GROUP_SIZE = 100;
/** Members walk within this distance of their group's centre. */
export const WALK_RADIUS_M = 3_000;
const METRES_PER_DEGREE = 111_320;
const BASE = { lng: 116.0, lat: 39.6 };
/** The demo organisation's zone (UTC+8, no daylight saving): schedule windows are read in it. */
export const TIME_ZONE = 'Asia/Shanghai';
const ZONE_OFFSET_MS = 8 * 3_600_000;

/** A small seeded generator (mulberry32): the same data on every run. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A point `east` and `north` metres from `from` (flat earth; fine over a few km). */
export function move(from, east, north) {
  return {
    lng: from.lng + east / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
    lat: from.lat + north / METRES_PER_DEGREE,
  };
}

export function metres(a, b) {
  const east = (b.lng - a.lng) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(east, (b.lat - a.lat) * METRES_PER_DEGREE);
}

// The bench's own side test, to write the states the server would have stored: ray casting and a
// flat distance. A point within centimetres of an edge may disagree with the server's; it is then
// corrected by the server's next two points like any crossing.
function inPolygon(p, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}
const inShape = (p, shape) => (shape.type === 'circle' ? metres(shape.center, p) <= shape.radius : inPolygon(p, shape.points));

const hh = (h) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`;

/**
 * Schedules relative to now in the zone: 'on' is a five-hour window every day that began two
 * hours ago (so it holds for the whole run; its key is the instant it began), 'off' one hour
 * every day six hours from now (evaluated never during the run: only the window test is paid).
 */
function schedules(now) {
  const began = Math.floor(now / 3_600_000) * 3_600_000 - 2 * 3_600_000;
  const localHour = new Date(began + ZONE_OFFSET_MS).getUTCHours();
  const days = [0, 1, 2, 3, 4, 5, 6];
  return {
    on: { schedule: [{ days, start: hh(localHour), end: hh(localHour + 5) }], window: began },
    off: { schedule: [{ days, start: hh(localHour + 8), end: hh(localHour + 9) }], window: null },
  };
}

function polygon(rnd, center) {
  const n = 6 + Math.floor(rnd() * 7);
  const r = 150 + rnd() * 350;
  const turn = rnd() * Math.PI;
  const points = Array.from({ length: n }, (_, i) => {
    const angle = turn + (2 * Math.PI * i) / n;
    const d = r * (0.7 + rnd() * 0.3);
    const p = move(center, d * Math.sin(angle), d * Math.cos(angle));
    return { lng: Math.round(p.lng * 1e6) / 1e6, lat: Math.round(p.lat * 1e6) / 1e6 };
  });
  return { type: 'polygon', points };
}

/**
 * Groups of GROUP_SIZE devices around centres 10 km apart; `fences` fences shared out among the
 * groups, each drawn in its group's area (polygons of 6-12 corners and circles, 150-600 m),
 * 'leave' and 'stay' in turn, a quarter with a dwell, a fifth with a schedule window open now and
 * a tenth with one closed now. Each fence covers its group's channel, one member of the next group
 * directly, and exempts one member of its own group (a disabled user link).
 */
export function buildData({ devices, fences, seed = 22, now = Date.now() }) {
  const rnd = seeded(seed);
  const groups = Math.max(1, Math.ceil(devices / GROUP_SIZE));
  const side = Math.ceil(Math.sqrt(groups));
  const centers = Array.from({ length: groups }, (_, g) => move(BASE, (g % side) * 10_000, Math.floor(g / side) * 10_000));
  const starts = Array.from({ length: devices }, (_, i) => {
    const r = WALK_RADIUS_M * Math.sqrt(rnd());
    const a = rnd() * 2 * Math.PI;
    return move(centers[Math.floor(i / GROUP_SIZE)], r * Math.sin(a), r * Math.cos(a));
  });
  const when = schedules(now);
  const list = Array.from({ length: fences }, (_, f) => {
    const group = f % groups;
    const r = (WALK_RADIUS_M - 500) * Math.sqrt(rnd());
    const a = rnd() * 2 * Math.PI;
    const center = move(centers[group], r * Math.sin(a), r * Math.cos(a));
    const shape = f % 5 < 3 ? polygon(rnd, center) : { type: 'circle', center, radius: Math.round(150 + rnd() * 450) };
    const timing = f % 10 === 3 ? when.off : f % 5 === 1 ? when.on : { schedule: null, window: 0 };
    const members = Math.min(GROUP_SIZE, devices - group * GROUP_SIZE);
    const other = ((group + 1) % groups) * GROUP_SIZE;
    return {
      name: `Bench fence ${String(f + 1).padStart(4, '0')}`,
      group,
      rule: f % 2 === 0 ? 'leave' : 'stay',
      dwellS: f % 4 === 2 ? [30, 60, 120][f % 3] : 0,
      shape,
      ...timing,
      direct: FIRST_DEVICE_UID + Math.min(devices - 1, other + (f % GROUP_SIZE)),
      exempt: FIRST_DEVICE_UID + group * GROUP_SIZE + (f * 7) % members,
    };
  });
  return { groups, centers, starts, fences: list };
}

/**
 * The states a running organisation has: for every covered (fence, member) whose fence is
 * evaluated now, the confirmed side of the member's starting point, begun ten minutes ago, the
 * alerting side already alerted. Row ids refer to the fences in insertion order (`fenceIds`).
 */
export function initialStates(data, fenceIds, now = Date.now()) {
  const rows = [];
  const add = (f, fenceId, uid) => {
    const inside = inShape(data.starts[uid - FIRST_DEVICE_UID], f.shape);
    rows.push({ f: fenceId, u: uid, i: inside, a: f.rule === 'leave' ? !inside : inside, w: f.window });
  };
  data.fences.forEach((f, k) => {
    if (f.window === null) return;
    const first = FIRST_DEVICE_UID + f.group * GROUP_SIZE;
    for (let uid = first; uid < first + GROUP_SIZE && uid - FIRST_DEVICE_UID < data.starts.length; uid++) {
      if (uid !== f.exempt && uid !== f.direct) add(f, fenceIds[k], uid);
    }
    add(f, fenceIds[k], f.direct);
  });
  return { rows, sinceMs: now - 600_000, pointMs: now - 60_000 };
}

/** Accounts (devices role 0, dispatchers role 1 with web sessions), groups' channels and members. */
export function accountsSql(salt, { devices, dispatchers, groups }) {
  return `
update enterprises set max_members = greatest(max_members, ${devices + dispatchers + 1000}), time_zone = '${TIME_ZONE}' where id = ${ENT};
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DEVICE_UID - 1} + i, ${ENT}, 'fence-dev-' || lpad(i::text, 5, '0'), 'Fence device ' || i, h.password_hash, 0
  from generate_series(1, ${devices}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DISPATCHER_UID - 1} + i, ${ENT}, 'fence-disp-' || lpad(i::text, 3, '0'), 'Fence dispatcher ' || i, h.password_hash, 1
  from generate_series(1, ${dispatchers}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
insert into sessions (token_hash, user_id, ent_id, client_id, platform)
select encode(sha256(convert_to('${salt}-' || u.id, 'UTF8')), 'hex'), u.id, u.ent_id, 'fence-bench-' || u.id,
       case when u.role = 1 then 'web' else 'android' end
  from users u
 where u.ent_id = ${ENT} and (u.id between ${FIRST_DEVICE_UID} and ${FIRST_DEVICE_UID + devices - 1}
                          or u.id between ${FIRST_DISPATCHER_UID} and ${FIRST_DISPATCHER_UID + dispatchers - 1});
insert into channels (ent_id, name) select ${ENT}, 'Fence group ' || lpad(g::text, 3, '0') from generate_series(1, ${groups}) g;
insert into channel_members (channel_id, user_id, ent_id, role, level)
select c.id, ${FIRST_DEVICE_UID} + (g - 1) * ${GROUP_SIZE} + k, ${ENT}, 0, 0
  from generate_series(1, ${groups}) g
  join channels c on c.ent_id = ${ENT} and c.name = 'Fence group ' || lpad(g::text, 3, '0')
  cross join generate_series(0, ${GROUP_SIZE - 1}) k
 where (g - 1) * ${GROUP_SIZE} + k < ${devices};`;
}

/** The fences and their links, from one JSON parameter ($1); returns ids in input order. */
export const FENCES_SQL = `
with f as (
  select * from jsonb_to_recordset($1::jsonb) as f(n int, name text, grp int, rule text, shape jsonb, dwell int, schedule jsonb, direct int, exempt int)
), ins as (
  insert into fences (ent_id, name, rule, shape, dwell_s, schedule)
  select ${ENT}, f.name, f.rule, f.shape, f.dwell, case when jsonb_typeof(f.schedule) = 'null' then null else f.schedule end from f order by f.n
  returning id, name
)
select ins.id, f.n, f.grp, f.direct, f.exempt from ins join f on f.name = ins.name order by f.n`;

export function fencesParam(data) {
  return JSON.stringify(data.fences.map((f, n) => ({ n, name: f.name, grp: f.group, rule: f.rule, shape: f.shape, dwell: f.dwellS, schedule: f.schedule, direct: f.direct, exempt: f.exempt })));
}

/** Links: each fence to its group's channel, its direct member (enabled) and its exempt one (disabled). */
export const LINKS_SQL = `
with f as (select * from jsonb_to_recordset($1::jsonb) as f(id int, grp int, direct int, exempt int))
, ch as (
  insert into fence_channels (fence_id, channel_id, ent_id)
  select f.id, c.id, ${ENT} from f join channels c on c.ent_id = ${ENT} and c.name = 'Fence group ' || lpad((f.grp + 1)::text, 3, '0')
  returning fence_id
)
insert into fence_users (fence_id, user_id, ent_id, enabled)
select f.id, f.direct, ${ENT}, true from f
union all
select f.id, f.exempt, ${ENT}, false from f where f.exempt <> f.direct`;

export const STATES_SQL = `
insert into fence_states (fence_id, user_id, ent_id, inside, pending_count, since_at, alerted, window_start, point_at)
select s.f, s.u, ${ENT}, s.i, 0, to_timestamp($2::double precision / 1000), s.a, to_timestamp(s.w::double precision / 1000), to_timestamp($3::double precision / 1000)
  from jsonb_to_recordset($1::jsonb) as s(f int, u int, i boolean, a boolean, w float8)`;
