// Patrol at scale on one node (issue 24, acceptance 3; ADR 029).
//   (a) Check-in evaluation: 2,000 members on 200 tours (10 each, routes of 6-10 GPS nodes, an
//       active run per tour started just before the measurement) report a position every 5 s over
//       /ws2, spread evenly over the period, walking their routes: most reports fall between
//       nodes, some enter a node's radius and are check-ins. Prints the time patrol evaluation adds
//       per stored report (p50/p95/p99), evaluations per second, check-ins made, reports dropped
//       and the server's CPU. Target: p99 < 20 ms, no report dropped.
//   (b) Dashboard: 30 days of history (100,000 check-ins with their runs and run stops) and
//       GET /api/patrol/dashboard over those 30 days: serial p50/p95, p95 with 5 clients at once,
//       and one day serial. Target: p95 < 200 ms (30 days, serial).
//
//   node bench/patrol.bench.mjs                  PGlite (what `npm start` runs; also part of `npm run bench`)
//   BENCH_DB=postgres|both node ...              PostgreSQL (bench/pg.mjs), or both one after the other
//   BENCH_PATROL_SECONDS=60                      measured time (after 2-8 warm-up periods), whole 5 s periods
//   BENCH_PATROL_MEMBERS=2000 BENCH_PATROL_CHECKINS=100000 BENCH_PATROL_DISPATCHERS=2   smaller runs while developing
//   BENCH_PATROL_DASHBOARD_RUNS=40               serial dashboard requests per measurement
//   BENCH_SERVER_ENTRY=/x/main.cjs ...           measure another server bundle
//
// Data (bench/patrol-data.mjs): member accounts and sessions, tasks, nodes (25 m radius, 250 m
// apart on a ring per task), routes and teams, and the history, all inserted set-based; on PGlite
// into the data folder between a first (seeding) start of the server and the measured one. The
// runs of (a) are started through POST /api/patrol/tasks/:id/start once the devices are connected.
// Members of a team start spread over their ring and walk it in route order at 1.2-2.0 m/s (about
// one report in five inside a node's radius); the first member to reach a pending stop checks in,
// on ordered tours skipping the stops before it (PatrolAlert to the dispatchers).
//
// What (a) reports comes from the server: GET /api/diagnostics/patrol (counters and a histogram of
// the time from a report being stored to the end of its patrol evaluation, check-in writes and
// frames included), read at the start of the measured window and again once every report sent has
// been evaluated. Dropped = reports sent minus reports the server evaluated (each accepted report
// is one 'location.stored' event). CPU: the server process's utime + stime over the window (/proc).
// Devices send no presence heartbeat (see fanout.bench.mjs for why). Human-readable lines go to
// stdout, progress to stderr; the last stdout line is one JSON object. Everything is on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ROOT, SERVER_ENTRY, cleanupStack, ensureServerBuilt, login, percentile, round, startServer, intEnv } from './lib.mjs';
import { move, seeded } from './fences-data.mjs';
import {
  CHECKED_PER_RUN, ENT, FIRST_DISPATCHER_UID, FIRST_MEMBER_UID, NODES_SQL, ROUTES_SQL, TASKS_SQL, TEAMS_SQL,
  accountsSql, along, buildPlan, historySteps, orgDay, plan,
} from './patrol-data.mjs';
import { cpuMsOf, histogramBetween, histogramTotal, nextFromWorker, openSocket, pong, pool } from './socket-devices.mjs';

const PERIOD_MS = 5000;
/** Warm-up: at least this many periods, then until the server has caught up, at most the second. */
const WARMUP_ROUNDS = 2;
const WARMUP_ROUNDS_MAX = 8;
const CAUGHT_UP_REPORTS = 100;
const TARGET = { p99Ms: 20, dropped: 0, dashboardP95Ms: 200 };
const CONNECT_CONCURRENCY = 100;
const DRAIN_LIMIT_MS = 20_000;
const DASHBOARD_CLIENTS = 5;
/** GPS noise (m) around the walked line. */
const NOISE_M = 4;

