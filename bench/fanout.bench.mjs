// Location fan-out on one node (issue 4, acceptance 4): 5,000 simulated devices each report a
// position every 5 s over /ws2 (1,000 points/s, spread evenly over the period, not in lock-step)
// while 50 dispatcher sockets of the same enterprise receive the batched `Location`/`Locations`
// frames on `dispatch/{entId}`. Prints delivered frames and points per second at the dispatchers
// and publish-to-receive latency p50/p99/max. Target: p99 < 100 ms and no point lost (every
// dispatcher receives every point sent in the measured window).
//
//   node bench/fanout.bench.mjs                 PGlite, then PostgreSQL (also part of `npm run bench`), ~3 minutes
//   BENCH_DB=pglite|postgres node ...           one of them (~1.5 minutes)
//   BENCH_FANOUT_SECONDS=60                     measured time (after 2 warm-up periods), rounded to whole 5 s periods
//   BENCH_FANOUT_DEVICES=5000 BENCH_FANOUT_DISPATCHERS=50   smaller runs while developing
//   BENCH_FANOUT_PRESENCE=1                     devices also send the online heartbeat (on connect, then every 60 s)
//   BENCH_SERVER_ENTRY=/x/main.cjs ...          measure another server bundle (to compare builds)
//
// Both databases by default, since they differ here: PGlite (what `npm start` runs) executes each
// batched location insert synchronously on the server's own event loop, the thread that also fans
// the frames out, so its inserts delay the fan-out; PostgreSQL (bench/pg.mjs) runs them in its own
// processes. The target applies to each.
//
// Layout (2 cores on the reference machine): the server is its own process (startServer); the
// 5,000 device sockets run in a worker thread of this process so that the load generator's event
// loop cannot delay the 50 measuring dispatcher sockets on the main thread. Both threads stamp with
// Date.now() on the same machine, so the point's `time` (set by the device at send) and the
// dispatcher's receive time share one clock. Each point carries its report number in `speed`
// (which the server passes through to the fanned-out point), so every dispatcher counts exactly
// which (device, report) pairs it got: loss and duplicates are exact, not estimated.
//
// Devices send no presence heartbeat by default: each device's first online heartbeat is published
// (OnLine) to every socket of the enterprise, devices included, so connecting N devices pushes
// ~N^2/2 presence frames per presence topic (measured: 1,000 devices ~1 million frames, 16 s of
// connecting; 2,000 devices two minutes; 5,000 would take far longer than this bench may).
// Positions do not depend on presence.
// BENCH_FANOUT_PRESENCE=1 measures with it, at fewer devices. The dispatchers do send heartbeats.
//
// Beside the load, one more socket pings the server every 50 ms: a long Pong round trip means the
// server's event loop was blocked, which is what delays the fan-out.
//
// Accounts and sessions are inserted set-based (no 5,000 scrypt logins): users in enterprise
// 100001 and one session each, token_hash = sha256 hex of a token this bench made up. On PGlite the
// rows go into the data folder between a first (seeding) start of the server and the measured one.
//
// Human-readable lines go to stdout, progress to stderr; the last stdout line is one JSON object.
// Everything started (servers, PostgreSQL, temp folders, the worker) is removed at the end, also on
// failure or Ctrl-C; everything listens on 127.0.0.1 only.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ROOT, SERVER_ENTRY, WebSocket, cleanupStack, ensureServerBuilt, round, startServer, intEnv } from './lib.mjs';

const ENT = 100001;
const PERIOD_MS = 5000;
const WARMUP_ROUNDS = 2;
const FIRST_DEVICE_UID = 500_001;
const FIRST_DISPATCHER_UID = 590_001;
/** A member account whose socket only measures the server's ping round trip (startPinger). */
const PROBE_UID = 599_001;
const TARGET = { p99Ms: 100, lost: 0 };
const DRAIN_MS = 2000;
const HEARTBEAT_EVERY_MS = 60_000; // like the web client (HEARTBEAT_INTERVAL_MS); the server's quiet limit is 150 s
const CONNECT_CONCURRENCY = 100;
const HISTOGRAM_MAX_MS = 60_000;


