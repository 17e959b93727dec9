// The generated data set of lists.bench.mjs: set-based SQL, the same text on PostgreSQL and PGlite.
export const ENT = 100001;
export const USERS = 100_000;
export const DEVICES = 10_000;
export const OPERATIONS = 100_000;

// Bulk load: set-based SQL, the same text on both databases. Runs after the server has applied the
// migrations and the demo seed (whose admin's scrypt hash every generated user reuses).
//
// users     100000 + i (i = 1..users): every 100th a dispatcher (users / 100), every 1000th + 1 an
//           admin, every 10th + 3 locked; people have one of the generated dispatchers.
// user_tags one of 8 area tags each, plus `team<n>` (50 teams) for every third user.
// channels  everyone in the enterprise channel and in one of five `Bench n` channels.
// devices   one per user i = 10k - 5 (at most users / 10); 3 platforms, 1 in 20 disabled, 1 in 7
//           inactive.
// operation_logs records of types 0-55 over the last weeks.
// loadSql() with other sizes builds the smaller organisations of the PGlite sweep.
export const loadSql = ({ users = USERS, devices = DEVICES, operations = OPERATIONS } = {}) => `
update enterprises set max_members = ${Math.max(200_000, users * 2)}, max_channels = 1000 where id = ${ENT};

insert into users (id, ent_id, account, nickname, password_hash, role, locked, dispatcher_id, created_at, updated_at)
select 100000 + i, ${ENT},
  'user' || lpad(i::text, 6, '0'),
  (array['Alice','Bruno','Chen','Dara','Emil','Fatima','Goran','Hana','Ivan','Jia','Kofi','Lena','Mateo','Nora','Omar',
         'Priya','Quinn','Rosa','Sven','Tariq'])[1 + i % 20]
    || ' ' || (array['Smith','Garcia','Wang','Kumar','Novak','Silva','Meyer','Rossi','Kim','Haddad','Okafor','Larsen',
                     'Dubois','Tanaka','Moreau','Ivanova'])[1 + (i / 20) % 16]
    || ' ' || i,
  h.password_hash,
  case when i % 100 = 0 then 1 when i % 1000 = 1 then 50 else 0 end,
  i % 10 = 3,
  case when i % 100 = 0 or i % 1000 = 1 then null else 100000 + 100 * (1 + i % ${Math.max(1, Math.floor(users / 100))}) end,
  now() - make_interval(mins => i),
  now()
from generate_series(1, ${users}) i,
     (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));

insert into user_tags (user_id, ent_id, tag)
select 100000 + i, ${ENT}, (array['north','south','east','west','night','day','vip','trainee'])[1 + i % 8]
  from generate_series(1, ${users}) i
union all
select 100000 + i, ${ENT}, 'team' || (i % 50) from generate_series(1, ${users}) i where i % 3 = 0;

insert into channels (ent_id, name) select ${ENT}, 'Bench ' || c from generate_series(1, 5) c;
insert into channel_members (channel_id, ent_id, user_id, role, level)
select c.id, ${ENT}, u.id, case when u.role = 1 then 1 else 0 end, case when u.role = 1 then 1 else 0 end
  from users u
  join channels c on c.ent_id = ${ENT} and c.disbanded_at is null
   and (c.is_enterprise or c.name = 'Bench ' || (1 + u.id % 5))
 where u.ent_id = ${ENT} and u.id > 100000;

insert into devices (ent_id, name, imei, mac, platform, status, active, activated_at, user_id, dispatcher_id, tag, created_at)
select ${ENT}, 'Radio ' || lpad(n::text, 5, '0'),
  '86' || lpad((4700000 + n)::text, 13, '0'),
  '0a:60:' || substr(h, 1, 2) || ':' || substr(h, 3, 2) || ':' || substr(h, 5, 2) || ':' || substr(h, 7, 2),
  (array['android','ios','web'])[1 + n % 3],
  case when n % 20 = 0 then 'disabled' else 'available' end,
  n % 7 <> 0,
  case when n % 7 <> 0 then now() - make_interval(hours => n) end,
  u.id, u.dispatcher_id,
  (array['fleet-a','fleet-b','fleet-c','spare'])[1 + n % 4],
  now() - make_interval(hours => n)
from generate_series(1, ${Math.min(devices, Math.floor(users / 10))}) n
cross join lateral (select lpad(to_hex(n), 8, '0') as h) x
join users u on u.id = 100000 + n * 10 - 5;

insert into operation_logs (ent_id, user_id, account, type, device, ip, created_at, detail)
select ${ENT}, 100001 + (g * 7919) % ${users}, 'user' || lpad((1 + (g * 7919) % ${users})::text, 6, '0'), g % 56, 'web',
  '10.0.' || (g % 250) || '.' || (1 + g % 199), now() - make_interval(secs => g * 30), '{}'::jsonb
from generate_series(1, ${operations}) g;
`;
export const LOAD_SQL = loadSql();

/** Ids the scenarios' paths need: a `Bench` channel (a fifth of everyone) and the enterprise channel. */
export const IDS_SQL = `select (select id from channels where ent_id = ${ENT} and name = 'Bench 1' and disbanded_at is null) as "benchChannel",
  (select id from channels where ent_id = ${ENT} and is_enterprise) as "entChannel"`;

export const COUNT_SQL = `select (select count(*)::int from users where ent_id = ${ENT}) as users,
  (select count(*)::int from devices where ent_id = ${ENT}) as devices,
  (select count(*)::int from user_tags where ent_id = ${ENT}) as tags,
  (select count(*)::int from channel_members where ent_id = ${ENT}) as memberships,
  (select count(*)::int from operation_logs where ent_id = ${ENT}) as operations`;

/** Share of the users table's pages marked all-visible (index-only scans skip the heap there). */
export const VISIBLE_SQL = `select round(relallvisible::numeric / greatest(relpages, 1), 2)::float as "usersAllVisible"
  from pg_class where relname = 'users' and relkind = 'r'`;
