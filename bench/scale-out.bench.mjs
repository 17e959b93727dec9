// Scale-out behind one address (issue 25): two server nodes on one PostgreSQL and one Redis, a
// shared files folder, behind the test load balancer (bench/lb.mjs, server/test/lb-proxy.ts);
// 10,000 devices and 100 consoles connect only through the balancer. Then one node is killed with
// SIGKILL. Prints: how long until every client of the killed node was connected again (p50, p95,
// max, counted from the kill), acknowledged REST writes lost (must be 0), presence right again,
// memory and CPU per node before and after, and the latency of a broadcast frame (a console's chat
// message to its organisation's channel, received by every device of it) before and after.
//
//   node bench/scale-out.bench.mjs                         10,000 devices, 100 consoles, 100 organisations
//   BENCH_DEVICES=1000 BENCH_CONSOLES=20 node ...          smaller (develop here; the machine has 2 cores)
//   BENCH_ORGS=100                                         organisations the clients are spread over
//   BENCH_LB_WORKERS=2                                     balancer processes (see bench/lb.mjs: open-files limit)
//   BENCH_SOURCE_ADDRESSES=4                               devices connect from 127.0.0.2 ... 127.0.0.5
//   BENCH_NODE_B_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' Node switches for the survivor (a CPU profile of the take-over)
//
// Limits at 10,000: open files are 20,000 per process here (hard), so the balancer runs as two
// processes (bench/lb.mjs) and the devices stay in one; loopback ephemeral ports (32768-60999, about
// 28,000 per source and destination) would be shared by first connections and reconnects, so the
// devices connect from several loopback source addresses.
//
// Organisations: every socket of an organisation hears every presence change of it (twice:
// enterprise and handset topics), so N clients in one organisation cost about 2 N^2 frames to
// connect (bench/fanout.bench.mjs measured 1,000 devices at a million frames). 10,000 in one would be
// 200 million frames, far beyond what the two cores can push in a bench run, and not how a
// deployment of this size looks: it serves many organisations. 100 organisations of 100 devices and
// one console each is 2 million frames.
//
// Clients: devices run in a worker thread (as in the fan-out bench) so the load generator cannot
// delay the measuring main thread; they announce themselves online on every open and reconnect as
// the simulator does (simulator/src/limit.ts backoffMs: 1 s plus up to 1 s of jitter after the
// first failure). Consoles (main thread) reconnect after 1 s as the web console's socket bridge does
// (RECONNECT_BASE_DELAY_MS). Writers: 20 consoles each send a personal message every 600 ms through
// the balancer (the chat send limit is 10 in 5 s); an answer with code 0 is an acknowledged write,
// and after the kill every acknowledged id must be in the database.
//
// PRESENCE_NODE_TTL_MS: the server's default (15 s; BENCH_PRESENCE_TTL_MS to try another). A client
// that moves before the dead node's key expires is never shown offline: its new connection is not
// its first. One that moves after it counts as gone (OnLine offline to its whole organisation) and
// then as new (OnLine online), two frames to every socket of its organisation, pushed by the
// survivor while it is busiest. At 10,000 devices a 5 s TTL did exactly that to most of the 5,000
// movers and the take-over stretched to p50 28 s; at 15 s nobody flaps (docs/reliability.md).
//
// Accounts, organisations, channels and sessions are inserted set-based (token_hash = sha256 hex of
// a token this bench made up), as in the fan-out bench. Human-readable lines on stdout, progress on
// stderr; the last stdout line is one JSON object. Everything listens on 127.0.0.1 only and is
// removed at the end, also on failure or Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ROOT, SERVER_ENTRY, WebSocket, cleanupStack, ensureServerBuilt, round, startServer, intEnv } from './lib.mjs';
import { cpuMsOf, nextFromWorker, pool } from './socket-devices.mjs';

