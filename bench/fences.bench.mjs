// Geofence evaluation on one node (issue 22, acceptance 3): 5,000 simulated devices each report a
// position every 5 s over /ws2 (1,000 points/s, spread evenly over the period) against 1,000
// fences of the demo organisation (ADR 027: drift, dwell, schedule windows). Prints evaluations
// per second, the time evaluation adds to a report (p50/p99), the server's CPU share and reports
// dropped. Target: p99 < 20 ms and no report dropped.
//
//   node bench/fences.bench.mjs                  PGlite (what `npm start` runs; also part of `npm run bench`), ~2.5 minutes
//   BENCH_DB=postgres|both node ...              PostgreSQL (bench/pg.mjs), or both one after the other
//   BENCH_FENCES_SECONDS=60                      measured time (after 2-8 warm-up periods), whole 5 s periods
//   BENCH_FENCES_DEVICES=5000 BENCH_FENCES_FENCES=1000 BENCH_FENCES_DISPATCHERS=5   smaller runs while developing
//   BENCH_SERVER_ENTRY=/x/main.cjs ...           measure another server bundle
//
// Data (bench/fences-data.mjs): groups of 100 devices, one channel each, walking within 3 km of
// their group's centre; 20 fences per group drawn in that area (polygons and circles, 150-600 m,
// 'leave' and 'stay', some with a dwell or a schedule window) linked to the group's channel, so
// each device is covered by about 20 fences: ~20,000 evaluations per second. The members' fence
// states are loaded as a running organisation has them (each device's side at its starting
// point), so the measured rounds see the steady state: writes only where a device crosses.
// One device in ten sends its positions two at a time every 10 s (a buffered report).
//
// What is measured comes from the server: GET /api/diagnostics/fences (the organisation's
// counters and a histogram of the time from a report's positions being stored to the end of their
// evaluation against every covering fence, writes and frames included), read at the start of the
// measured window and again once every report sent has been evaluated. Dropped = reports sent
// minus reports the server evaluated (each accepted report is one 'location.stored' event).
// CPU: the server process's utime + stime over the window (/proc), as % of one core.
//
// Accounts, sessions, channels, fences, links and states are inserted set-based; on PGlite into
// the data folder between a first (seeding) start of the server and the measured one. Devices
// send no presence heartbeat (see fanout.bench.mjs for why). Human-readable lines go to stdout,
// progress to stderr; the last stdout line is one JSON object. Everything listens on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ROOT, SERVER_ENTRY, WebSocket, cleanupStack, ensureServerBuilt, login, round, startServer, intEnv } from './lib.mjs';
import {
  ENT, FENCES_SQL, FIRST_DEVICE_UID, FIRST_DISPATCHER_UID, GROUP_SIZE, LINKS_SQL, STATES_SQL, WALK_RADIUS_M,
  accountsSql, buildData, fencesParam, initialStates, metres, move, seeded,
} from './fences-data.mjs';

const PERIOD_MS = 5000;
/** Warm-up: at least this many periods, then until the server has caught up (a restarted server
 *  reads every member's fence states once), at most the second number. */
const WARMUP_ROUNDS = 2;
const WARMUP_ROUNDS_MAX = 8;
/** Caught up: fewer reports than this started and not yet evaluated. */
const CAUGHT_UP_REPORTS = 100;
const TARGET = { p99Ms: 20, dropped: 0 };
const CONNECT_CONCURRENCY = 100;
const DRAIN_LIMIT_MS = 20_000;
/** Every BATCH_EVERY-th device buffers: two positions per report, every other period. */
const BATCH_EVERY = 10;

const settings = isMainThread ? {
  devices: intEnv('BENCH_FENCES_DEVICES', 5000),
  fences: intEnv('BENCH_FENCES_FENCES', 1000),
  dispatchers: intEnv('BENCH_FENCES_DISPATCHERS', 5),
  measureRounds: Math.max(1, Math.round(intEnv('BENCH_FENCES_SECONDS', 60) * 1000 / PERIOD_MS)),
} : workerData.settings;
const ROUNDS = WARMUP_ROUNDS_MAX + settings.measureRounds;

