// List and search latency with 100,000 users and 10,000 devices (issue 3, acceptance 4), on
// PostgreSQL and on PGlite: the built server with the demo seed, a set-based bulk load of generated
// rows into enterprise 100001 (lists-data.mjs), then, as the demo admin, each list endpoint at a
// steady 300 requests per second (open loop, lib.mjs fixedRate) and at its maximum (autocannon,
// closed loop). Target: on PostgreSQL, p99 < 30 ms at 300 requests per second for the paged,
// filtered user list. Everything started (PostgreSQL, servers, temp folders) is removed at the end,
// also on failure or Ctrl-C; everything listens on 127.0.0.1 only.
//
//   node bench/lists.bench.mjs            both databases (also part of `npm run bench`)
//   BENCH_DB=postgres|pglite node ...     one of them
//   BENCH_EXPLAIN=1 node ...              also print EXPLAIN ANALYZE of the list SQL (to stderr)
//   BENCH_SERVER_ENTRY=/x/main.cjs ...    measure another server bundle (to compare builds)
//
// Human-readable lines go to stdout, progress to stderr; the last stdout line is one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_ENTRY, cleanupStack, ensureServerBuilt, fixedRate, login, startServer } from './lib.mjs';
import { COUNT_SQL, DEVICES, ENT, LOAD_SQL, OPERATIONS, USERS, VISIBLE_SQL } from './lists-data.mjs';
import { pg, startPostgres } from './pg.mjs';

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const autocannon = serverRequire('autocannon');

const TARGET = { rate: 300, p99Ms: 30 };
const MAX_CONNECTIONS = 10;

const log = (...a) => console.error('[lists]', ...a);

// ---------------------------------------------------------------------------------------------
// What is measured. `paths` are cycled by every connection.

const SCENARIOS = [
  { name: 'usersFiltered', what: 'paged, filtered user list (the target)', target: true,
    paths: ['/api/users?page=3&size=20&role=0&locked=false&sort=nickname'] },
  { name: 'usersFirstPage', what: 'first page, no filter',
    paths: ['/api/users?page=1&size=20'] },
  { name: 'usersSearch', what: 'user search q (account or nickname contains)',
    paths: ['/api/users?q=priya&size=20', '/api/users?q=04242&size=20', '/api/users?q=tanaka&size=20&page=2', '/api/users?q=sven%20k&size=20'] },
  { name: 'usersByTag', what: 'users with a tag',
    paths: ['/api/users?tag=vip&page=2&size=20&sort=account', '/api/users?tag=team7&size=20'] },
  { name: 'devicesSearch', what: 'device list, filter and search',
    paths: ['/api/devices?q=radio%2001&platform=android&status=available&size=20&sort=name',
      '/api/devices?q=user0123&size=20', '/api/devices?platform=ios&active=true&page=5&size=20&sort=name'] },
  { name: 'operations', what: 'operation records, newest first, by type',
    paths: ['/api/records/operations?type=12&size=20&sort=time&order=desc', '/api/records/operations?page=4&size=20&sort=time&order=desc'] },
];

function cannon(base, token, paths, opts) {
  return autocannon({
    url: base,
    headers: { authorization: `Bearer ${token}` },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
    timeout: 10,
    ...opts,
  });
}