const FIRST_ORG = 300_001;
const FIRST_DEVICE_UID = 3_000_001;
const FIRST_CONSOLE_UID = 3_900_001;
const NODE_TTL_MS = Number(process.env.BENCH_PRESENCE_TTL_MS ?? 15_000);
const MOVE_TARGET_MS = 10_000;
const WRITERS = 20;
/** As simulator/src/device.ts's HEARTBEAT_EVERY_MS. */
const HEARTBEAT_EVERY_MS = 60_000;
const WRITE_EVERY_MS = 600;
const CONNECT_CONCURRENCY = 50;
const BROADCAST_ROUNDS = 3;

const settings = isMainThread ? {
  devices: intEnv('BENCH_DEVICES', 10_000),
  consoles: intEnv('BENCH_CONSOLES', 100),
  orgs: intEnv('BENCH_ORGS', 100),
  lbWorkers: intEnv('BENCH_LB_WORKERS', 2),
  sourceAddresses: intEnv('BENCH_SOURCE_ADDRESSES', 4),
} : workerData.settings;
const log = (...a) => console.error('[scale-out]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const orgOfDevice = (i) => FIRST_ORG + (i % settings.orgs);
const orgOfConsole = (i) => FIRST_ORG + (i % settings.orgs);
const tokenFor = (salt, uid) => `${salt}-${uid}`;

const heartbeat = (ent, uid, platform) => JSON.stringify({
  code: 0, topic: `icoTest/json/device/heartbeat/${ent}/${uid}`, t: 'Heartbeat',
  data: { eid: ent, timestamp: Date.now(), method: 1, uid, event: 0, chat_id: '', platform, cid: `scale-${uid}`, device: 'scale-out bench' },
});

function percentiles(xs) {
  if (xs.length === 0) return { n: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] };
}

/**
 * One client that stays connected: opens, announces itself online, and after any close reconnects
 * after `delay(failures)`. Records when each close and open happened (Date.now()).
 */
function keepConnected({ url, ent, uid, platform, delay, onFrame, localAddress }) {
  const c = { uid, ws: null, open: false, opens: 0, failures: 0, closedAt: null, openedAt: null, stopped: false };
  const connect = () => {
    const ws = new WebSocket(url, localAddress ? { localAddress } : undefined);
    c.ws = ws;
    ws.on('open', () => {
      c.open = true;
      c.opens += 1;
      c.failures = 0;
      c.openedAt = Date.now();
      ws.send(heartbeat(ent, uid, platform));
    });
    // Every HEARTBEAT_EVERY_MS as the simulator's devices (the server counts a connection quiet
    // for 150 s as offline), at a phase of its own so the fleet does not beat in step.
    let every = null;
    const beat = () => {
      if (c.ws === ws && ws.readyState === WebSocket.OPEN) ws.send(heartbeat(ent, uid, platform));
    };
    const phase = setTimeout(() => { beat(); every = setInterval(beat, HEARTBEAT_EVERY_MS); every.unref(); }, Math.floor(Math.random() * HEARTBEAT_EVERY_MS));
    phase.unref();
    ws.on('close', () => { clearTimeout(phase); if (every) clearInterval(every); });
    ws.on('message', (raw) => onFrame?.(raw));
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (c.ws !== ws) return;
      if (c.open) c.closedAt = Date.now();
      c.open = false;
      if (c.stopped) return;
      c.failures += 1;
      setTimeout(connect, delay(c.failures));
    });
  };
  connect();
  c.stop = () => { c.stopped = true; c.ws?.terminate(); };
  return c;
}

// ---------------------------------------------------------------------------------------------
// Worker thread: the devices.

