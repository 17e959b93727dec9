// Records at 1,000,000 (issue 23 acceptance 3, ADR 028), on PGlite and on PostgreSQL: the built
// server with the demo seed, a set-based bulk load of 1,000,000 operation records and 10,000 users
// into enterprise 100001 (records-data.mjs), then as the demo admin:
//   (a) the export of all of them through the real endpoint (GET /api/records/operations/export,
//       newest first), xlsx and CSV, read as fast as the client can: total time, rows per second,
//       bytes, and the server's peak RSS growth over its RSS just before the request (VmRSS of
//       /proc/<pid>/status every 20 ms; on PGlite the database lives in that process too). The rows
//       are counted from the last ExportProgress frame (and the CSV's lines). While it runs, a
//       first-page request every 250 ms measures what the export costs everyone else.
//       Target: peak RSS growth < 100 MB.
//   (b) the first page (20 rows, newest first) with a filter: by type, by user, the last 7 days;
//       sequential requests after a warm-up, p95. Target: p95 < 100 ms on each database.
//
//   node bench/records.bench.mjs               both databases (also part of `npm run bench`)
//   BENCH_DB=postgres|pglite node ...          one of them
//   BENCH_ROWS=100000 node ...                 fewer records (a quick look; the targets are for 1,000,000)
//   BENCH_FORMATS=csv node ...                 only these export formats
//
// Human lines go to stderr; the last stdout line is one JSON object with pass/fail per target.
// Everything started (PostgreSQL, servers, temp folders) is removed at the end, also on failure.
import { createRequire } from 'node:module';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SERVER_ENTRY, WebSocket, cleanupStack, ensureServerBuilt, login, round, startServer, summary } from './lib.mjs';
import { BENCH_USER_ID, COUNT_SQL, ENT, OPERATIONS, USERS, VISIBLE_SQL, loadSql } from './records-data.mjs';
import { pg, startPostgres } from './pg.mjs';

const serverRequire = createRequire(path.join(ROOT, 'server', 'package.json'));
const log = (...a) => console.error('[records]', ...a);

const ROWS = Number(process.env.BENCH_ROWS ?? OPERATIONS);
const FORMATS = (process.env.BENCH_FORMATS ?? 'xlsx,csv').split(',');
const TARGET = { exportRssGrowthMb: 100, firstPageP95Ms: 100 };
const FIRST_PAGE_RUNS = 60;
const DAY_MS = 86_400_000;

const cleanups = cleanupStack(log);