const figures = (r) => ({
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  rps: Math.round(r.requests.total / r.duration),
  requests: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

async function checkPaths(base, token, paths) {
  const totals = [];
  for (const p of paths) {
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (res.status !== 200 || body.code !== 0) throw new Error(`${p}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    totals.push(body.data.total);
  }
  return totals;
}

/** Waits until requests left over from a run are answered (PGlite runs one query at a time, so a
 *  backlog would otherwise be charged to the next run): /api/health queries the database too. */
async function drain(base) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok && performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Steady `TARGET.rate` requests per second (bench/lib.mjs fixedRate), then a drain. */
async function atRate(base, token, paths, seconds) {
  const r = await fixedRate({ base, headers: { authorization: `Bearer ${token}` }, paths, rate: TARGET.rate, seconds });
  await drain(base);
  return r;
}

/** Closed loop: autocannon with MAX_CONNECTIONS connections, as fast as the server answers. */
async function atMax(base, token, paths, seconds) {
  const r = figures(await cannon(base, token, paths, { connections: MAX_CONNECTIONS, duration: seconds }));
  await drain(base);
  return r;
}

async function measure(base, token, quick) {
  const out = {};
  for (const s of SCENARIOS) {
    const totals = await checkPaths(base, token, s.paths);
    const seconds = s.target ? 10 : quick ? 3 : 5;
    // Warm-up (plans, caches, JIT), closed loop so that a slow database builds no backlog; not recorded.
    await cannon(base, token, s.paths, { connections: 4, duration: s.target ? 3 : 2 });
    await drain(base);
    const steady = await atRate(base, token, s.paths, seconds);
    const max = await atMax(base, token, s.paths, quick ? 3 : 4);
    out[s.name] = { what: s.what, paths: s.paths, totals, [`at${TARGET.rate}rps`]: steady, max };
    log(`${s.name}: at ${TARGET.rate}/s p50 ${steady.p50} p99 ${steady.p99} ms (${steady.rps}/s); max ${max.rps}/s p99 ${max.p99} ms`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of the target's SQL, as the repository builds it (user-admin.repository.ts).

const USER_COLUMNS = `u.id, u.account, u.nickname, u.role, u.locked, u.avatar,
  u.dispatcher_id as "dispatcherId", d.nickname as "dispatcherNickname", u.channel_remark as "channelRemark",
  coalesce((select array_agg(t.tag order by t.tag) from user_tags t where t.user_id = u.id), '{}') as tags,
  to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;
const USER_FROM = 'users u left join users d on d.id = u.dispatcher_id';
const EXPLAINS = [
  ['filtered page', `select ${USER_COLUMNS} from ${USER_FROM} where u.ent_id = ${ENT} and u.role = 0 and u.locked = false
     order by lower(u.nickname) asc, u.id asc limit 20 offset 40`],
  ['filtered count', `select count(*)::int as total from ${USER_FROM} where u.ent_id = ${ENT} and u.role = 0 and u.locked = false`],
  ['search page', `select ${USER_COLUMNS} from ${USER_FROM} where u.ent_id = ${ENT} and (u.account ilike '%priya%' or u.nickname ilike '%priya%')
     order by u.id asc limit 20 offset 0`],
  ['search count', `select count(*)::int as total from ${USER_FROM} where u.ent_id = ${ENT} and (u.account ilike '%priya%' or u.nickname ilike '%priya%')`],
  ['all users count', `select count(*)::int as total from ${USER_FROM} where u.ent_id = ${ENT}`],
  ['device search count', `select count(*)::int as total from devices d left join users u on u.id = d.user_id
     left join users p on p.id = d.dispatcher_id where d.ent_id = ${ENT} and d.platform = 'android' and d.status = 'available'
     and (d.name ilike '%radio 01%' or d.imei ilike '%radio 01%' or d.mac ilike '%radio 01%' or u.account ilike '%radio 01%')`],
  ['tag count', `select count(*)::int as total from ${USER_FROM} where u.ent_id = ${ENT}
     and exists (select 1 from user_tags t where t.user_id = u.id and t.tag = 'vip')`],
];

async function explainAll(query) {
  for (const [title, sql] of EXPLAINS) {
    const rows = await query(`explain (analyze, buffers) ${sql}`);
    log(`--- EXPLAIN ANALYZE ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------

const cleanups = cleanupStack(log);
const cleanup = cleanups.run;

/**
 * VACUUM ANALYZE until the visibility map covers the users table: index-only scans (the counts)
 * skip the heap only on all-visible pages. Right after the load a VACUUM may not mark them yet
 * (with synchronous_commit=off the load's commit record is not flushed, so hint bits wait), hence
 * the retries.
 */
async function vacuumed(query) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await query(attempt === 0 ? 'vacuum analyze' : 'vacuum');
    const [v] = await query(VISIBLE_SQL);
    if (v.usersAllVisible >= 0.9) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  log('warning: the users table is still not all-visible after 10 VACUUMs');
}

async function benchPostgres() {
  log('PostgreSQL: starting ...');
  // Autovacuum off so that it cannot start in the middle of a measurement; the explicit VACUUM
  // ANALYZE after the load (vacuumed()) stands for what autovacuum does in a running system.
  const server = await startPostgres({ shared_buffers: '256MB', autovacuum: 'off' });
  cleanups.push(() => server.stop());
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database ptt_bench');
  await admin.end();
  const url = server.urlFor('ptt_bench');

  // The server migrates and seeds; the load then goes straight into the database.
  const first = await startServer({ databaseUrl: url });
  cleanups.push(() => first.close());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  const version = (await client.query('show server_version')).rows[0].server_version;
  const t0 = performance.now();
  await client.query(`begin; ${LOAD_SQL}; commit;`);
  await vacuumed(async (sql) => (await client.query(sql)).rows);
  const loadMs = Math.round(performance.now() - t0);
  const counts = { ...(await client.query(COUNT_SQL)).rows[0], ...(await client.query(VISIBLE_SQL)).rows[0] };
  log(`PostgreSQL ${version}: loaded in ${loadMs} ms`, counts);
  if (process.env.BENCH_EXPLAIN) await explainAll(async (sql) => (await client.query(sql)).rows);

  const session = await login(first.base, 'admin');
  const scenarios = await measure(first.base, session.auth_token, false);
  await cleanup();
  return { db: `PostgreSQL ${version}`, loadMs, counts, scenarios };
}

async function benchPglite() {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  // The server opens its folder with these extensions (server/src/db/pglite.ts); so must we.
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const pgliteVersion = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-pglite-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  // First start creates the cluster, migrates and seeds; then the server is shut down cleanly,
  // since PGlite is one process's in-process database, and the bench loads the folder itself.
  log('PGlite: creating, migrating and seeding through the server ...');
  const first = await startServer({ dataDir });
  await first.close();
  const t0 = performance.now();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  let closed = false;
  cleanups.push(() => (closed ? undefined : db.close()));
  const version = (await db.query('show server_version')).rows[0].server_version;
  await db.exec(`begin; ${LOAD_SQL}; commit;`);
  await vacuumed(async (sql) => (await db.exec(sql)).at(-1)?.rows ?? []);
  const loadMs = Math.round(performance.now() - t0);
  const counts = { ...(await db.query(COUNT_SQL)).rows[0], ...(await db.query(VISIBLE_SQL)).rows[0] };
  log(`PGlite ${pgliteVersion} (PostgreSQL ${version}): loaded in ${loadMs} ms`, counts);
  if (process.env.BENCH_EXPLAIN) await explainAll(async (sql) => (await db.query(sql)).rows);
  await db.close();
  closed = true;

  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  const session = await login(server.base, 'admin');
  const scenarios = await measure(server.base, session.auth_token, true);
  await cleanup();
  return { db: `PGlite ${pgliteVersion} (PostgreSQL ${version})`, loadMs, counts, scenarios };
}

function table(title, r) {
  const lines = [`${title}: ${r.db}; bulk load ${(r.loadMs / 1000).toFixed(1)} s`,
    `  ${'endpoint'.padEnd(15)} ${`at ${TARGET.rate}/s: p50`.padStart(16)} ${'p99'.padStart(8)} ${'req/s'.padStart(6)} ${'failed'.padStart(6)}` +
    `   ${'max: req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} ${'failed'.padStart(6)}   rows matched`];
  for (const [name, s] of Object.entries(r.scenarios)) {
    const a = s[`at${TARGET.rate}rps`];
    const m = s.max;
    lines.push(`  ${name.padEnd(15)} ${String(a.p50).padStart(16)} ${String(a.p99).padStart(8)} ${String(a.rps).padStart(6)} ${String(a.non2xx + a.errors).padStart(6)}` +
      `   ${String(m.rps).padStart(10)} ${String(m.p50).padStart(5)} ${String(m.p99).padStart(5)} ${String(m.non2xx + m.errors).padStart(6)}   ${s.totals.join(', ')}`);
  }
  return lines.join('\n');
}

const which = process.env.BENCH_DB ?? 'both';
const result = {
  machine: { node: process.version, loadAvgAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100), cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` },
  server: path.relative(ROOT, SERVER_ENTRY),
  data: { users: USERS, devices: DEVICES, operations: OPERATIONS, enterprise: ENT },
  method: `latency in ms. "at ${TARGET.rate}/s": open loop, one request every ${(1000 / TARGET.rate).toFixed(2)} ms for the stated time, ` +
    'latency from when each request was due (bench/lib.mjs fixedRate). "max": autocannon, ' + `${MAX_CONNECTIONS} connections, closed loop (1 ms resolution).`,
};
let exitCode = 0;
try {
  ensureServerBuilt(log);
  if (which !== 'pglite') result.postgres = await benchPostgres();
  if (which !== 'postgres') result.pglite = await benchPglite();
  if (result.postgres) {
    const t = result.postgres.scenarios.usersFiltered[`at${TARGET.rate}rps`];
    const pass = t.p99 < TARGET.p99Ms && t.rps >= TARGET.rate * 0.97 && t.non2xx === 0 && t.errors === 0;
    result.target = { pass, rule: `PostgreSQL, paged filtered user list: p99 < ${TARGET.p99Ms} ms at ${TARGET.rate} req/s, no errors`, p99: t.p99, rps: t.rps };
    if (!pass) exitCode = 2;
  }
  result.machine.loadAvgAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(`Node ${process.version}; ${result.machine.cpu} x${result.machine.cpus}; ${result.machine.memGiB} GiB; ${result.machine.platform}; ` +
    `load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`);
  console.log(`Data: ${USERS} users, ${DEVICES} devices, ${OPERATIONS} operation records in enterprise ${ENT}; latency in ms`);
  if (result.postgres) console.log(table('PostgreSQL', result.postgres));
  if (result.pglite) console.log(table('PGlite', result.pglite));
  console.log('  failed = non-2xx answers, errors, and requests not answered 5 s after the last was due. ' +
    `When a database cannot keep up with ${TARGET.rate}/s, its "at ${TARGET.rate}/s" latencies are mostly queueing.`);
  if (result.target) console.log(`${result.target.pass ? 'PASS' : 'FAIL'}: ${result.target.rule} (measured p99 ${result.target.p99} ms at ${result.target.rps} req/s)`);
} catch (err) {
  exitCode = 1;
  result.error = err instanceof Error ? err.stack : String(err);
  log(result.error);
} finally {
  await cleanup();
}
console.log(JSON.stringify(result));
process.exitCode = exitCode;