// Worker and main thread read the same settings: the worker gets them in workerData.
const settings = isMainThread ? {
  devices: intEnv('BENCH_FANOUT_DEVICES', 5000),
  dispatchers: intEnv('BENCH_FANOUT_DISPATCHERS', 50),
  measureRounds: Math.max(1, Math.round(intEnv('BENCH_FANOUT_SECONDS', 60) * 1000 / PERIOD_MS)),
  presence: process.env.BENCH_FANOUT_PRESENCE === '1',
} : workerData.settings;
const ROUNDS = WARMUP_ROUNDS + settings.measureRounds;

const log = (...a) => console.error('[fanout]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Frames, as docs/protocol.md describes them.

const heartbeatFrame = (uid, platform) => JSON.stringify({
  code: 0, topic: `icoTest/json/device/heartbeat/${ENT}/${uid}`, t: 'Heartbeat',
  data: { eid: ENT, timestamp: Date.now(), method: 1, uid, event: 0, chat_id: '', platform, cid: `fanout-${uid}`, device: 'fanout bench' },
});
/** The online heartbeat now and every 60 s while the socket is open (the web client's rhythm). */
function keepOnline(ws, uid, platform) {
  ws.send(heartbeatFrame(uid, platform));
  const timer = setInterval(() => ws.send(heartbeatFrame(uid, platform)), HEARTBEAT_EVERY_MS);
  ws.once('close', () => clearInterval(timer));
}
const PING = JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' });

/** A position near Beijing that moves a little with every report; `speed` carries the report number. */
function locationFrame(uid, seq) {
  const n = uid - FIRST_DEVICE_UID;
  return JSON.stringify({
    code: 0, topic: `icoTest/json/device/location/${ENT}/${uid}`, t: 'Location',
    data: { lng: 116.2 + (n % 100) * 0.003 + seq * 1e-4, lat: 39.8 + Math.floor(n / 100) * 0.003, coord: 0, time: Date.now(), speed: seq },
  });
}

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends a ping and waits for the Pong: the server answers only once it has checked the token and
 *  subscribed the socket to its topics, so after this the socket hears `dispatch/{entId}`. */
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

/** Runs `fn` over `items` with at most `limit` at a time (a burst of 5,000 connects would only
 *  measure the accept queue). */
async function pool(items, limit, fn) {
  let next = 0;
  const lane = async () => { while (next < items.length) { const i = next++; await fn(items[i], i); } };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Integer-millisecond histogram; percentiles as lib.mjs `percentile` picks them (sorted[floor(p*n)]). */
class Histogram {
  counts = new Uint32Array(HISTOGRAM_MAX_MS + 1);
  n = 0;
  max = 0;
  add(ms) {
    const v = Math.max(0, Math.min(HISTOGRAM_MAX_MS, Math.round(ms)));
    this.counts[v] += 1;
    this.n += 1;
    if (ms > this.max) this.max = ms;
  }
  percentile(p) {
    if (this.n === 0) return null;
    const rank = Math.min(this.n - 1, Math.floor((p / 100) * this.n));
    let seen = 0;
    for (let v = 0; v < this.counts.length; v += 1) {
      seen += this.counts[v];
      if (seen > rank) return v;
    }
    return HISTOGRAM_MAX_MS;
  }
  summary() {
    return { n: this.n, p50: this.percentile(50), p99: this.percentile(99), p999: this.percentile(99.9), max: this.n ? round(this.max) : null };
  }
}

// ---------------------------------------------------------------------------------------------
// Worker thread: the devices. Connects them (with BENCH_FANOUT_PRESENCE=1 each also keeps itself
// online with heartbeats), then from `t0` every device sends ROUNDS reports, device i of N at t0 + round * PERIOD + i * PERIOD / N (open loop:
// a send that is late is still sent, and its lateness is recorded as generator lag).

async function runDevices({ url, devices }) {
  const sockets = new Array(devices.length).fill(null);
  const received = { frames: 0, bytes: 0, byTopic: {} };
  const closes = {};
  const t0Connect = performance.now();
  let failed = 0;
  await pool(devices, CONNECT_CONCURRENCY, async ({ uid, token }, i) => {
    try {
      const ws = await openSocket(`${url}?at=${encodeURIComponent(token)}`);
      ws.on('message', (data) => {
        // Count what the server pushes to devices; the topic is in the first bytes of every frame.
        received.frames += 1;
        received.bytes += data.length;
        const head = data.toString('utf8', 0, 64);
        const topic = /"topic":"([^"/]+)/.exec(head)?.[1] ?? '?';
        received.byTopic[topic] = (received.byTopic[topic] ?? 0) + 1;
      });
      ws.on('close', (code) => { closes[code] = (closes[code] ?? 0) + 1; sockets[i] = null; });
      ws.on('error', () => undefined);
      if (settings.presence) keepOnline(ws, uid, 'android');
      await pong(ws);
      sockets[i] = ws;
    } catch (err) {
      failed += 1;
      if (failed <= 3) parentPort.postMessage({ type: 'log', text: `device ${uid}: ${err.message}` });
    }
  });
  const connectMs = Math.round(performance.now() - t0Connect);
  const resetCounters = () => { received.frames = 0; received.bytes = 0; received.byTopic = {}; received.since = performance.now(); };
  parentPort.postMessage({ type: 'connected', connectMs, failed, duringConnect: { ...received } });
  resetCounters();

  const { t0 } = await new Promise((r) => parentPort.once('message', r));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const lag = new Histogram();
  const total = ROUNDS * devices.length;
  let next = 0;
  let skipped = 0;
  const dueAt = (e) => t0 + Math.floor(e / devices.length) * PERIOD_MS + ((e % devices.length) * PERIOD_MS) / devices.length;
  await new Promise((resolve) => {
    const tick = () => {
      const now = Date.now();
      while (next < total && dueAt(next) <= now) {
        const i = next % devices.length;
        const ws = sockets[i];
        if (ws) {
          lag.add(Date.now() - dueAt(next));
          ws.send(locationFrame(devices[i].uid, Math.floor(next / devices.length)));
        } else skipped += 1;
        next += 1;
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, Math.max(0, t0 - Date.now()));
  });
  loop.disable();
  parentPort.postMessage({
    type: 'sent', sent: total - skipped, skipped, sendLagMs: lag.summary(),
    loopDelayMs: { p50: round(loop.percentile(50) / 1e6), p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
  });

  await new Promise((r) => parentPort.once('message', r)); // `stop`, after the drain
  const seconds = (performance.now() - received.since) / 1000;
  parentPort.postMessage({
    type: 'received', closes, open: sockets.filter(Boolean).length, byTopic: received.byTopic,
    framesPerS: Math.round(received.frames / seconds), mibPerS: round(received.bytes / 2 ** 20 / seconds),
  });
  for (const ws of sockets) ws?.terminate();
}

if (!isMainThread) {
  runDevices(workerData).catch((err) => parentPort.postMessage({ type: 'error', text: err.stack ?? String(err) }));
}

// ---------------------------------------------------------------------------------------------
// Main thread: data set, server, dispatchers, measurement.

/** Tokens are `<salt>-<uid>`; the database stores only their sha256, as the server does. */
const tokenFor = (salt, uid) => `${salt}-${uid}`;
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/** Set-based: devices (role 0, handset sessions) and dispatchers (role 1, web sessions, one
 *  account each, since a newer web login of an account would revoke the older one). They reuse the
 *  demo admin's password hash; nobody logs in with it. The same SQL text on both databases. */
function loadSql(salt) {
  const devices = settings.devices;
  const dispatchers = settings.dispatchers;
  return `
update enterprises set max_members = greatest(max_members, ${devices + dispatchers + 1000}) where id = ${ENT};
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DEVICE_UID - 1} + i, ${ENT}, 'fanout-dev-' || lpad(i::text, 5, '0'), 'Fan-out device ' || i, h.password_hash, 0
  from generate_series(1, ${devices}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DISPATCHER_UID - 1} + i, ${ENT}, 'fanout-disp-' || lpad(i::text, 3, '0'), 'Fan-out dispatcher ' || i, h.password_hash, 1
  from generate_series(1, ${dispatchers}) i, (select password_hash from users where ent_id = ${ENT} and account = 'admin') h;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${PROBE_UID}, ${ENT}, 'fanout-probe', 'Fan-out probe', password_hash, 0 from users where ent_id = ${ENT} and account = 'admin';
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
insert into sessions (token_hash, user_id, ent_id, client_id, platform)
select encode(sha256(convert_to('${salt}-' || u.id, 'UTF8')), 'hex'), u.id, u.ent_id, 'fanout-' || u.id,
       case when u.role = 1 then 'web' else 'android' end
  from users u
 where u.ent_id = ${ENT} and (u.id between ${FIRST_DEVICE_UID} and ${FIRST_DEVICE_UID + devices - 1}
                          or u.id between ${FIRST_DISPATCHER_UID} and ${FIRST_DISPATCHER_UID + dispatchers - 1} or u.id = ${PROBE_UID});`;
}

const CHECK_SQL = (salt) => `select count(*)::int as sessions,
  count(*) filter (where s.token_hash = '${sha256(tokenFor(salt, FIRST_DEVICE_UID))}')::int as "firstTokenMatches"
  from sessions s where s.client_id like 'fanout-%'`;

const cleanups = isMainThread ? cleanupStack(log) : null;
const cleanup = () => cleanups.run();

/** PGlite: the first start creates, migrates and seeds the folder; the bench adds its rows with the
 *  server stopped (the database lives inside the server process), then starts it again. */
async function serverOnPglite(salt) {
  const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm'); // the server opens the folder with it
  const pgliteVersion = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-fanout-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  log('PGlite: creating, migrating and seeding through the server ...');
  const first = await startServer({ dataDir });
  await first.close();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    await db.exec(`begin; ${loadSql(salt)}; commit;`);
    for (const table of ['users', 'sessions']) await db.exec(`vacuum analyze ${table}`);
    const check = (await db.query(CHECK_SQL(salt))).rows[0];
    log('PGlite: loaded', check);
  } finally {
    await db.close();
  }
  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  return { server, db: `PGlite ${pgliteVersion}` };
}

async function serverOnPostgres(salt) {
  const { pg, startPostgres } = await import('./pg.mjs');
  log('PostgreSQL: starting ...');
  const pgServer = await startPostgres({ shared_buffers: '256MB' });
  cleanups.push(() => pgServer.stop());
  const admin = new pg.Client({ connectionString: pgServer.url });
  await admin.connect();
  await admin.query('create database ptt_bench');
  await admin.end();
  const url = pgServer.urlFor('ptt_bench');
  const server = await startServer({ databaseUrl: url });
  cleanups.push(() => server.close());
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const version = (await client.query('show server_version')).rows[0].server_version;
    await client.query(`begin; ${loadSql(salt)}; commit;`);
    for (const table of ['users', 'sessions']) await client.query(`vacuum analyze ${table}`);
    log('PostgreSQL: loaded', (await client.query(CHECK_SQL(salt))).rows[0]);
    return { server, db: `PostgreSQL ${version}` };
  } finally {
    await client.end();
  }
}