const settings = isMainThread ? {
  members: intEnv('BENCH_PATROL_MEMBERS', 2000),
  checkins: intEnv('BENCH_PATROL_CHECKINS', 100_000),
  dispatchers: intEnv('BENCH_PATROL_DISPATCHERS', 2),
  dashboardRuns: intEnv('BENCH_PATROL_DASHBOARD_RUNS', 40),
  measureRounds: Math.max(1, Math.round(intEnv('BENCH_PATROL_SECONDS', 60) * 1000 / PERIOD_MS)),
} : workerData.settings;
const ROUNDS = WARMUP_ROUNDS_MAX + settings.measureRounds;

const log = (...a) => console.error('[patrol]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Worker thread: the members' devices, reporting on schedule from `t0` (member i of N at
// t0 + round * PERIOD + i * PERIOD / N; open loop) where their walk has taken them by then.

async function runDevices({ url, devices, walkers, routes }) {
  const sockets = new Array(devices.length).fill(null);
  let failed = 0;
  let errorFrames = 0;
  const t0Connect = performance.now();
  await pool(devices, CONNECT_CONCURRENCY, async ({ uid, token }, i) => {
    try {
      const ws = await openSocket(`${url}?at=${encodeURIComponent(token)}`);
      ws.on('message', (data) => {
        // A refused report (e.g. 600, the write queue full) comes back as a frame with a code.
        if (!data.toString('utf8', 0, 12).startsWith('{"code":0')) errorFrames += 1;
      });
      ws.on('close', () => { sockets[i] = null; });
      ws.on('error', () => undefined);
      await pong(ws);
      sockets[i] = ws;
    } catch (err) {
      failed += 1;
      if (failed <= 3) parentPort.postMessage({ type: 'log', text: `device ${uid}: ${err.message}` });
    }
  });
  parentPort.postMessage({ type: 'connected', connectMs: Math.round(performance.now() - t0Connect), failed });
  errorFrames = 0;

  const { t0 } = await new Promise((r) => parentPort.once('message', r));
  let stopping = false;
  let close;
  const closing = new Promise((r) => { close = r; });
  parentPort.on('message', (m) => {
    if (m.type === 'stop') stopping = true;
    if (m.type === 'close') close();
  });
  const noise = walkers.map((w) => seeded(w.seed));
  const total = ROUNDS * devices.length;
  let next = 0;
  let reports = 0;
  let skipped = 0;
  let maxLagMs = 0;
  const dueAt = (e) => t0 + Math.floor(e / devices.length) * PERIOD_MS + ((e % devices.length) * PERIOD_MS) / devices.length;
  await new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      while (!stopping && next < total && dueAt(next) <= now) {
        const i = next % devices.length;
        const w = walkers[i];
        const ws = sockets[i];
        maxLagMs = Math.max(maxLagMs, now - dueAt(next));
        next += 1;
        if (!ws) { skipped += 1; continue; }
        const rnd = noise[i];
        const p = move(along(routes[w.task], w.startM + (w.speed * (now - t0)) / 1000), (rnd() - 0.5) * 2 * NOISE_M, (rnd() - 0.5) * 2 * NOISE_M);
        const point = { lng: Math.round(p.lng * 1e6) / 1e6, lat: Math.round(p.lat * 1e6) / 1e6, coord: 0, time: now };
        ws.send(JSON.stringify({ code: 0, topic: `icoTest/json/device/location/${ENT}/${devices[i].uid}`, t: 'Location', data: point }));
        reports += 1;
      }
      if (next < total && !stopping) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, Math.max(0, t0 - Date.now()));
  });
  parentPort.postMessage({ type: 'sent', reports, skipped, maxLagMs });
  await closing; // after the drain
  parentPort.postMessage({ type: 'closed', errorFrames, open: sockets.filter(Boolean).length });
  for (const ws of sockets) ws?.terminate();
}

if (!isMainThread) {
  runDevices(workerData).catch((err) => parentPort.postMessage({ type: 'error', text: err.stack ?? String(err) }));
}

// ---------------------------------------------------------------------------------------------
// Main thread: data, server, dispatchers, measurements.

const tokenFor = (salt, uid) => `${salt}-${uid}`;
const cleanups = isMainThread ? cleanupStack(log) : null;