/** The server's resident memory in MB (VmRSS), or null without /proc. */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** A /ws2 socket of the admin that keeps every ExportProgress frame. */
async function progressSocket(wsUrl, token) {
  const socket = new WebSocket(`${wsUrl}?at=${encodeURIComponent(token)}`);
  const frames = [];
  socket.on('message', (data) => {
    const f = JSON.parse(String(data));
    if (f.t === 'ExportProgress') frames.push(f.data);
  });
  await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
  const ping = setInterval(() => socket.send(JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' })), 10_000);
  return { frames, close: () => { clearInterval(ping); socket.close(); } };
}

async function timedGet(base, token, p) {
  const t0 = performance.now();
  const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200 || body.code !== 0) throw new Error(`${p}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** (a) One whole export, read as fast as possible, with RSS sampling and list probes alongside. */
async function measureExport(server, token, format) {
  const exportId = `bench-${format}-${Date.now()}`;
  const ws = await progressSocket(server.ws, token);
  const baseline = rssMb(server.pid);
  let peak = baseline ?? 0;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(server.pid) ?? 0); }, 20);
  const probes = [];
  let exporting = true;
  const probing = (async () => {
    while (exporting) {
      probes.push((await timedGet(server.base, token, '/api/records/operations?type=5&size=20&sort=time&order=desc')).ms);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const t0 = performance.now();
  const result = await new Promise((resolve, reject) => {
    const url = `${server.base}/api/records/operations/export?format=${format}&sort=time&order=desc&exportId=${exportId}`;
    http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) { reject(new Error(`export ${format}: status ${res.statusCode}`)); return; }
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (format === 'csv') for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      });
      res.on('end', () => resolve({ bytes, lines, firstByte: null }));
      res.on('error', reject);
    }).on('error', reject);
  });
  const seconds = (performance.now() - t0) / 1000;
  exporting = false;
  await probing;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid) ?? 0);
  // The last frame may trail the last byte by a moment.
  const deadline = Date.now() + 5_000;
  while (!ws.frames.some((f) => f.exportId === exportId && f.done) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  ws.close();
  const last = ws.frames.filter((f) => f.exportId === exportId).at(-1) ?? null;
  const rows = last?.rows ?? null;
  const out = {
    format, rows, total: last?.total ?? null, done: last?.done ?? false, cancelled: last?.cancelled ?? null,
    csvLines: format === 'csv' ? result.lines : undefined,
    progressFrames: ws.frames.filter((f) => f.exportId === exportId).length,
    seconds: round(seconds), rowsPerSecond: rows ? Math.round(rows / seconds) : null, megabytes: round(result.bytes / 2 ** 20),
    rssBaselineMb: baseline === null ? null : round(baseline), rssPeakMb: baseline === null ? null : round(peak),
    rssGrowthMb: baseline === null ? null : round(peak - baseline),
    listDuringExportMs: probes.length ? summary(probes) : null,
  };
  out.complete = out.done && !out.cancelled && rows === ROWS && (format !== 'csv' || result.lines === ROWS + 1);
  log(`export ${format}: ${rows} rows in ${out.seconds} s (${out.rowsPerSecond} rows/s), ${out.megabytes} MB, ` +
    `RSS ${out.rssBaselineMb} -> ${out.rssPeakMb} MB (+${out.rssGrowthMb}); first page meanwhile p50 ${out.listDuringExportMs?.p50} / p95 ${out.listDuringExportMs?.p95} ms`);
  return out;
}

/** (b) First pages with a filter: warm-up, then sequential requests. */
async function measureFirstPages(base, token) {
  const now = Date.now();
  const paths = {
    type: '/api/records/operations?type=12&size=20&sort=time&order=desc',
    user: `/api/records/operations?userId=${BENCH_USER_ID}&size=20&sort=time&order=desc`,
    last7Days: `/api/records/operations?from=${now - 7 * DAY_MS}&to=${now}&size=20&sort=time&order=desc`,
  };
  const out = {};
  for (const [name, p] of Object.entries(paths)) {
    let total = 0;
    for (let i = 0; i < 5; i += 1) total = (await timedGet(base, token, p)).body.data.total;
    const ms = [];
    for (let i = 0; i < FIRST_PAGE_RUNS; i += 1) ms.push((await timedGet(base, token, p)).ms);
    const s = summary(ms);
    out[name] = { path: p, total, ...s, met: s.p95 < TARGET.firstPageP95Ms };
    log(`first page by ${name}: p50 ${s.p50} / p95 ${s.p95} / max ${s.max} ms (total ${total}) ${out[name].met ? 'met' : 'MISSED'}`);
  }
  return out;
}

async function measure(server) {
  const session = await login(server.base, 'admin');
  const firstPage = await measureFirstPages(server.base, session.auth_token);
  const exports = {};
  for (const format of FORMATS) exports[format] = await measureExport(server, session.auth_token, format);
  return { firstPage, exports };
}

/** VACUUM ANALYZE until operation_logs is all-visible (the counts read the index alone then). */
async function vacuumed(query) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await query(attempt === 0 ? 'vacuum analyze' : 'vacuum');
    const [v] = await query(VISIBLE_SQL);
    if (v.operationsAllVisible >= 0.9) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  log('warning: operation_logs is still not all-visible after 10 VACUUMs');
}

async function benchPostgres() {
  log('PostgreSQL: starting ...');
  const pgServer = await startPostgres({ shared_buffers: '256MB', autovacuum: 'off' });
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
  cleanups.push(() => client.end());
  const version = (await client.query('show server_version')).rows[0].server_version;
  const t0 = performance.now();
  await client.query(`begin; ${loadSql({ users: USERS, operations: ROWS })}; commit;`);
  await vacuumed(async (sql) => (await client.query(sql)).rows);
  const loadMs = Math.round(performance.now() - t0);
  const counts = { ...(await client.query(COUNT_SQL)).rows[0], ...(await client.query(VISIBLE_SQL)).rows[0] };
  log(`PostgreSQL ${version}: loaded in ${loadMs} ms`, counts);
  const figures = await measure(server);
  await cleanups.run();
  return { db: `PostgreSQL ${version}`, loadMs, counts, ...figures };
}

async function benchPglite() {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const { pg_trgm } = serverRequire('@electric-sql/pglite/contrib/pg_trgm');
  const pgliteVersion = JSON.parse(readFileSync(path.join(ROOT, 'server', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-records-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // The server creates, migrates and seeds the folder and is shut down cleanly; the bench then
  // loads it itself (PGlite is one process's database) and starts the server on it again.
  log('PGlite: creating, migrating and seeding through the server ...');
  const first = await startServer({ dataDir });
  await first.close();
  const t0 = performance.now();
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  let closed = false;
  cleanups.push(() => (closed ? undefined : db.close()));
  const version = (await db.query('show server_version')).rows[0].server_version;
  await db.exec(`begin; ${loadSql({ users: USERS, operations: ROWS })}; commit;`);
  await vacuumed(async (sql) => (await db.exec(sql)).at(-1)?.rows ?? []);
  const loadMs = Math.round(performance.now() - t0);
  const counts = { ...(await db.query(COUNT_SQL)).rows[0], ...(await db.query(VISIBLE_SQL)).rows[0] };
  log(`PGlite ${pgliteVersion} (PostgreSQL ${version}): loaded in ${loadMs} ms`, counts);
  await db.close();
  closed = true;
  const server = await startServer({ dataDir });
  cleanups.push(() => server.close());
  const figures = await measure(server);
  await cleanups.run();
  return { db: `PGlite ${pgliteVersion} (PostgreSQL ${version})`, loadMs, counts, ...figures };
}

const loadAvg = () => os.loadavg().map((n) => round(n));
const which = process.env.BENCH_DB ?? 'both';
const result = {
  machine: { node: process.version, cpu: os.cpus()[0]?.model, cpus: os.cpus().length, memGiB: Math.round(os.totalmem() / 2 ** 30), loadAvgAtStart: loadAvg() },
  server: path.relative(ROOT, SERVER_ENTRY),
  data: { enterprise: ENT, users: USERS, operations: ROWS },
  targets: { exportRssGrowthMb: `peak RSS growth < ${TARGET.exportRssGrowthMb} MB`, firstPageP95Ms: `first page with a filter p95 < ${TARGET.firstPageP95Ms} ms` },
};
let exitCode = 0;
try {
  ensureServerBuilt(log);
  if (which !== 'postgres') result.pglite = await benchPglite();
  if (which !== 'pglite') result.postgres = await benchPostgres();
  const dbs = ['pglite', 'postgres'].filter((k) => result[k]);
  const exportsRun = dbs.flatMap((k) => Object.values(result[k].exports).map((e) => ({ db: k, ...e })));
  const pages = dbs.flatMap((k) => Object.entries(result[k].firstPage).map(([name, f]) => ({ db: k, name, ...f })));
  result.pass = {
    exportRssGrowth: exportsRun.every((e) => e.rssGrowthMb !== null && e.rssGrowthMb < TARGET.exportRssGrowthMb),
    exportComplete: exportsRun.every((e) => e.complete),
    firstPageP95: pages.every((p) => p.met),
  };
  result.pass.all = Object.values(result.pass).every(Boolean);
  if (!result.pass.all) exitCode = 2;
  result.machine.loadAvgAtEnd = loadAvg();
  log(`load average ${result.machine.loadAvgAtStart.join(' ')} at start, ${result.machine.loadAvgAtEnd.join(' ')} at end`);
  for (const e of exportsRun) {
    log(`${e.db} ${e.format}: ${e.rows} rows, ${e.seconds} s, ${e.rowsPerSecond} rows/s, RSS +${e.rssGrowthMb} MB ` +
      `${e.rssGrowthMb < TARGET.exportRssGrowthMb ? 'met' : 'MISSED'}${e.complete ? '' : ' (INCOMPLETE)'}`);
  }
  for (const p of pages) log(`${p.db} first page by ${p.name}: p95 ${p.p95} ms ${p.met ? 'met' : 'MISSED'}`);
  log(`${result.pass.all ? 'PASS' : 'FAIL'}: ${Object.entries(result.pass).filter(([k]) => k !== 'all').map(([k, v]) => `${k} ${v ? 'met' : 'missed'}`).join(', ')}`);
} catch (err) {
  exitCode = 1;
  result.error = err instanceof Error ? err.stack : String(err);
  log(result.error);
} finally {
  await cleanups.run();
}
console.log(JSON.stringify(result));
process.exitCode = exitCode;
