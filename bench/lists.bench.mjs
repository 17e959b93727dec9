// List and search latency with 100,000 users and 10,000 devices (issue 3 acceptance 4, issue 17
// acceptance 4), on PostgreSQL and on PGlite: the built server with the demo seed, a set-based bulk
// load of generated rows into enterprise 100001 (lists-data.mjs), then, as the demo admin, every list
// the management screens use (SCENARIOS) at a steady 300 requests per second (open loop, lib.mjs
// fixedRate) and at its maximum (autocannon, closed loop). Target (ADR 019): on PostgreSQL, p99 <
// 50 ms at 300 requests per second for every scenario; the JSON says per scenario whether it met it.
// Everything started (PostgreSQL, servers, temp folders) is removed at the end, also on failure or
// Ctrl-C; everything listens on 127.0.0.1 only.
//
//   node bench/lists.bench.mjs            both databases (also part of `npm run bench`)
//   BENCH_DB=postgres|pglite node ...     one of them
//   BENCH_ONLY=usersSearch,channels ...   only these scenarios
//   BENCH_EXPLAIN=1 node ...              PostgreSQL: also the plan and time of every list
//                                         statement as the server runs it (auto_explain), per path
//                                         in the JSON (`explain`), plans to stderr
//   BENCH_DB=pglite BENCH_SWEEP=1 ...     PGlite sweep: organisations of BENCH_SWEEP_SIZES users
//                                         (default 1000,5000,10000,25000,50000; devices a tenth),
//                                         every scenario at 50/s; the largest size where all stay
//                                         under p99 200 ms is the embedded database's limit
//   BENCH_SERVER_ENTRY=/x/main.cjs ...    measure another server bundle (to compare builds)
//   BENCH_BROWSER=0 node ...              PostgreSQL without the browser part (management-page.mjs:
//                                         the three tables in Chromium, first page, next, sort, search)
//
// Every scenario also reports `serial`: the median of sequential requests per path, one at a time
// (what a request costs without queueing; less sensitive to other load on the machine).
// Human-readable lines go to stdout, progress to stderr; the last stdout line is one JSON object.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_ENTRY, cleanupStack, cpuCalibrationMs, ensureServerBuilt, fixedRate, login, percentile, startServer } from './lib.mjs';
import { COUNT_SQL, DEVICES, ENT, IDS_SQL, LOAD_SQL, loadSql, OPERATIONS, USERS, VISIBLE_SQL } from './lists-data.mjs';
import { TARGET_RENDER_P95_MS, measureManagementPages, signedInContext } from './management-page.mjs';
import { pg, startPostgres } from './pg.mjs';

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const autocannon = serverRequire('autocannon');

const TARGET = { rate: 300, p99Ms: 50 };
/** The PGlite sweep's bar: a smaller organisation, fewer managers at once. */
const SWEEP_TARGET = { rate: 50, p99Ms: 200 };
const SWEEP_SIZES = (process.env.BENCH_SWEEP_SIZES ?? '1000,5000,10000,25000,50000').split(',').map(Number);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
const MAX_CONNECTIONS = 10;

const log = (...a) => console.error('[lists]', ...a);

// ---------------------------------------------------------------------------------------------
// What is measured. `paths` are cycled by every connection.