const log = (...a) => console.error('[fences]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const PING = JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' });

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Ping, then wait for the Pong: the socket is authenticated and subscribed. */
function pong(ws) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no Pong within 30 s')), 30_000);
    const on = (raw) => {
      if (!String(raw).includes('"t":"Pong"')) return;
      clearTimeout(timer);
      ws.off('message', on);
      resolve();
    };
    ws.on('message', on);
    ws.send(PING);
  });
}

async function pool(items, limit, fn) {
  let next = 0;
  const lane = async () => { while (next < items.length) { const i = next++; await fn(items[i], i); } };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

// ---------------------------------------------------------------------------------------------
// Worker thread: the devices. Each walks from its starting point (heading drifting, 0.5-15 m/s,
// turning back at WALK_RADIUS_M from its group's centre) and reports on schedule from `t0`: device
// i of N at t0 + round * PERIOD + i * PERIOD / N (open loop: a late send is still sent), until the
// main thread says the measured window is over (`stop`).

function walker(start, center, rnd) {
  let pos = start;
  let heading = rnd() * 360;
  let speed = 0.5 + rnd() * 14.5;
  return () => {
    heading += (rnd() - 0.5) * 60;
    speed = Math.min(15, Math.max(0.5, speed + (rnd() - 0.5) * 2));
    const step = (speed * PERIOD_MS) / 1000;
    const rad = (heading * Math.PI) / 180;
    let next = move(pos, step * Math.sin(rad), step * Math.cos(rad));
    if (metres(center, next) > WALK_RADIUS_M) {
      // Turn towards the centre.
      const back = Math.atan2((center.lng - pos.lng) * Math.cos((pos.lat * Math.PI) / 180), center.lat - pos.lat);
      heading = (back * 180) / Math.PI;
      next = move(pos, step * Math.sin(back), step * Math.cos(back));
    }
    pos = next;
    return { lng: Math.round(pos.lng * 1e6) / 1e6, lat: Math.round(pos.lat * 1e6) / 1e6 };
  };
}

async function runDevices({ url, devices, starts, centers }) {
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
  const walks = devices.map((d, i) => walker(starts[i], centers[Math.floor(i / GROUP_SIZE)], seeded(d.uid)));
  const buffered = new Array(devices.length).fill(null);
  const total = ROUNDS * devices.length;
  let next = 0;
  let reports = 0;
  let points = 0;
  let skipped = 0;
  let maxLagMs = 0;
  const dueAt = (e) => t0 + Math.floor(e / devices.length) * PERIOD_MS + ((e % devices.length) * PERIOD_MS) / devices.length;
  await new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      while (!stopping && next < total && dueAt(next) <= now) {
        const i = next % devices.length;
        const round = Math.floor(next / devices.length);
        const ws = sockets[i];
        const point = { ...walks[i](), coord: 0, time: Date.now() };
        maxLagMs = Math.max(maxLagMs, Date.now() - dueAt(next));
        next += 1;
        if (!ws) { skipped += 1; continue; }
        const topic = `icoTest/json/device/location/${ENT}/${devices[i].uid}`;
        if (i % BATCH_EVERY === 0 && round % 2 === 0 && round < ROUNDS - 1) { buffered[i] = point; continue; }
        const batch = buffered[i] ? [buffered[i], point] : null;
        buffered[i] = null;
        ws.send(JSON.stringify({ code: 0, topic, t: 'Location', data: batch ? { points: batch } : point }));
        reports += 1;
        points += batch ? 2 : 1;
      }
      if (next < total && !stopping) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, Math.max(0, t0 - Date.now()));
  });
  parentPort.postMessage({ type: 'sent', reports, points, skipped, maxLagMs });
  await closing; // after the drain
  parentPort.postMessage({ type: 'closed', errorFrames, open: sockets.filter(Boolean).length });
  for (const ws of sockets) ws?.terminate();
}

