// The generated data set of records.bench.mjs: set-based SQL, the same text on PostgreSQL and PGlite,
// run after the server has applied the migrations and the demo seed.
//
// users          200000 + i (i = 1..users) in enterprise 100001, members, the demo admin's password hash.
// operation_logs `operations` records of types 0-55 (g % 56) spread over the users, one every 30 s
//                back from now (1,000,000 span 347 days; 7 days hold 20,160), three device texts.
export const ENT = 100001;
export const USERS = 10_000;
export const OPERATIONS = 1_000_000;
/** A user the "one user" first page asks for (about operations / users records). */
export const BENCH_USER_ID = 200_001 + 4_242;

export const loadSql = ({ users = USERS, operations = OPERATIONS } = {}) => `
update enterprises set max_members = greatest(max_members, ${users * 2}) where id = ${ENT};

insert into users (id, ent_id, account, nickname, password_hash, role, created_at, updated_at)
select 200000 + i, ${ENT}, 'rec' || lpad(i::text, 5, '0'), 'Record user ' || i, h.password_hash, 0, now(), now()
  from generate_series(1, ${users}) i,
       (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));

insert into operation_logs (ent_id, user_id, account, type, device, ip, created_at, detail)
select ${ENT}, 200001 + ((g::bigint * 7919) % ${users})::int, 'rec' || lpad((1 + (g::bigint * 7919) % ${users})::text, 5, '0'), g % 56,
  (array['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
         'Android 14; Radio R7', 'iOS 17.4; iPhone15,2'])[1 + g % 3],
  '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (1 + g % 199),
  now() - make_interval(secs => g * 30), '{}'::jsonb
from generate_series(1, ${operations}) g;
`;

export const COUNT_SQL = `select (select count(*)::int from users where ent_id = ${ENT}) as users,
  (select count(*)::int from operation_logs where ent_id = ${ENT}) as operations`;

/** Share of operation_logs' pages marked all-visible (the capped counts are index-only scans). */
export const VISIBLE_SQL = `select round(relallvisible::numeric / greatest(relpages, 1), 2)::float as "operationsAllVisible"
  from pg_class where relname = 'operation_logs' and relkind = 'r'`;