/** The server's pid (a child of this process running the bundle), for its CPU time; Linux only. */
function serverPid() {
  try {
    const kids = readdirSync(`/proc/${process.pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    return kids.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.basename(SERVER_ENTRY))) ?? null;
  } catch { return null; }
}
/** utime + stime of a process in ms (clock ticks are 100 Hz on Linux). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return null; }
}

/**
 * One dispatcher socket's bookkeeping. `counts[device * ROUNDS + report]` is how often it received
 * that report, so a lost or duplicated point is known exactly.
 */
function newDispatcher(uid) {
  return { uid, ws: null, counts: new Uint8Array(settings.devices * ROUNDS), frames: 0, framesInWindow: 0, pointsInWindow: 0, foreign: 0, closeCode: null };
}

function onDispatcherMessage(d, raw, run) {
  const now = Date.now();
  const frame = JSON.parse(raw);
  if (frame.topic !== `dispatch/${ENT}`) return;
  const points = frame.t === 'Location' ? [frame.data] : frame.t === 'Locations' ? frame.data.points : null;
  if (!points) return;
  d.frames += 1;
  const inWindow = run.window && now >= run.window.from && now < run.window.to;
  if (inWindow) d.framesInWindow += 1;
  for (const p of points) {
    const device = p.uid - FIRST_DEVICE_UID;
    const report = p.speed;
    if (device < 0 || device >= settings.devices || !Number.isInteger(report) || report < 0 || report >= ROUNDS) {
      d.foreign += 1;
      continue;
    }
    d.counts[device * ROUNDS + report] += 1;
    if (inWindow) d.pointsInWindow += 1;
    if (report >= WARMUP_ROUNDS) run.latency.add(now - p.time);
  }
}

/**
 * The server's responsiveness beside the fan-out: a Ping every 50 ms on one more socket (a member,
 * so it does not add a dispatcher to the fan-out), its Pong round trip recorded. A long round trip means the server's event loop was busy (e.g. PGlite
 * running an insert on it), which delays the fan-out timers by as much.
 */
async function startPinger(url, salt, uid) {
  const ws = await openSocket(`${url}?at=${encodeURIComponent(tokenFor(salt, uid))}`);
  ws.on('error', () => undefined);
  await pong(ws);
  const rtt = new Histogram();
  const sentAt = [];
  ws.on('message', (raw) => {
    if (String(raw).includes('"t":"Pong"') && sentAt.length > 0) rtt.add(performance.now() - sentAt.shift());
  });
  const timer = setInterval(() => { sentAt.push(performance.now()); ws.send(PING); }, 50);
  return { rtt, stop: () => { clearInterval(timer); ws.terminate(); } };
}

async function connectDispatchers(url, salt, run) {
  const dispatchers = Array.from({ length: settings.dispatchers }, (_, i) => newDispatcher(FIRST_DISPATCHER_UID + i));
  await pool(dispatchers, 10, async (d) => {
    const ws = await openSocket(`${url}?at=${encodeURIComponent(tokenFor(salt, d.uid))}`);
    d.ws = ws;
    ws.on('message', (raw) => onDispatcherMessage(d, raw, run));
    ws.on('close', (code) => { d.closeCode = code; });
    ws.on('error', () => undefined);
    // Like the web client: two online heartbeats on open, then one every 60 s.
    ws.send(heartbeatFrame(d.uid, 'web'));
    keepOnline(ws, d.uid, 'web');
    await pong(ws);
  });
  return dispatchers;
}

/** Waits for the worker's next message of `type` (its `log` lines go to stderr meanwhile). */
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

/** Every dispatcher against every measured report: lost (never received) and duplicated. */
function tally(dispatchers) {
  let expected = 0;
  let received = 0;
  let lost = 0;
  let duplicates = 0;
  const lostByDispatcher = [];
  for (const d of dispatchers) {
    let lostHere = 0;
    for (let device = 0; device < settings.devices; device += 1) {
      for (let report = WARMUP_ROUNDS; report < ROUNDS; report += 1) {
        const c = d.counts[device * ROUNDS + report];
        expected += 1;
        if (c === 0) lostHere += 1;
        else { received += 1; duplicates += c - 1; }
      }
    }
    lost += lostHere;
    lostByDispatcher.push(lostHere);
  }
  return { expected, received, lost, duplicates, dispatchersWithLoss: lostByDispatcher.filter((n) => n > 0).length };
}

async function benchOn(which, salt) {
  const { server, db } = which === 'postgres' ? await serverOnPostgres(salt) : await serverOnPglite(salt);
  const pid = serverPid();
  const run = { latency: new Histogram(), window: null };

  // Dispatchers first, so they also hear the devices come online, as in the field.
  const dispatchers = await connectDispatchers(server.ws, salt, run);
  cleanups.push(() => dispatchers.forEach((d) => d.ws?.terminate()));
  log(`${which}: ${dispatchers.length} dispatchers connected; connecting ${settings.devices} devices ...`);

  const devices = Array.from({ length: settings.devices }, (_, i) => ({ uid: FIRST_DEVICE_UID + i, token: tokenFor(salt, FIRST_DEVICE_UID + i) }));
  const worker = new Worker(new URL(import.meta.url), { workerData: { url: server.ws, devices, settings } });
  cleanups.push(() => worker.terminate());
  worker.on('error', (err) => log('device worker error:', err.message));
  const connected = await nextFromWorker(worker, 'connected');
  log(`${which}: devices connected in ${connected.connectMs} ms (${connected.failed} failed)`);
  if (connected.failed > 0) throw new Error(`${connected.failed} device sockets failed to connect`);

  // Reports start 1 s from now; the measured window is the reports after the warm-up rounds.
  const t0 = Date.now() + 1000;
  run.window = { from: t0 + WARMUP_ROUNDS * PERIOD_MS, to: t0 + ROUNDS * PERIOD_MS };
  const loop = monitorEventLoopDelay({ resolution: 5 });
  worker.postMessage({ t0 });
  const sentPromise = nextFromWorker(worker, 'sent');
  sentPromise.catch(() => undefined); // awaited below; a Ctrl-C cleanup meanwhile must not crash the process
  await sleep(run.window.from - Date.now());
  loop.enable();
  const pinger = await startPinger(server.ws, salt, PROBE_UID);
  cleanups.push(() => pinger.stop());
  const cpu0 = { server: cpuMsOf(pid), bench: process.cpuUsage(), at: performance.now() };
  log(`${which}: warm-up done, measuring ${settings.measureRounds * PERIOD_MS / 1000} s ...`);
  const sent = await sentPromise;
  const windowS = (run.window.to - run.window.from) / 1000;
  const cpuWall = performance.now() - cpu0.at;
  const cpu = {
    serverPctOfOneCore: pid && cpu0.server !== null ? Math.round((100 * (cpuMsOf(pid) - cpu0.server)) / cpuWall) : null,
    benchPctOfOneCore: Math.round((100 * ((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpu0.bench))) / cpuWall),
  };
  loop.disable();
  pinger.stop();
  await sleep(DRAIN_MS);
  worker.postMessage({ type: 'stop' });
  const devicesSide = await nextFromWorker(worker, 'received');

  const t = tally(dispatchers);
  const frames = dispatchers.reduce((s, d) => s + d.framesInWindow, 0);
  const points = dispatchers.reduce((s, d) => s + d.pointsInWindow, 0);
  const result = {
    db,
    devices: settings.devices,
    dispatchers: settings.dispatchers,
    periodMs: PERIOD_MS,
    measuredS: windowS,
    deviceConnectMs: connected.connectMs,
    reportsSentWithWarmUp: sent.sent,
    pointsSentPerS: round((settings.devices * settings.measureRounds) / windowS),
    delivered: { framesPerS: Math.round(frames / windowS), pointsPerS: Math.round(points / windowS), pointsPerFrame: frames ? round(points / frames) : null },
    latencyMs: run.latency.summary(),
    ...t,
    skippedSends: sent.skipped,
    foreignPoints: dispatchers.reduce((s, d) => s + d.foreign, 0),
    dispatcherCloses: dispatchers.filter((d) => d.closeCode !== null).map((d) => d.closeCode),
    deviceCloses: devicesSide.closes,
    // What the server pushed to the device sockets while they reported (and, apart, while they connected).
    toDevices: { framesPerS: devicesSide.framesPerS, mibPerS: devicesSide.mibPerS, byTopic: devicesSide.byTopic, duringConnect: connected.duringConnect },
    generator: { sendLagMs: sent.sendLagMs, loopDelayMs: sent.loopDelayMs },
    serverPingRttMs: pinger.rtt.summary(),
    measurer: { loopDelayMs: { p50: round(loop.percentile(50) / 1e6), p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) } },
    cpu,
  };
  result.pass = result.latencyMs.p99 !== null && result.latencyMs.p99 < TARGET.p99Ms && result.lost === TARGET.lost && result.skippedSends === 0;
  log(`${which}: p50 ${result.latencyMs.p50} p99 ${result.latencyMs.p99} max ${result.latencyMs.max} ms; lost ${result.lost} of ${result.expected}; ` +
    `${result.delivered.framesPerS} frames/s, ${result.delivered.pointsPerS} points/s delivered`);
  await cleanup();
  return result;
}

function report(r) {
  return [
    `${r.db}: ${r.devices} devices every ${r.periodMs / 1000} s (${r.pointsSentPerS} points/s), ${r.dispatchers} dispatcher sockets, ${r.measuredS} s measured`,
    `  delivered to dispatchers: ${r.delivered.framesPerS} frames/s, ${r.delivered.pointsPerS} points/s (${r.delivered.pointsPerFrame} points per frame)`,
    `  publish-to-receive latency ms: p50 ${r.latencyMs.p50}, p99 ${r.latencyMs.p99}, p99.9 ${r.latencyMs.p999}, max ${r.latencyMs.max} (${r.latencyMs.n} points)`,
    `  lost ${r.lost} of ${r.expected} (dispatchers with loss: ${r.dispatchersWithLoss}), duplicates ${r.duplicates}, sends skipped ${r.skippedSends}`,
    `  pushed to device sockets while reporting: ${r.toDevices.framesPerS} frames/s, ${r.toDevices.mibPerS} MiB/s ${JSON.stringify(r.toDevices.byTopic)}`,
    `  server ping round trip ms (every 50 ms beside the load): p50 ${r.serverPingRttMs.p50}, p99 ${r.serverPingRttMs.p99}, max ${r.serverPingRttMs.max}`,
    `  CPU (% of one core, measured window): server ${r.cpu.serverPctOfOneCore}, bench (devices + dispatchers) ${r.cpu.benchPctOfOneCore}; ` +
      `generator send lag p99 ${r.generator.sendLagMs.p99} ms; measuring loop delay p99 ${r.measurer.loopDelayMs.p99} ms; devices connected in ${(r.deviceConnectMs / 1000).toFixed(1)} s`,
    `  ${r.pass ? 'PASS' : 'FAIL'}: p99 < ${TARGET.p99Ms} ms and no point lost`,
  ].join('\n');
}

async function main() {
  const which = process.env.BENCH_DB ?? 'both';
  const result = {
    machine: { node: process.version, cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.release()}`, loadAvgAtStart: os.loadavg().map(round) },
    server: path.relative(ROOT, SERVER_ENTRY),
    method: `${settings.devices} device sockets (worker thread) report every ${PERIOD_MS} ms, evenly spread; ${settings.dispatchers} dispatcher sockets (main thread). ` +
      `${WARMUP_ROUNDS} warm-up periods, then ${settings.measureRounds} measured; latency = dispatcher receive Date.now() - point.time (device Date.now() at send), ` +
      `every measured point at every dispatcher; lost = (device, report) pairs a dispatcher never received, ${DRAIN_MS} ms after the last send.`,
    target: { rule: `on each database: p99 < ${TARGET.p99Ms} ms, no point lost` },
  };
  let exitCode = 0;
  try {
    ensureServerBuilt(log);
    const salt = randomBytes(12).toString('hex');
    if (which !== 'postgres') result.pglite = await benchOn('pglite', salt);
    if (which !== 'pglite') result.postgres = await benchOn('postgres', salt);
    const runs = [result.pglite, result.postgres].filter(Boolean);
    result.target.pass = runs.every((r) => r.pass);
    if (!result.target.pass) exitCode = 2;
    result.machine.loadAvgAtEnd = os.loadavg().map(round);
    console.log(`Node ${process.version}; ${result.machine.cpu} x${result.machine.cpus}; ${result.machine.memGiB} GiB; ${result.machine.platform}; ` +
      `load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`);
    for (const r of runs) console.log(report(r));
  } catch (err) {
    exitCode = 1;
    result.error = err instanceof Error ? err.stack : String(err);
    log(result.error);
  } finally {
    await cleanup();
  }
  console.log(JSON.stringify(result));
  process.exitCode = exitCode;
}

if (isMainThread) await main();