// Every list the users, devices and channels screens request: filters, search, tag, sorts, member
// lists. `ids`: the Bench 1 channel (a fifth of everyone) and the enterprise channel (everyone).
const SCENARIOS = (ids) => [
  { name: 'usersFiltered', what: 'users: paged, filtered by role and lock, by nickname',
    paths: ['/api/users?page=3&size=20&role=0&locked=false&sort=nickname'] },
  { name: 'usersFirstPage', what: 'users: first page, no filter',
    paths: ['/api/users?page=1&size=20'] },
  { name: 'usersSorted', what: 'users: each sort, both directions',
    paths: ['/api/users?page=2&size=20&sort=account&order=desc', '/api/users?size=20&sort=createdAt&order=desc', '/api/users?size=20&sort=role&order=desc',
      '/api/users?page=5&size=20&sort=nickname'] },
  { name: 'usersOnline', what: 'users: online / offline filter',
    paths: ['/api/users?size=20&online=true', '/api/users?size=20&online=false&sort=nickname'] },
  { name: 'usersSearch', what: 'users: search q (account or nickname contains)',
    paths: ['/api/users?q=priya&size=20', '/api/users?q=04242&size=20', '/api/users?q=tanaka&size=20&page=2', '/api/users?q=sven%20k&size=20'] },
  { name: 'usersPicker', what: 'users: the pickers (browse by nickname, search by id: core/pickerQuery.ts)',
    paths: ['/api/users?size=20&sort=nickname', '/api/users?q=priya&size=20&sort=id', '/api/users?q=alice&size=20&sort=id', '/api/users?q=04242&size=20&sort=id'] },
  { name: 'usersByTag', what: 'users: with a tag',
    paths: ['/api/users?tag=vip&page=2&size=20&sort=account', '/api/users?tag=team7&size=20'] },
  { name: 'usersByChannel', what: 'users: in a channel, alone and with a role',
    paths: [`/api/users?channelId=${ids.benchChannel}&size=20&sort=nickname`, `/api/users?channelId=${ids.benchChannel}&role=1&size=20`] },
  { name: 'devicesSorted', what: 'devices: sorted by name, activation time, IMEI, status',
    paths: ['/api/devices?size=20&sort=name', '/api/devices?size=20&page=3&sort=activatedAt&order=desc', '/api/devices?size=20&sort=imei',
      '/api/devices?size=20&page=2&sort=status&order=desc'] },
  { name: 'devicesByAccount', what: 'devices: sorted by the bound account',
    paths: ['/api/devices?size=20&sort=account', '/api/devices?size=20&page=2&sort=account&order=desc'] },
  { name: 'devicesSearch', what: 'devices: filters and search',
    paths: ['/api/devices?q=radio%2001&platform=android&status=available&size=20&sort=name',
      '/api/devices?q=user0123&size=20', '/api/devices?platform=ios&active=true&page=5&size=20&sort=name'] },
  { name: 'channels', what: 'channels: list, by member count, search',
    paths: ['/api/channels?size=20', '/api/channels?size=20&sort=memberCount&order=desc', '/api/channels?q=bench&size=20&sort=name'] },
  { name: 'channelMembers', what: 'channel members: list, search, sorts',
    paths: [`/api/channels/${ids.entChannel}/members?size=20`, `/api/channels/${ids.benchChannel}/members?q=0424&size=20`,
      `/api/channels/${ids.benchChannel}/members?size=20&page=4&sort=account`, `/api/channels/${ids.entChannel}/members?size=20&sort=role&order=desc`] },
  { name: 'channelMembersSearch', what: 'channel members: a search matching 5% of the enterprise channel (everyone)',
    paths: [`/api/channels/${ids.entChannel}/members?q=priya&size=20&sort=role&order=desc`, `/api/channels/${ids.entChannel}/members?q=priya&size=20&sort=nickname`] },
  { name: 'operations', what: 'operation records, newest first, by type',
    paths: ['/api/records/operations?type=12&size=20&sort=time&order=desc', '/api/records/operations?page=4&size=20&sort=time&order=desc'] },
].filter((sc) => !ONLY || ONLY.has(sc.name));

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

/** Steady `rate` requests per second (bench/lib.mjs fixedRate), then a drain. */
async function atRate(base, token, paths, seconds, rate = TARGET.rate) {
  const r = await fixedRate({ base, headers: { authorization: `Bearer ${token}` }, paths, rate, seconds });
  await drain(base);
  return r;
}

/** Closed loop: autocannon with MAX_CONNECTIONS connections, as fast as the server answers. */
async function atMax(base, token, paths, seconds) {
  const r = figures(await cannon(base, token, paths, { connections: MAX_CONNECTIONS, duration: seconds }));
  await drain(base);
  return r;
}

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, ms) used so far by these processes; 0 where /proc is not there. */
function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch { /* gone or no /proc */ }
  }
  return (ticks * 1000) / CLK_TCK;
}