/** Accounts, plan and history through `run(sql, params)` (PGlite or pg); what it wrote. */
async function load(run, salt, planned, now) {
  const t0 = performance.now();
  await run(`begin; ${accountsSql(salt, settings)} commit;`);
  const { tasks, nodes } = plan(planned.tasks);
  const taskIds = (await run(TASKS_SQL, [tasks])).rows.map((r) => r.id);
  await run(NODES_SQL, [nodes]);
  await run(ROUTES_SQL, [nodes, JSON.stringify(taskIds)]);
  await run(TEAMS_SQL, [JSON.stringify(taskIds), settings.members]);
  const planMs = performance.now() - t0;
  // History: runs going back from an hour ago to the start of the 30th organisation day.
  const newest = now - 3_600_000;
  const runsPerTask = Math.max(1, Math.ceil(settings.checkins / (taskIds.length * CHECKED_PER_RUN)));
  const spacingS = (newest - orgDay(now, 29).startMs - 3_600_000) / 1000 / runsPerTask;
  await run('begin');
  for (const [sql, params] of historySteps({ checkins: settings.checkins, runsPerTask, newestMs: newest, spacingS })) await run(sql, params);
  await run('commit');
  for (const table of ['users', 'sessions', 'patrol_tasks', 'patrol_nodes', 'patrol_task_nodes', 'patrol_task_users', 'patrol_runs', 'patrol_run_nodes', 'patrol_checkins']) await run(`vacuum analyze ${table}`);
  const count = async (table) => (await run(`select count(*)::int as n from ${table} where ent_id = ${ENT}`)).rows[0].n;
  return {
    taskIds,
    tasks: taskIds.length,
    nodes: await count('patrol_nodes'),
    historyRuns: await count('patrol_runs'),
    historyRunStops: await count('patrol_run_nodes'),
    historyCheckins: await count('patrol_checkins'),
    planLoadMs: Math.round(planMs),
    loadMs: Math.round(performance.now() - t0),
  };
}

async function serverOnPglite(salt, planned, now) {
  const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const version = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-patrol-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  log('PGlite: creating, migrating and seeding through the server ...');
  const first = await startServer({ dataDir });
  await first.close();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  let loaded;
  try {
    loaded = await load((sql, params) => (params ? db.query(sql, params) : db.exec(sql).then((r) => r.at(-1))), salt, planned, now);
  } finally {
    await db.close();
  }
  log('PGlite: loaded', { ...loaded, taskIds: undefined });
  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  return { server, db: `PGlite ${version}`, loaded };
}

async function serverOnPostgres(salt, planned, now) {
  const { pg, startPostgres } = await import('./pg.mjs');
  log('PostgreSQL: starting ...');
  const pgServer = await startPostgres({ shared_buffers: '256MB' });
  cleanups.push(() => pgServer.stop());
  const admin = new pg.Client({ connectionString: pgServer.url });
  await admin.connect();
  await admin.query('create database ptt_bench');
  await admin.end();
  const url = pgServer.urlFor('ptt_bench');
  const first = await startServer({ databaseUrl: url }); // migrates and seeds
  await first.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let loaded;
  let version;
  try {
    version = (await client.query('show server_version')).rows[0].server_version;
    loaded = await load((sql, params) => client.query(sql, params), salt, planned, now);
  } finally {
    await client.end();
  }
  log('PostgreSQL: loaded', { ...loaded, taskIds: undefined });
  const server = await startServer({ databaseUrl: url });
  cleanups.push(() => server.close());
  return { server, db: `PostgreSQL ${version}`, loaded };
}

async function get(base, token, url) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - started, data: body.data };
}
const readStats = async (base, token) => (await get(base, token, '/api/diagnostics/patrol')).data;
const finished = (s) => histogramTotal(s.latency);

async function connectDispatchers(url, salt, frames) {
  const sockets = [];
  await pool(Array.from({ length: settings.dispatchers }, (_, i) => FIRST_DISPATCHER_UID + i), 5, async (uid) => {
    const ws = await openSocket(`${url}?at=${encodeURIComponent(tokenFor(salt, uid))}`);
    ws.on('message', (raw) => {
      const s = String(raw);
      if (s.includes('"t":"PatrolChange"')) frames.changes += 1;
      else if (s.includes('"t":"PatrolAlert"')) frames.alerts += 1;
    });
    ws.on('error', () => undefined);
    await pong(ws);
    sockets.push(ws);
  });
  return sockets;
}