if (!isMainThread) {
  runDevices(workerData).catch((err) => parentPort.postMessage({ type: 'error', text: err.stack ?? String(err) }));
}

// ---------------------------------------------------------------------------------------------
// Main thread: data, server, dispatchers, measurement.

const tokenFor = (salt, uid) => `${salt}-${uid}`;
const cleanups = isMainThread ? cleanupStack(log) : null;

/** Accounts, fences, links and states through `run(sql, params)` (PGlite or pg); what it wrote. */
async function load(run, salt, data) {
  const t0 = performance.now();
  await run(`begin; ${accountsSql(salt, { devices: settings.devices, dispatchers: settings.dispatchers, groups: data.groups })} commit;`);
  const ids = (await run(FENCES_SQL, [fencesParam(data)])).rows;
  await run(LINKS_SQL, [JSON.stringify(ids.map((r) => ({ id: r.id, grp: r.grp, direct: r.direct, exempt: r.exempt })))]);
  const states = initialStates(data, ids.map((r) => r.id));
  await run(STATES_SQL, [JSON.stringify(states.rows), states.sinceMs, states.pointMs]);
  for (const table of ['users', 'sessions', 'channel_members', 'fences', 'fence_users', 'fence_channels', 'fence_states']) await run(`vacuum analyze ${table}`);
  const count = async (table) => (await run(`select count(*)::int as n from ${table} where ent_id = ${ENT}`)).rows[0].n;
  return { fences: await count('fences'), states: await count('fence_states'), channelMembers: await count('channel_members'), loadMs: Math.round(performance.now() - t0) };
}

async function serverOnPglite(salt, data) {
  const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const version = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-fences-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  log('PGlite: creating, migrating and seeding through the server ...');
  const first = await startServer({ dataDir });
  await first.close();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  let loaded;
  try {
    loaded = await load((sql, params) => (params ? db.query(sql, params) : db.exec(sql).then((r) => r.at(-1))), salt, data);
  } finally {
    await db.close();
  }
  log('PGlite: loaded', loaded);
  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  return { server, db: `PGlite ${version}`, loaded };
}

async function serverOnPostgres(salt, data) {
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
    loaded = await load((sql, params) => client.query(sql, params), salt, data);
  } finally {
    await client.end();
  }
  log('PostgreSQL: loaded', loaded);
  const server = await startServer({ databaseUrl: url });
  cleanups.push(() => server.close());
  return { server, db: `PostgreSQL ${version}`, loaded };
}

function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return null; }
}

function nextFromWorker(worker, type) {
  return new Promise((resolve, reject) => {
    const exited = (code) => reject(new Error(`device worker exited (${code}) while ${type} was awaited`));
    worker.once('exit', exited);
    const on = (m) => {
      if (m.type === 'log') { log(m.text); return; }
      worker.off('message', on);
      worker.off('exit', exited);
      if (m.type === 'error') reject(new Error(`device worker: ${m.text}`));
      else if (m.type !== type) reject(new Error(`device worker: expected ${type}, got ${m.type}`));
      else resolve(m);
    };
    worker.on('message', on);
  });
}

async function readStats(base, token) {
  const res = await fetch(`${base}/api/diagnostics/fences`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`diagnostics: ${JSON.stringify(body)}`);
  return body.data;
}
const finished = (s) => s.latency.counts.reduce((a, b) => a + b, 0);

/** Percentiles of a histogram (`latency` or `databaseLatency`) between two readings: the upper
 *  bound of the bucket holding each. */
function latencyBetween(before, after, field = 'latency') {
  const { boundsMs } = after[field];
  const counts = after[field].counts.map((c, i) => c - before[field].counts[i]);
  const n = counts.reduce((a, b) => a + b, 0);
  const at = (p) => {
    if (n === 0) return null;
    const rank = Math.min(n - 1, Math.floor((p / 100) * n));
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen > rank) return i < boundsMs.length ? boundsMs[i] : `>${boundsMs.at(-1)}`;
    }
    return null;
  };
  const top = counts.findLastIndex((c) => c > 0);
  return { n, p50: at(50), p95: at(95), p99: at(99), p999: at(99.9), maxBucket: top < 0 ? null : top < boundsMs.length ? boundsMs[top] : `>${boundsMs.at(-1)}` };
}