/** The server process and, on PostgreSQL, every backend of the postmaster (its children). */
function costPids(serverPid, postmasterPid) {
  const pids = [serverPid];
  if (postmasterPid && existsSync('/proc')) {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ').at(-1).split(' ');
        if (Number(f[1]) === postmasterPid) pids.push(Number(d));
      } catch { /* gone */ }
    }
  }
  return pids;
}

/**
 * Sequential requests, one at a time, per path: the median latency (`serialMs`) and the CPU time
 * the server (with PGlite inside it, or with PostgreSQL's backends) spent per request (`cpuMs`, in
 * 1000 / CLK_TCK ms steps over all n). CPU time is the figure least moved by other load on the
 * machine.
 */
async function serial(base, token, paths, pids, n = 15) {
  const ms = {};
  const cpu = {};
  for (const p of paths) {
    const times = [];
    const cpu0 = cpuMsOf(pids());
    for (let i = 0; i < n; i += 1) {
      const t0 = performance.now();
      const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    cpu[p] = Math.round(((cpuMsOf(pids()) - cpu0) / n) * 100) / 100;
    ms[p] = Math.round(percentile(times, 50) * 100) / 100;
  }
  return { ms, cpu };
}

const met = (r, target) => r.p99 !== null && r.p99 < target.p99Ms && r.rps >= target.rate * 0.97 && r.non2xx === 0 && r.errors === 0;

/** Every scenario: checked, warmed up, then at the target rate and (unless `sweep`) at its maximum. */
async function measure(base, token, ids, { quick, sweep = false, pids }) {
  const target = sweep ? SWEEP_TARGET : TARGET;
  const out = {};
  for (const s of SCENARIOS(ids)) {
    const totals = await checkPaths(base, token, s.paths);
    const seconds = sweep ? 5 : quick ? 5 : 8;
    // Warm-up (plans, caches, JIT), closed loop so that a slow database builds no backlog; not recorded.
    await cannon(base, token, s.paths, { connections: 4, duration: 2 });
    await drain(base);
    const ser = await serial(base, token, s.paths, pids);
    const steady = await atRate(base, token, s.paths, seconds, target.rate);
    const entry = { what: s.what, paths: s.paths, totals, serialMs: ser.ms, cpuMs: ser.cpu, [`at${target.rate}rps`]: steady,
      target: { rule: `p99 < ${target.p99Ms} ms at ${target.rate} req/s, no errors`, met: met(steady, target) } };
    if (!sweep) entry.max = await atMax(base, token, s.paths, quick ? 3 : 4);
    out[s.name] = entry;
    log(`${s.name}: at ${target.rate}/s p50 ${steady.p50} p99 ${steady.p99} ms (${steady.rps}/s) ${entry.target.met ? 'met' : 'MISSED'}` +
      (entry.max ? `; max ${entry.max.rps}/s p99 ${entry.max.p99} ms` : '') +
      `; serial ${Object.values(ser.ms).join(' / ')} ms, cpu ${Object.values(ser.cpu).join(' / ')} ms per request`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of the list statements exactly as the server sends them: PostgreSQL started with
// auto_explain (BENCH_EXPLAIN=1), switched on for one pass over every path; the plans come from the
// server log. Per path: the page statement and the count statement, in ms (timed by EXPLAIN, so
// a little slower than without it).

// auto_explain.log_min_duration stays at its default (-1, off) here: a command-line setting would
// outrank the ALTER SYSTEM that switches it on for the pass.
const AUTO_EXPLAIN_SETTINGS = {
  shared_preload_libraries: 'auto_explain', 'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on', logging_collector: 'on', log_directory: 'log', log_filename: 'bench.log',
};

function pgLog(dataDir) {
  const file = path.join(dataDir, 'log', 'bench.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

async function explainPaths(query, dataDir, base, token, ids) {
  const out = {};
  for (const s of SCENARIOS(ids)) {
    out[s.name] = [];
    for (const p of s.paths) {
      await fetch(base + p, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
      await query("alter system set auto_explain.log_min_duration = 0");
      await query('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      const before = pgLog(dataDir).length;
      await fetch(base + p, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
      await query('alter system reset auto_explain.log_min_duration');
      await query('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      const plans = pgLog(dataDir).slice(before).split(/\n(?=\S)/)
        .filter((e) => /duration: [\d.]+ ms\s+plan:/.test(e) && /limit \$|capped/.test(e));
      const ms = (e) => (e ? Number(/duration: ([\d.]+) ms/.exec(e)[1]) : null);
      const count = plans.find((e) => e.includes(') capped'));
      const page = plans.find((e) => !e.includes(') capped'));
      out[s.name].push({ path: p, pageMs: ms(page), countMs: ms(count) });
      log(`--- EXPLAIN ${s.name} ${p}: page ${ms(page)} ms, count ${ms(count)} ms\n${[page, count].filter(Boolean).join('\n')}`);
    }
  }
  return out;
}

async function channelIds(query) {
  const [ids] = await query(IDS_SQL);
  return ids;
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
  const server = await startPostgres({ shared_buffers: '256MB', autovacuum: 'off', ...(process.env.BENCH_EXPLAIN ? AUTO_EXPLAIN_SETTINGS : {}) });
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
  const pgQuery = async (sql) => (await client.query(sql)).rows;
  const ids = await channelIds(pgQuery);

  const session = await login(first.base, 'admin');
  const explain = process.env.BENCH_EXPLAIN ? await explainPaths(pgQuery, server.dataDir, first.base, session.auth_token, ids) : null;
  const postmasterPid = Number(readFileSync(path.join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = () => costPids(first.pid, postmasterPid);
  const scenarios = await measure(first.base, session.auth_token, ids, { quick: false, pids });
  if (explain) for (const [name, e] of Object.entries(explain)) scenarios[name].explain = e;
  const browser = process.env.BENCH_BROWSER === '0' ? null : await browserFigures(first.base);
  await cleanup();
  return { db: `PostgreSQL ${version}`, loadMs, counts, scenarios, browser };
}

/** The management tables in Chromium on the loaded server (bench/management-page.mjs). */
async function browserFigures(base) {
  const { chromium } = createRequire(path.join(ROOT, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const context = await signedInContext(browser, base, await login(base, 'superadmin'));
    // Nothing but loopback: the page must not reach for map tiles or fonts elsewhere.
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      return hostname === '127.0.0.1' || hostname === 'localhost' ? route.continue() : route.abort();
    });
    const pages = await measureManagementPages(context, base, log);
    const missed = Object.entries(pages).flatMap(([p, f]) => Object.entries(f).filter(([, x]) => !x.met).map(([a]) => `${p}.${a}`));
    return { rule: `rendered p95 < ${TARGET_RENDER_P95_MS} ms for first page, next page, sort and search`, pages, pass: missed.length === 0, missed };
  } finally {
    await browser.close();
  }
}

/** PGlite with `size` generated users (devices a tenth); `sweep`: the sweep's rate and bar. */
async function benchPglite({ users = USERS, devices = DEVICES, operations = OPERATIONS, sweep = false } = {}) {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  // The server opens its folder with these extensions (server/src/db/pglite.ts); so must we.
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const pgliteVersion = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-pglite-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.push(removeDir);

  // First start creates the cluster, migrates and seeds; then the server is shut down cleanly,
  // since PGlite is one process's in-process database, and the bench loads the folder itself.
  log(`PGlite, ${users} users: creating, migrating and seeding through the server ...`);
  const first = await startServer({ dataDir });
  await first.close();
  const t0 = performance.now();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  let closed = false;
  cleanups.push(() => (closed ? undefined : db.close()));
  const version = (await db.query('show server_version')).rows[0].server_version;
  await db.exec(`begin; ${loadSql({ users, devices, operations })}; commit;`);
  await vacuumed(async (sql) => (await db.exec(sql)).at(-1)?.rows ?? []);
  const loadMs = Math.round(performance.now() - t0);
  const counts = { ...(await db.query(COUNT_SQL)).rows[0], ...(await db.query(VISIBLE_SQL)).rows[0] };
  const ids = await channelIds(async (sql) => (await db.query(sql)).rows);
  log(`PGlite ${pgliteVersion} (PostgreSQL ${version}): loaded in ${loadMs} ms`, counts);
  await db.close();
  closed = true;

  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  const session = await login(server.base, 'admin');
  const scenarios = await measure(server.base, session.auth_token, ids, { quick: true, sweep, pids: () => [server.pid] });
  await cleanup();
  return { db: `PGlite ${pgliteVersion} (PostgreSQL ${version})`, loadMs, counts, scenarios };
}

function meanPerScenario(scenarios, key) {
  return Object.fromEntries(Object.entries(scenarios).map(([name, sc]) => {
    const v = Object.values(sc[key]);
    return [name, Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 100) / 100];
  }));
}

/**
 * PGlite at each of SWEEP_SIZES; the limit is the largest size at which every scenario met the bar.
 * A smaller size that missed is listed (`missedBelowLimit`): the lists get no slower with fewer
 * users, so that is the machine's other load; look at its `cpuMs`.
 */
async function sweepPglite() {
  const sizes = [];
  let limit = null;
  for (const users of SWEEP_SIZES) {
    const r = await benchPglite({ users, devices: Math.floor(users / 10), operations: users, sweep: true });
    const missed = Object.entries(r.scenarios).filter(([, sc]) => !sc.target.met).map(([name]) => name);
    sizes.push({ users, devices: Math.floor(users / 10), allMet: missed.length === 0, missed, loadMs: r.loadMs,
      p99: Object.fromEntries(Object.entries(r.scenarios).map(([name, sc]) => [name, sc[`at${SWEEP_TARGET.rate}rps`].p99])),
      // Mean over the scenario's paths of the sequential median and of the CPU time per request:
      // its cost without queueing (CPU time: also without the machine's other load).
      serialMs: meanPerScenario(r.scenarios, 'serialMs'),
      cpuMs: meanPerScenario(r.scenarios, 'cpuMs'),
      db: r.db });
    log(`sweep ${users} users: ${missed.length === 0 ? 'every list met' : `missed: ${missed.join(', ')}`}`);
    if (missed.length === 0) limit = users;
  }
  const missedBelowLimit = sizes.filter((z) => limit !== null && z.users < limit && !z.allMet).map((z) => z.users);
  return { rule: `every scenario p99 < ${SWEEP_TARGET.p99Ms} ms at ${SWEEP_TARGET.rate} req/s`, limitUsers: limit, missedBelowLimit, sizes };
}

function table(title, r) {
  const lines = [`${title}: ${r.db}; bulk load ${(r.loadMs / 1000).toFixed(1)} s`,
    `  ${'endpoint'.padEnd(20)} ${`at ${TARGET.rate}/s: p50`.padStart(16)} ${'p99'.padStart(8)} ${'req/s'.padStart(6)} ${'failed'.padStart(6)} ${'target'.padStart(6)}` +
    `   ${'max: req/s'.padStart(10)} ${'p50'.padStart(5)} ${'p99'.padStart(5)} ${'failed'.padStart(6)}   rows matched`];
  for (const [name, s] of Object.entries(r.scenarios)) {
    const a = s[`at${TARGET.rate}rps`];
    const m = s.max;
    lines.push(`  ${name.padEnd(20)} ${String(a.p50).padStart(16)} ${String(a.p99).padStart(8)} ${String(a.rps).padStart(6)} ${String(a.non2xx + a.errors).padStart(6)} ${(s.target.met ? 'met' : 'MISSED').padStart(6)}` +
      `   ${String(m.rps).padStart(10)} ${String(m.p50).padStart(5)} ${String(m.p99).padStart(5)} ${String(m.non2xx + m.errors).padStart(6)}   ${s.totals.join(', ')}`);
  }
  return lines.join('\n');
}

const which = process.env.BENCH_DB ?? 'both';
const sweep = Boolean(process.env.BENCH_SWEEP);
const result = {
  machine: { node: process.version, loadAvgAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100), cpuCalibrationMs: cpuCalibrationMs(), cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}` },
  server: path.relative(ROOT, SERVER_ENTRY),
  data: { users: USERS, devices: DEVICES, operations: OPERATIONS, enterprise: ENT },
  method: `latency in ms. "at ${TARGET.rate}/s": open loop, one request every ${(1000 / TARGET.rate).toFixed(2)} ms for the stated time, ` +
    'latency from when each request was due (bench/lib.mjs fixedRate). "max": autocannon, ' + `${MAX_CONNECTIONS} connections, closed loop (1 ms resolution). ` +
    '"serialMs": median of sequential requests, one at a time.',
};
let exitCode = 0;
try {
  ensureServerBuilt(log);
  if (sweep) {
    if (which !== 'pglite') throw new Error('BENCH_SWEEP measures the embedded database: run it with BENCH_DB=pglite');
    result.sweep = await sweepPglite();
  } else {
    if (which !== 'pglite') result.postgres = await benchPostgres();
    if (which !== 'postgres') result.pglite = await benchPglite();
  }
  if (result.postgres) {
    const missed = Object.entries(result.postgres.scenarios).filter(([, sc]) => !sc.target.met).map(([name]) => name);
    result.target = { pass: missed.length === 0, rule: `PostgreSQL, every list scenario: p99 < ${TARGET.p99Ms} ms at ${TARGET.rate} req/s, no errors`, missed };
    if (missed.length > 0) exitCode = 2;
  }
  result.machine.loadAvgAtEnd = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(`Node ${process.version}; ${result.machine.cpu} x${result.machine.cpus}; ${result.machine.memGiB} GiB; ${result.machine.platform}; ` +
    `load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end; ` +
    `CPU calibration ${result.machine.cpuCalibrationMs} ms (bench/lib.mjs: lower is faster)`);
  if (result.sweep) {
    console.log(`PGlite sweep (${result.sweep.rule}):`);
    for (const z of result.sweep.sizes) {
      console.log(`  ${String(z.users).padStart(7)} users, ${String(z.devices).padStart(6)} devices: ${z.allMet ? 'every list met' : `missed ${z.missed.join(', ')}`}`);
      console.log(`    p99 ${Object.entries(z.p99).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      console.log(`    serial ${Object.entries(z.serialMs).map(([k, v]) => `${k} ${v}`).join(', ')}`);
      console.log(`    cpu per request ${Object.entries(z.cpuMs).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
    console.log(`Limit: ${result.sweep.limitUsers === null ? 'none of the sizes met it' : `${result.sweep.limitUsers} users`}` +
      (result.sweep.missedBelowLimit.length > 0 ? ` (smaller sizes that missed, other load on the machine: ${result.sweep.missedBelowLimit.join(', ')})` : ''));
  } else {
    console.log(`Data: ${USERS} users, ${DEVICES} devices, ${OPERATIONS} operation records in enterprise ${ENT}; latency in ms`);
  }
  if (result.postgres) console.log(table('PostgreSQL', result.postgres));
  if (result.pglite) console.log(table('PGlite', result.pglite));
  if (!result.sweep) {
    console.log('  failed = non-2xx answers, errors, and requests not answered 5 s after the last was due. ' +
      `When a database cannot keep up with ${TARGET.rate}/s, its "at ${TARGET.rate}/s" latencies are mostly queueing.`);
  }
  if (result.target) console.log(`${result.target.pass ? 'PASS' : 'FAIL'}: ${result.target.rule}${result.target.pass ? '' : ` (missed: ${result.target.missed.join(', ')})`}`);
  const b = result.postgres?.browser;
  if (b) {
    for (const [name, f] of Object.entries(b.pages)) {
      console.log(`  browser ${name}: ${Object.entries(f).map(([a, x]) => `${a} p50 ${x.p50 ?? '-'} / p95 ${x.p95 ?? '-'} ms${x.missed ? ` (${x.missed} missed)` : ''}`).join(', ')}`);
    }
    console.log(`${b.pass ? 'PASS' : 'FAIL'}: browser, ${b.rule}${b.pass ? '' : ` (missed: ${b.missed.join(', ')})`}`);
    if (!b.pass && exitCode === 0) exitCode = 2;
  }
} catch (err) {
  exitCode = 1;
  result.error = err instanceof Error ? err.stack : String(err);
  log(result.error);
} finally {
  await cleanup();
}
console.log(JSON.stringify(result));
process.exitCode = exitCode;