/** (a): devices walking, runs started, the window measured from the server's figures. */
async function checkinWindow(which, server, salt, planned, loaded, adminToken) {
  const frames = { changes: 0, alerts: 0 };
  const dispatchers = await connectDispatchers(server.ws, salt, frames);
  cleanups.push(() => dispatchers.forEach((ws) => ws.terminate()));
  log(`${which}: ${dispatchers.length} dispatchers; connecting ${settings.members} devices ...`);
  const devices = Array.from({ length: settings.members }, (_, i) => ({ uid: FIRST_MEMBER_UID + i, token: tokenFor(salt, FIRST_MEMBER_UID + i) }));
  const routes = planned.tasks.map((t) => t.nodes.map(({ lng, lat }) => ({ lng, lat })));
  const worker = new Worker(new URL(import.meta.url), { workerData: { url: server.ws, devices, walkers: planned.walkers, routes, settings } });
  cleanups.push(() => worker.terminate());
  worker.on('error', (err) => log('device worker error:', err.message));
  const connected = await nextFromWorker(worker, 'connected', log);
  log(`${which}: devices connected in ${connected.connectMs} ms (${connected.failed} failed)`);
  if (connected.failed > 0) throw new Error(`${connected.failed} device sockets failed to connect`);

  const startedAt = performance.now();
  await pool(loaded.taskIds, 4, async (id) => {
    const res = await fetch(`${server.base}/api/patrol/tasks/${id}/start`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    const body = await res.json();
    if (body.code !== 0) throw new Error(`start task ${id}: ${JSON.stringify(body)}`);
  });
  const runStartMs = Math.round(performance.now() - startedAt);
  log(`${which}: ${loaded.taskIds.length} runs started in ${runStartMs} ms`);

  const t0 = Date.now() + 1000;
  worker.postMessage({ t0 });
  const sentPromise = nextFromWorker(worker, 'sent', log);
  sentPromise.catch(() => undefined);
  let warmup = WARMUP_ROUNDS;
  let s0;
  for (;;) {
    await sleep(t0 + warmup * PERIOD_MS - Date.now());
    s0 = await readStats(server.base, adminToken);
    if (s0.reports - finished(s0) < CAUGHT_UP_REPORTS || warmup >= WARMUP_ROUNDS_MAX) break;
    warmup += 1;
  }
  const window = { from: t0 + warmup * PERIOD_MS, to: t0 + (warmup + settings.measureRounds) * PERIOD_MS };
  const cpu0 = { ms: cpuMsOf(server.pid), at: performance.now(), frames: { ...frames }, load: os.loadavg()[0] };
  log(`${which}: warm-up done, measuring ${settings.measureRounds * PERIOD_MS / 1000} s ...`);
  await sleep(window.to - Date.now());
  worker.postMessage({ type: 'stop' });
  const cpuWall = performance.now() - cpu0.at;
  const serverCpuMs = cpuMsOf(server.pid);
  const framesSeen = { changes: frames.changes - cpu0.frames.changes, alerts: frames.alerts - cpu0.frames.alerts };
  const sent = await sentPromise;
  // Drain: every report sent is evaluated (or the limit passes: then some were dropped).
  const drainFrom = Date.now();
  let s1 = await readStats(server.base, adminToken);
  while (finished(s1) < sent.reports && Date.now() - drainFrom < DRAIN_LIMIT_MS) {
    await sleep(250);
    s1 = await readStats(server.base, adminToken);
  }
  worker.postMessage({ type: 'close' });
  const closed = await nextFromWorker(worker, 'closed', log);
  await worker.terminate();
  dispatchers.forEach((ws) => ws.terminate());
  const windowS = (window.to - window.from) / 1000;
  const diff = (k) => s1[k] - s0[k];
  const latency = histogramBetween(s0.latency, s1.latency);
  const waited = histogramBetween(s0.waitedLatency, s1.waitedLatency);
  const result = {
    members: settings.members,
    tasks: loaded.tasks,
    nodes: loaded.nodes,
    periodMs: PERIOD_MS,
    measuredS: windowS,
    warmUpS: (warmup * PERIOD_MS) / 1000,
    deviceConnectMs: connected.connectMs,
    runStartMs,
    sent: { reports: sent.reports, skipped: sent.skipped, generatorMaxLagMs: sent.maxLagMs },
    reportsPerS: round(diff('reports') / windowS),
    evaluationsPerS: round(diff('evaluated') / windowS),
    entries: diff('entries'),
    checkinsMade: diff('checkins'),
    checkinsCounted: diff('counted'),
    cacheWaits: diff('cacheWaits'),
    failures: s1.failures,
    framesAtOneDispatcher: dispatchers.length ? { changes: Math.round(framesSeen.changes / dispatchers.length), alerts: Math.round(framesSeen.alerts / dispatchers.length) } : null,
    addedLatencyMs: latency,
    // Reports not finished in the turn that stored them (a check-in written, the runs reloading).
    waited: { share: latency.n ? round(waited.n / latency.n) : null, ...waited },
    dropped: sent.reports - finished(s1) + s1.failures,
    refusedFrames: closed.errorFrames,
    drainMs: Date.now() - drainFrom,
    cpu: {
      serverPctOfOneCore: serverCpuMs !== null && cpu0.ms !== null ? Math.round((100 * (serverCpuMs - cpu0.ms)) / cpuWall) : null,
      loadAvg1mAtStart: round(cpu0.load),
      loadAvg1mAtEnd: round(os.loadavg()[0]),
    },
  };
  const p99 = typeof latency.p99 === 'number' ? latency.p99 : Infinity;
  result.pass = p99 < TARGET.p99Ms && result.dropped === TARGET.dropped && result.refusedFrames === 0 && sent.skipped === 0;
  log(`${which}: ${result.evaluationsPerS} evaluations/s; added p50 ${latency.p50} p99 ${latency.p99} ms; ${result.checkinsMade} check-ins; server CPU ${result.cpu.serverPctOfOneCore}%; dropped ${result.dropped}`);
  return result;
}

const stats = (xs) => ({ n: xs.length, p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });

/** (b): the dashboard over 30 organisation days and over today, once the devices are gone. */
async function dashboard(base, token, now) {
  const month = `/api/patrol/dashboard?from=${orgDay(now, 29).day}&to=${orgDay(now).day}`;
  const today = `/api/patrol/dashboard?from=${orgDay(now).day}&to=${orgDay(now).day}`;
  const serial = async (url) => {
    for (let i = 0; i < 3; i++) await get(base, token, url); // warm-up
    const ms = [];
    for (let i = 0; i < settings.dashboardRuns; i++) ms.push((await get(base, token, url)).ms);
    return stats(ms);
  };
  const first = (await get(base, token, month)).data;
  const monthSerial = await serial(month);
  const parallel = [];
  await Promise.all(Array.from({ length: DASHBOARD_CLIENTS }, async () => {
    for (let i = 0; i < Math.ceil(settings.dashboardRuns / DASHBOARD_CLIENTS) * 2; i++) parallel.push((await get(base, token, month)).ms);
  }));
  const daySerial = await serial(today);
  const result = {
    days: first.days.length,
    totals: { runs: first.totals.runs, checkins: first.totals.checkins, missed: first.totals.missed, members: first.members.length },
    thirtyDaysSerialMs: monthSerial,
    thirtyDaysParallelMs: { clients: DASHBOARD_CLIENTS, ...stats(parallel) },
    oneDaySerialMs: daySerial,
  };
  result.pass = monthSerial.p95 < TARGET.dashboardP95Ms;
  result.parallelWithinTarget = result.thirtyDaysParallelMs.p95 < TARGET.dashboardP95Ms;
  return result;
}

async function benchOn(which, salt) {
  const now = Date.now();
  const planned = buildPlan({ members: settings.members });
  const { server, db, loaded } = which === 'postgres' ? await serverOnPostgres(salt, planned, now) : await serverOnPglite(salt, planned, now);
  const admin = await login(server.base, 'admin');
  const history = { runs: loaded.historyRuns, runStops: loaded.historyRunStops, checkins: loaded.historyCheckins, loadMs: loaded.loadMs };
  const checkins = await checkinWindow(which, server, salt, planned, loaded, admin.auth_token);
  log(`${which}: dashboard ...`);
  const dash = await dashboard(server.base, admin.auth_token, Date.now());
  log(`${which}: dashboard 30 days p50 ${dash.thirtyDaysSerialMs.p50} p95 ${dash.thirtyDaysSerialMs.p95} ms`);
  await cleanups.run();
  return { db, history, checkins, dashboard: dash, pass: checkins.pass && dash.pass };
}

function report(r) {
  const c = r.checkins;
  const l = c.addedLatencyMs;
  const d = r.dashboard;
  const met = (ok) => (ok ? 'met' : 'MISSED');
  return [
    `${r.db}: ${c.members} members on ${c.tasks} tours (${c.nodes} nodes) every ${c.periodMs / 1000} s, ${c.measuredS} s measured after ${c.warmUpS} s; history ${r.history.runs} runs, ${r.history.runStops} stops, ${r.history.checkins} check-ins (loaded in ${r.history.loadMs} ms)`,
    `  ${c.reportsPerS} reports/s, ${c.evaluationsPerS} on a run/s; ${c.entries} radius entries, ${c.checkinsMade} check-ins (${c.checkinsCounted} settled a stop); ${c.cacheWaits} reports waited for the runs to load`,
    `  added latency per report ms (bucket upper bounds): p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, p99.9 ${l.p999}, max bucket ${l.maxBucket} (${l.n} reports)`,
    `  of which ${round(100 * (c.waited.share ?? 0))}% finished later (a check-in or a reload): p50 ${c.waited.p50}, p95 ${c.waited.p95}, p99 ${c.waited.p99} ms`,
    `  server CPU ${c.cpu.serverPctOfOneCore}% of one core; load average ${c.cpu.loadAvg1mAtStart} -> ${c.cpu.loadAvg1mAtEnd}; dropped ${c.dropped}, refused ${c.refusedFrames}, failures ${c.failures}`,
    `  check-in evaluation p99 < ${TARGET.p99Ms} ms and nothing dropped: ${met(c.pass)}`,
    `  dashboard ${d.days} days (${d.totals.runs} runs, ${d.totals.checkins} check-ins): serial p50 ${d.thirtyDaysSerialMs.p50}, p95 ${d.thirtyDaysSerialMs.p95} ms; ${d.thirtyDaysParallelMs.clients} clients p95 ${d.thirtyDaysParallelMs.p95} ms; one day p50 ${d.oneDaySerialMs.p50}, p95 ${d.oneDaySerialMs.p95} ms`,
    `  dashboard p95 < ${TARGET.dashboardP95Ms} ms (30 days, serial): ${met(d.pass)}; with ${d.thirtyDaysParallelMs.clients} clients: ${met(d.parallelWithinTarget)}`,
  ].join('\n');
}

async function main() {
  const which = process.env.BENCH_DB ?? 'pglite';
  const result = {
    machine: { node: process.version, cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}`, loadAvgAtStart: os.loadavg().map(round) },
    server: path.relative(ROOT, SERVER_ENTRY),
    method: `${settings.members} member sockets (worker thread) report every ${PERIOD_MS} ms, evenly spread, walking ${Math.ceil(settings.members / 10)} tours of 6-10 GPS nodes with an active run each; ` +
      `${WARMUP_ROUNDS}-${WARMUP_ROUNDS_MAX} warm-up periods, then ${settings.measureRounds} measured; figures from GET /api/diagnostics/patrol read at the window start and once every report was evaluated. ` +
      `Then ${settings.checkins} history check-ins over 30 days: GET /api/patrol/dashboard for 30 days (${settings.dashboardRuns} serial after 3 warm-up, and ${DASHBOARD_CLIENTS} clients at once) and for today.`,
    target: { rule: `p99 < ${TARGET.p99Ms} ms of added latency per report, no report dropped; dashboard (30 days) p95 < ${TARGET.dashboardP95Ms} ms` },
  };
  let exitCode = 0;
  try {
    ensureServerBuilt(log);
    const salt = randomBytes(12).toString('hex');
    if (which !== 'postgres') result.pglite = await benchOn('pglite', salt);
    if (which === 'postgres' || which === 'both') result.postgres = await benchOn('postgres', salt);
    const runs = [result.pglite, result.postgres].filter(Boolean);
    result.target.pass = runs.every((r) => r.pass);
    if (!result.target.pass) exitCode = 2;
    result.machine.loadAvgAtEnd = os.loadavg().map(round);
    console.log(`Node ${process.version}; ${result.machine.cpu} x${result.machine.cpus}; ${result.machine.memGiB} GiB; load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`);
    for (const r of runs) console.log(report(r));
  } catch (err) {
    exitCode = 1;
    result.error = err instanceof Error ? err.stack : String(err);
    log(result.error);
  } finally {
    await cleanups.run();
  }
  console.log(JSON.stringify(result));
  process.exitCode = exitCode;
}

if (isMainThread) await main();