async function connectDispatchers(url, salt, alerts) {
  const sockets = [];
  await pool(Array.from({ length: settings.dispatchers }, (_, i) => FIRST_DISPATCHER_UID + i), 5, async (uid) => {
    const ws = await openSocket(`${url}?at=${encodeURIComponent(tokenFor(salt, uid))}`);
    ws.on('message', (raw) => { if (String(raw).includes('"t":"WallAlert"')) alerts.count += 1; });
    ws.on('error', () => undefined);
    await pong(ws);
    sockets.push(ws);
  });
  return sockets;
}

async function benchOn(which, salt) {
  const data = buildData({ devices: settings.devices, fences: settings.fences });
  const { server, db, loaded } = which === 'postgres' ? await serverOnPostgres(salt, data) : await serverOnPglite(salt, data);
  const admin = await login(server.base, 'admin');
  const alerts = { count: 0 };
  const dispatchers = await connectDispatchers(server.ws, salt, alerts);
  cleanups.push(() => dispatchers.forEach((ws) => ws.terminate()));
  log(`${which}: ${dispatchers.length} dispatchers; connecting ${settings.devices} devices ...`);

  const devices = Array.from({ length: settings.devices }, (_, i) => ({ uid: FIRST_DEVICE_UID + i, token: tokenFor(salt, FIRST_DEVICE_UID + i) }));
  const worker = new Worker(new URL(import.meta.url), { workerData: { url: server.ws, devices, starts: data.starts, centers: data.centers, settings } });
  cleanups.push(() => worker.terminate());
  worker.on('error', (err) => log('device worker error:', err.message));
  const connected = await nextFromWorker(worker, 'connected');
  log(`${which}: devices connected in ${connected.connectMs} ms (${connected.failed} failed)`);
  if (connected.failed > 0) throw new Error(`${connected.failed} device sockets failed to connect`);

  const t0 = Date.now() + 1000;
  worker.postMessage({ t0 });
  const sentPromise = nextFromWorker(worker, 'sent');
  sentPromise.catch(() => undefined);
  let warmup = WARMUP_ROUNDS;
  let s0;
  for (;;) {
    await sleep(t0 + warmup * PERIOD_MS - Date.now());
    s0 = await readStats(server.base, admin.auth_token);
    if (s0.reports - finished(s0) < CAUGHT_UP_REPORTS || warmup >= WARMUP_ROUNDS_MAX) break;
    warmup += 1;
  }
  const window = { from: t0 + warmup * PERIOD_MS, to: t0 + (warmup + settings.measureRounds) * PERIOD_MS };
  const cpu0 = { ms: cpuMsOf(server.pid), at: performance.now(), alerts: alerts.count, load: os.loadavg()[0] };
  log(`${which}: warm-up done, measuring ${settings.measureRounds * PERIOD_MS / 1000} s ...`);
  await sleep(window.to - Date.now());
  worker.postMessage({ type: 'stop' });
  const cpuWall = performance.now() - cpu0.at;
  const serverCpuMs = cpuMsOf(server.pid);
  const alertsSeen = alerts.count - cpu0.alerts;
  const sent = await sentPromise;
  // Drain: every report sent is evaluated (or the limit passes: then some were dropped).
  const drainFrom = Date.now();
  let s1 = await readStats(server.base, admin.auth_token);
  while (finished(s1) < sent.reports && Date.now() - drainFrom < DRAIN_LIMIT_MS) {
    await sleep(250);
    s1 = await readStats(server.base, admin.auth_token);
  }
  worker.postMessage({ type: 'close' });
  const closed = await nextFromWorker(worker, 'closed');
  const windowS = (window.to - window.from) / 1000;
  const per = (k) => round((s1[k] - s0[k]) / windowS);
  const latency = latencyBetween(s0, s1);
  const waited = latencyBetween(s0, s1, 'databaseLatency');
  const result = {
    db,
    devices: settings.devices,
    fences: loaded.fences,
    statesLoaded: loaded.states,
    dispatchers: settings.dispatchers,
    periodMs: PERIOD_MS,
    measuredS: windowS,
    warmUpS: (warmup * PERIOD_MS) / 1000,
    deviceConnectMs: connected.connectMs,
    sent: { reports: sent.reports, points: sent.points, skipped: sent.skipped, generatorMaxLagMs: sent.maxLagMs },
    reportsPerS: per('reports'),
    evaluationsPerS: per('evaluations'),
    evaluationsPerReport: round((s1.evaluations - s0.evaluations) / Math.max(1, s1.reports - s0.reports)),
    stateReadsPerS: per('stateReads'),
    stateWritesPerS: per('stateWrites'),
    alertsPerS: per('alerts'),
    wallAlertsAtOneDispatcherPerS: dispatchers.length ? round(alertsSeen / dispatchers.length / windowS) : null,
    conflicts: s1.conflicts - s0.conflicts,
    failures: s1.failures,
    addedLatencyMs: latency,
    // Reports evaluated the asynchronous way (a state to read or write): their share and latency.
    databaseRound: { share: latency.n ? round(waited.n / latency.n) : null, ...waited },
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
  log(`${which}: ${result.evaluationsPerS} evaluations/s; added p50 ${latency.p50} p99 ${latency.p99} ms; server CPU ${result.cpu.serverPctOfOneCore}%; dropped ${result.dropped}`);
  await cleanups.run();
  return result;
}

function report(r) {
  const l = r.addedLatencyMs;
  return [
    `${r.db}: ${r.devices} devices every ${r.periodMs / 1000} s against ${r.fences} fences (${r.statesLoaded} member states loaded), ${r.measuredS} s measured after ${r.warmUpS} s`,
    `  ${r.reportsPerS} reports/s, ${r.evaluationsPerS} evaluations/s (${r.evaluationsPerReport} per report); state reads ${r.stateReadsPerS}/s, writes ${r.stateWritesPerS}/s; alerts ${r.alertsPerS}/s; conflicts ${r.conflicts}`,
    `  added latency per report ms (bucket upper bounds): p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, p99.9 ${l.p999}, max bucket ${l.maxBucket} (${l.n} reports)`,
    `  of which ${Math.round(100 * r.databaseRound.share * 10) / 10}% read or wrote states: p50 ${r.databaseRound.p50}, p95 ${r.databaseRound.p95}, p99 ${r.databaseRound.p99} ms`,
    `  server CPU ${r.cpu.serverPctOfOneCore}% of one core; load average ${r.cpu.loadAvg1mAtStart} -> ${r.cpu.loadAvg1mAtEnd}; dropped ${r.dropped}, refused ${r.refusedFrames}, failures ${r.failures}`,
    `  ${r.pass ? 'PASS' : 'FAIL'}: p99 < ${TARGET.p99Ms} ms and no report dropped`,
  ].join('\n');
}

async function main() {
  const which = process.env.BENCH_DB ?? 'pglite';
  const result = {
    machine: { node: process.version, cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}`, loadAvgAtStart: os.loadavg().map(round) },
    server: path.relative(ROOT, SERVER_ENTRY),
    method: `${settings.devices} device sockets (worker thread) report every ${PERIOD_MS} ms, evenly spread, 1 in ${BATCH_EVERY} with two positions every other period; ` +
      `${settings.fences} fences, ~${Math.round(settings.fences / Math.ceil(settings.devices / GROUP_SIZE))} per device; ${WARMUP_ROUNDS}-${WARMUP_ROUNDS_MAX} warm-up periods (until the server has caught up), then ${settings.measureRounds} measured; ` +
      'figures from GET /api/diagnostics/fences read at the window start and once every report was evaluated.',
    target: { rule: `p99 < ${TARGET.p99Ms} ms of added latency per report, no report dropped` },
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