async function runDevices({ url, salt }) {
  const simulatorBackoff = (n) => Math.min(1000 * 2 ** Math.max(0, n - 1), 30_000) + Math.floor(Math.random() * 1000);
  const latencies = [];
  let measuring = false;
  const onFrame = (raw) => {
    if (!measuring) return;
    const text = raw.toString();
    // A broadcast: a chat Message whose text is "bcast <sent at>".
    if (!text.includes('"t":"Message"')) return;
    const m = /"text":"bcast (\d+)"/.exec(text);
    if (m) latencies.push(Date.now() - Number(m[1]));
  };
  const clients = [];
  const t0 = Date.now();
  await pool(Array.from({ length: settings.devices }, (_, i) => i), CONNECT_CONCURRENCY, async (i) => {
    const uid = FIRST_DEVICE_UID + i;
    // Spread over 127.0.0.2, .3 ...: each source address has its own ephemeral ports (see the head).
    const localAddress = `127.0.0.${2 + (i % settings.sourceAddresses)}`;
    const c = keepConnected({ url: `${url}?at=${encodeURIComponent(tokenFor(salt, uid))}`, ent: orgOfDevice(i), uid, platform: 'android', delay: simulatorBackoff, onFrame, localAddress });
    clients.push(c);
    while (!c.open) await sleep(20);
  });
  parentPort.postMessage({ type: 'connected', ms: Date.now() - t0 });
  parentPort.on('message', (m) => {
    if (m.type === 'measure') { latencies.length = 0; measuring = true; parentPort.postMessage({ type: 'measuring' }); }
    if (m.type === 'latencies') { measuring = false; parentPort.postMessage({ type: 'latencies', latencies: [...latencies] }); }
    if (m.type === 'count') parentPort.postMessage({ type: 'count', open: clients.filter((c) => c.open).length });
    if (m.type === 'moves') {
      // Clients whose socket closed after the kill: when they were open again (null: not yet).
      const moved = clients.filter((c) => c.closedAt !== null && c.closedAt >= m.killedAt);
      parentPort.postMessage({ type: 'moves', closed: moved.length, back: moved.filter((c) => c.open).map((c) => c.openedAt - m.killedAt) });
    }
    if (m.type === 'stop') { for (const c of clients) c.stop(); parentPort.postMessage({ type: 'stopped' }); }
  });
}

if (!isMainThread) runDevices(workerData).catch((err) => parentPort.postMessage({ type: 'error', text: err.stack ?? String(err) }));

// ---------------------------------------------------------------------------------------------
// Main thread.

/** Organisations, devices (role 0), consoles (role 1, web sessions), one channel per organisation
 *  with all its devices and consoles. The demo admin's password hash; nobody logs in. */
function loadSql(salt) {
  const { devices, consoles, orgs } = settings;
  return `
insert into enterprises (id, name, valid_until, max_members)
select ${FIRST_ORG - 1} + o, 'Scale org ' || o, now() + interval '5 years', 100000 from generate_series(1, ${orgs}) o;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_DEVICE_UID - 1} + i, ${FIRST_ORG} + ((i - 1) % ${orgs}), 'scale-dev-' || i, 'Device ' || i, h.password_hash, 0
  from generate_series(1, ${devices}) i, (select password_hash from users where account = 'admin' order by id limit 1) h;
insert into users (id, ent_id, account, nickname, password_hash, role)
select ${FIRST_CONSOLE_UID - 1} + i, ${FIRST_ORG} + ((i - 1) % ${orgs}), 'scale-con-' || i, 'Console ' || i, h.password_hash, 1
  from generate_series(1, ${consoles}) i, (select password_hash from users where account = 'admin' order by id limit 1) h;
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
insert into channels (ent_id, name, is_enterprise) select id, 'All of ' || name, true from enterprises where id >= ${FIRST_ORG};
insert into channel_members (channel_id, ent_id, user_id, role, level)
select c.id, u.ent_id, u.id, u.role, case when u.role = 1 then 1 else 0 end from users u join channels c on c.ent_id = u.ent_id where u.ent_id >= ${FIRST_ORG};
insert into sessions (token_hash, user_id, ent_id, client_id, platform)
select encode(sha256(convert_to('${salt}-' || u.id, 'UTF8')), 'hex'), u.id, u.ent_id, 'scale-' || u.id, case when u.role = 1 then 'web' else 'android' end
  from users u where u.ent_id >= ${FIRST_ORG};`;
}

/** Resident memory (MiB) of a process, from /proc. */
function rssMiB(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch { return null; }
}

/** CPU (% of one core) and memory of each process over `ms`. */
async function usage(pids, ms) {
  const before = pids.map(([, pid]) => cpuMsOf(pid));
  await sleep(ms);
  return Object.fromEntries(pids.map(([name, pid], i) => [name, { cpuPctOfOneCore: Math.round((100 * (cpuMsOf(pid) - before[i])) / ms), rssMiB: rssMiB(pid) }]));
}

async function rest(base, method, url, token, body) {
  try {
    const res = await fetch(`${base}${url}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!(res.headers.get('content-type') ?? '').includes('json')) return null;
    return await res.json();
  } catch { return null; }
}

/** Every console of an organisation lists its devices and consoles online: the count that is missing. */
async function presenceMissing(base, salt) {
  let missing = 0;
  // 25 at a time: a round of 100 organisations must not take seconds itself while the survivor is busy.
  await pool(Array.from({ length: Math.min(settings.orgs, settings.consoles) }, (_, o) => o), 25, async (o) => {
    const ent = FIRST_ORG + o;
    const expected = Math.ceil((settings.devices - o) / settings.orgs) + Math.ceil((settings.consoles - o) / settings.orgs);
    const r = await rest(base, 'GET', '/api/presence', tokenFor(salt, FIRST_CONSOLE_UID + o));
    const n = r?.code === 0 ? r.data.length : 0;
    missing += Math.max(0, expected - n);
    if (n > expected) throw new Error(`organisation ${ent}: ${n} online, more than its ${expected} clients`);
  });
  return missing;
}

/** One console per organisation posts "bcast <now>" to its organisation's channel; the devices
 *  measure the delay. Returns the latencies of every delivery. */
async function broadcast(base, salt, worker, channelOf) {
  await (worker.postMessage({ type: 'measure' }), nextFromWorker(worker, 'measuring', log));
  for (let round = 0; round < BROADCAST_ROUNDS; round++) {
    await pool(Array.from({ length: Math.min(settings.orgs, settings.consoles) }, (_, o) => o), 20, async (o) => {
      const chatId = `${FIRST_ORG + o}-1-${channelOf.get(FIRST_ORG + o)}`;
      const r = await rest(base, 'POST', `/api/chats/${chatId}/messages`, tokenFor(salt, FIRST_CONSOLE_UID + o), { type: 0, content: { text: `bcast ${Date.now()}` } });
      if (r?.code !== 0) log('broadcast failed', JSON.stringify(r));
    });
    await sleep(2000);
  }
  worker.postMessage({ type: 'latencies' });
  const { latencies } = await nextFromWorker(worker, 'latencies', log);
  const expected = BROADCAST_ROUNDS * settings.devices;
  return { ...percentiles(latencies), expected };
}

const cleanups = isMainThread ? cleanupStack(log) : null;

async function main() {
  const result = {
    machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), loadAvgAtStart: os.loadavg().map(round) },
    settings: { ...settings, presenceNodeTtlMs: NODE_TTL_MS, writers: WRITERS, writeEveryMs: WRITE_EVERY_MS },
  };
  let exitCode = 0;
  try {
    ensureServerBuilt(log);
    const tsxApi = createRequire(path.join(ROOT, 'server', 'package.json')).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
    const { tsImport } = await import(pathToFileURL(tsxApi).href);
    const { startRedis } = await tsImport(path.join(ROOT, 'server', 'test', 'redis-harness.ts'), import.meta.url);
    const { pg, startPostgres } = await import('./pg.mjs');
    const { startLb } = await import('./lb.mjs');

    log('starting PostgreSQL and Redis ...');
    const pgServer = await startPostgres({ shared_buffers: '256MB', max_connections: '200' });
    cleanups.push(() => pgServer.stop());
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('create database ptt_scale');
    await admin.end();
    const dbUrl = pgServer.urlFor('ptt_scale');
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-scale-files-'));
    cleanups.push(() => rmSync(filesDir, { recursive: true, force: true }));
    const env = { REDIS_URL: redis.url, PRESENCE_NODE_TTL_MS: String(NODE_TTL_MS), FILES_DIR: filesDir, LOG_LEVEL: 'warn' };
    // One after the other: the first migrates and seeds the empty database.
    log('starting node A (migrates), then node B ...');
    const nodeA = await startServer({ databaseUrl: dbUrl, env });
    cleanups.push(() => nodeA.stop());
    // BENCH_NODE_B_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": Node switches for the survivor only.
    const nodeB = await startServer({ databaseUrl: dbUrl, env, nodeArgs: (process.env.BENCH_NODE_B_ARGS ?? '').split(' ').filter(Boolean) });
    cleanups.push(() => nodeB.close());

    const salt = randomBytes(12).toString('hex');
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query(`begin; ${loadSql(salt)} commit;`);
    for (const t of ['users', 'sessions', 'channel_members']) await client.query(`vacuum analyze ${t}`);
    const channelOf = new Map((await client.query(`select ent_id, id from channels where ent_id >= ${FIRST_ORG}`)).rows.map((r) => [r.ent_id, r.id]));
    result.db = `PostgreSQL ${(await client.query('show server_version')).rows[0].server_version}`;

    // Tolerant health checks (5 s, 3 in a row). With the test's (2 s, 2 in a row), a 3,000-device
    // run on the loaded machine lost about 2,300 of its sockets while connecting, both nodes alive:
    // most likely a slow /api/health dropped a node and its tunnels (stats.dropped counts that now).
    // The kill itself needs no health check: the node's sockets close at once, connects are refused.
    const lb = await startLb({ backends: [nodeA.base, nodeB.base], workers: settings.lbWorkers, healthIntervalMs: 1000, healthTimeoutMs: 5000, fall: 3 });
    cleanups.push(() => lb.close());
    log(`balancer on ${lb.url} (${settings.lbWorkers} workers); connecting ${settings.consoles} consoles ...`);

    const flaps = { from: null, users: new Set() };
    const consoles = Array.from({ length: settings.consoles }, (_, i) => keepConnected({
      url: `${lb.wsUrl}?at=${encodeURIComponent(tokenFor(salt, FIRST_CONSOLE_UID + i))}`, ent: orgOfConsole(i), uid: FIRST_CONSOLE_UID + i, platform: 'web', delay: () => 1000,
      // Presence flaps: users a console was told went offline after the kill (nobody really left).
      onFrame: (raw) => {
        if (flaps.from === null) return;
        const text = raw.toString();
        if (!text.includes('"t":"OnLine"') || !text.includes('"status":"offline"')) return;
        flaps.users.add(JSON.parse(text).data.uid);
      },
    }));
    cleanups.push(() => consoles.forEach((c) => c.stop()));
    while (consoles.some((c) => !c.open)) await sleep(50);

    log(`connecting ${settings.devices} devices ...`);
    const worker = new Worker(new URL(import.meta.url), { workerData: { url: lb.wsUrl, salt, settings } });
    cleanups.push(() => worker.terminate());
    worker.on('error', (err) => log('device worker error:', err.message));
    const connected = await nextFromWorker(worker, 'connected', log);
    result.connectMs = connected.ms;
    log(`devices connected in ${connected.ms} ms; waiting for presence ...`);
    const p0 = Date.now();
    while ((await presenceMissing(lb.url, salt)) > 0) {
      if (Date.now() - p0 > 300_000) throw new Error('presence not complete within 300 s of connecting');
      await sleep(1000);
    }
    result.presenceCompleteAfterConnectMs = Date.now() - p0;
    const spread = await lb.state();
    result.tunnelsBefore = spread.backends.map((b) => b.tunnels);
    result.droppedBeforeKill = spread.stats.dropped;
    if (spread.stats.dropped > 0) log(`the balancer dropped a live node ${spread.stats.dropped} time(s) while connecting (slow health answers)`);
    log('tunnels per node', result.tunnelsBefore);

    await sleep(3000); // settle: the presence frames of the connect are still being delivered
    // The balancer's work happens in its workers (bench/lb.mjs).
    const lbPids = spread.workerPids.map((pid, i) => [`balancerWorker${i + 1}`, pid]);
    result.before = { usage: await usage([['nodeA', nodeA.pid], ['nodeB', nodeB.pid], ...lbPids], 10_000) };
    result.before.broadcastMs = await broadcast(lb.url, salt, worker, channelOf);
    log('before: broadcast', JSON.stringify(result.before.broadcastMs));

    // Writers, through the balancer.
    const acked = [];
    let failedWrites = 0;
    let writing = true;
    const writers = Array.from({ length: Math.min(WRITERS, settings.consoles) }, async (_, w) => {
      const org = FIRST_ORG + (w % settings.orgs);
      for (let i = 0; writing; i++) {
        // A device of the writer's organisation: device index d has org d mod orgs.
        const to = FIRST_DEVICE_UID + ((w % settings.orgs) + settings.orgs * (i % Math.floor(settings.devices / settings.orgs)));
        const r = await rest(lb.url, 'POST', `/api/users/${to}/messages`, tokenFor(salt, FIRST_CONSOLE_UID + w), { type: 0, content: { text: `write ${org} ${w}/${i}` } });
        if (r?.code === 0) acked.push(r.data.id);
        else failedWrites += 1;
        await sleep(WRITE_EVERY_MS);
      }
    });
    await sleep(3000);

    log('killing node A (SIGKILL) ...');
    const cpuAtKill = [['nodeB', nodeB.pid], ...lbPids].map(([name, pid]) => [name, pid, cpuMsOf(pid)]);
    const killedAt = Date.now();
    flaps.from = killedAt;
    nodeA.stop();
    // Moved: every client whose socket closed after the kill is open again, and no tunnel goes to A.
    let moves;
    let consoleMoves;
    for (;;) {
      worker.postMessage({ type: 'moves', killedAt });
      moves = await nextFromWorker(worker, 'moves', log);
      const closedConsoles = consoles.filter((c) => c.closedAt !== null && c.closedAt >= killedAt);
      consoleMoves = { closed: closedConsoles.length, back: closedConsoles.filter((c) => c.open).map((c) => c.openedAt - killedAt) };
      const state = await lb.state();
      if (moves.back.length === moves.closed && consoleMoves.back.length === consoleMoves.closed && state.backends[0].tunnels === 0 && moves.closed > 0) break;
      if (Date.now() - killedAt > 120_000) {
        // What the balancer did meanwhile (a live node dropped? 502s while none was healthy?).
        throw new Error(`clients not back within 120 s: devices ${moves.back.length}/${moves.closed}, consoles ${consoleMoves.back.length}/${consoleMoves.closed}; balancer ${JSON.stringify(state.stats)}, tunnels ${JSON.stringify(state.backends.map((b) => [b.healthy, b.tunnels]))}`);
      }
      await sleep(200);
    }
    const allMovedMs = Date.now() - killedAt;
    let missing;
    while ((missing = await presenceMissing(lb.url, salt)) > 0 && Date.now() - killedAt < 120_000) await sleep(500);
    result.failover = {
      devicesMoved: moves.closed,
      consolesMoved: consoleMoves.closed,
      movedMs: percentiles([...moves.back, ...consoleMoves.back]),
      allMovedSeenAfterMs: allMovedMs,
      presenceRightAfterMs: missing === 0 ? Date.now() - killedAt : null,
      // Users the consoles were told went offline although they only moved (0: nobody flapped).
      presenceFlaps: flaps.users.size,
      tunnelsAfter: (await lb.state()).backends.map((b) => b.tunnels),
      balancer: (await lb.state()).stats,
    };
    // CPU from the kill until presence was right again: what taking over the clients cost.
    const failoverMs = Date.now() - killedAt;
    result.failover.usage = Object.fromEntries(cpuAtKill.map(([name, pid, ms]) => [name, { cpuPctOfOneCore: Math.round((100 * (cpuMsOf(pid) - ms)) / failoverMs), rssMiB: rssMiB(pid) }]));
    log('failover', JSON.stringify(result.failover));

    await sleep(3000);
    writing = false;
    await Promise.all(writers);
    const kept = (await client.query('select count(*)::int as n from messages where id = any($1::int[])', [acked])).rows[0].n;
    result.writes = { acked: acked.length, kept, lost: acked.length - kept, failed: failedWrites };
    log('writes', JSON.stringify(result.writes));

    await sleep(2000);
    result.after = { usage: await usage([['nodeB', nodeB.pid], ...lbPids], 10_000) };
    result.after.broadcastMs = await broadcast(lb.url, salt, worker, channelOf);
    log('after: broadcast', JSON.stringify(result.after.broadcastMs));
    const balancer = await lb.state();
    result.balancer = balancer.stats;
    worker.postMessage({ type: 'stop' });
    await nextFromWorker(worker, 'stopped', log);

    result.pass = result.writes.lost === 0 && result.failover.movedMs.max <= MOVE_TARGET_MS && result.failover.presenceRightAfterMs !== null &&
      result.failover.presenceRightAfterMs <= MOVE_TARGET_MS;
    if (!result.pass) exitCode = 2;
    result.machine.loadAvgAtEnd = os.loadavg().map(round);
    const f = result.failover;
    console.log([
      `${result.db}; ${settings.devices} devices and ${settings.consoles} consoles in ${settings.orgs} organisations on two nodes behind one address; load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`,
      `  connected in ${(result.connectMs / 1000).toFixed(1)} s, presence complete ${(result.presenceCompleteAfterConnectMs / 1000).toFixed(1)} s later; tunnels per node ${result.tunnelsBefore.join(' / ')}`,
      `  node A killed: ${f.devicesMoved} devices and ${f.consolesMoved} consoles moved; back after ms p50 ${f.movedMs.p50}, p95 ${f.movedMs.p95}, max ${f.movedMs.max}; presence right after ${f.presenceRightAfterMs} ms, ${f.presenceFlaps} users shown offline meanwhile`,
      `  writes: ${result.writes.acked} acknowledged, ${result.writes.lost} lost, ${result.writes.failed} failed (not acknowledged)`,
      `  broadcast to every device, ms: before p50 ${result.before.broadcastMs.p50} p95 ${result.before.broadcastMs.p95} max ${result.before.broadcastMs.max} (${result.before.broadcastMs.n}/${result.before.broadcastMs.expected}); ` +
        `after p50 ${result.after.broadcastMs.p50} p95 ${result.after.broadcastMs.p95} max ${result.after.broadcastMs.max} (${result.after.broadcastMs.n}/${result.after.broadcastMs.expected})`,
      `  before (quiet 10 s): ${JSON.stringify(result.before.usage)}`,
      `  failover (kill to presence right): ${JSON.stringify(f.usage)}`,
      `  after (quiet 10 s): ${JSON.stringify(result.after.usage)}`,
      `  ${result.pass ? 'PASS' : 'FAIL'}: every client back within ${MOVE_TARGET_MS / 1000} s, presence right within ${MOVE_TARGET_MS / 1000} s, no acknowledged write lost`,
    ].join('\n'));
  } catch (err) {
    exitCode = 1;
    result.error = err instanceof Error ? err.stack : String(err);
    log(result.error);
  } finally {
    await cleanups.run();
  }
  result.server = path.relative(ROOT, SERVER_ENTRY);
  console.log(JSON.stringify(result));
  process.exitCode = exitCode;
}

if (isMainThread) await main();
