// Helpers for benchmarks: start the built server on loopback, percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WebSocket = createRequire(path.join(ROOT, 'server', 'package.json'))('ws');
/** The built server; BENCH_SERVER_ENTRY names another bundle, to compare builds. */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY || path.join(ROOT, 'server', 'dist', 'main.cjs');

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
export const round = (n) => Math.round(n * 100) / 100;

/** A positive whole number from the environment (a bench's size), else the fallback. */
export const intEnv = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

/**
 * How fast this machine is right now: the best of five runs of a fixed single-threaded job
 * (20 rounds of JSON.stringify and JSON.parse of 2,000 user-like rows, what a list request does
 * on the server), in ms. The same code's figures moved by a factor of two between days on this
 * VM, and the load average did not say why (other jobs' CPU groups are not in it); a figure read
 * beside this one says whether the code or the machine changed.
 */
export function cpuCalibrationMs() {
  const rows = Array.from({ length: 2000 }, (_, i) => ({ userId: i, account: `user${i}`, nickname: `Nick ${i}`, role: i % 3, tags: ['a', 'b'], at: new Date(i * 1000).toISOString() }));
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const at = process.hrtime.bigint();
    for (let i = 0; i < 20; i += 1) JSON.parse(JSON.stringify(rows));
    best = Math.min(best, Number(process.hrtime.bigint() - at) / 1e6);
  }
  return round(best);
}
export const summary = (xs) => ({ n: xs.length, p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/**
 * Starts dist/main.cjs on 127.0.0.1 and waits for /api/health. Without options: PGlite in a fresh
 * temp DATA_DIR, removed by stop(). `databaseUrl`: PostgreSQL. `dataDir`: that folder, kept.
 * stop() kills at once; close() asks the server to shut down (SIGTERM) and waits for it, so the
 * embedded database is closed cleanly and can be reopened.
 */
/** BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': Node switches for every server a bench starts. */
export async function startServer({ databaseUrl = '', dataDir: givenDataDir, env = {}, entry = SERVER_ENTRY,
  nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean) } = {}) {
  const port = await freePort();
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-'));
  const started = performance.now();
  let output = '';
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    // NODE_PATH: a bundle built elsewhere (see SERVER_ENTRY) still finds the server's packages.
    env: { ...process.env, NODE_PATH: path.join(ROOT, 'server', 'node_modules'), PORT: String(port), HOST: '127.0.0.1',
      DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (b) => { output = (output + b).slice(-4000); });
  const removeDataDir = () => { if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true }); };
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = () => { process.removeListener('exit', killOnExit); child.kill('SIGKILL'); removeDataDir(); };
  const close = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    removeDataDir();
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) { stop(); throw new Error(`server exited ${child.exitCode}: ${output}`); }
    if (Date.now() > deadline) { stop(); throw new Error(`server did not answer /api/health within 120 s: ${output}`); }
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  const coldStartMs = performance.now() - started;
  // pid: benches read the server's own memory (/proc/<pid>/status).
  return { base, ws: `ws://127.0.0.1:${port}/ws2`, coldStartMs, dataDir, pid: child.pid, stop, close };
}

export async function login(base, account, entId = 100001) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entId, account, password: 'demo123' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * Open-loop load at a steady rate: request i is due at start + i / rate and its latency is counted
 * from that moment, so a slow server cannot hide its backlog (no coordinated omission). Used
 * instead of autocannon's overallRate, which sends each second's quota back to back at the start
 * of the second. `paths` are used in turn; requests still open `graceMs` after the last one was
 * due are abandoned and counted as timeouts.
 */
export async function fixedRate({ base, headers = {}, paths, rate, seconds, maxSockets = 64, graceMs = 5000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const total = Math.round(rate * seconds);
  const latencies = [];
  const open = new Set();
  let non2xx = 0;
  let errors = 0;
  let lastDone = 0;
  const start = performance.now();
  const fire = (i) => {
    const due = start + (i * 1000) / rate;
    const req = http.get(`${base}${paths[i % paths.length]}`, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (!open.delete(req)) return;
        lastDone = performance.now();
        if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(lastDone - due);
        else non2xx += 1;
      });
    });
    req.on('error', () => { if (open.delete(req)) errors += 1; });
    open.add(req);
  };
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + (next * 1000) / rate <= now) fire(next++);
    await new Promise((r) => setTimeout(r, 1));
  }
  const lastDue = start + ((total - 1) * 1000) / rate;
  while (open.size > 0 && performance.now() < lastDue + graceMs) await new Promise((r) => setTimeout(r, 5));
  // Abandon the rest, including requests still waiting for a socket (never sent).
  const timeouts = open.size;
  for (const req of [...open]) { open.delete(req); req.destroy(); }
  agent.destroy();
  const elapsedS = (Math.max(lastDone, lastDue) - start) / 1000;
  if (latencies.length === 0) return { p50: null, p99: null, max: null, rps: 0, requests: 0, non2xx, errors: errors + timeouts };
  return {
    p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(Math.max(...latencies)),
    rps: Math.round(latencies.length / elapsedS), requests: latencies.length, non2xx, errors: errors + timeouts,
  };
}

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return t;
}

/** Builds server/dist when it is older than the server's or the contracts' sources (not when
 *  BENCH_SERVER_ENTRY names another bundle). */
export function ensureServerBuilt(log) {
  if (process.env.BENCH_SERVER_ENTRY) return;
  let built = 0;
  try { built = statSync(path.join(ROOT, 'server', 'dist', 'main.cjs')).mtimeMs; } catch { /* not built */ }
  const sources = Math.max(newest(path.join(ROOT, 'server', 'src')), newest(path.join(ROOT, 'shared', 'contracts', 'src')));
  if (built >= sources) return;
  log('building server/dist (sources are newer) ...');
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'server'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`server build failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * What a bench started (servers, databases, folders), undone newest first by `run()`, also on
 * Ctrl-C. A second caller (Ctrl-C during the main path's own cleanup) waits for the same run
 * instead of exiting halfway through it.
 */
export function cleanupStack(log) {
  const steps = [];
  let running = null;
  const run = () => {
    running ??= (async () => {
      while (steps.length > 0) {
        try { await steps.pop()(); } catch (err) { log('cleanup:', err.message); }
      }
    })().finally(() => { running = null; });
    return running;
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => { void run().finally(() => process.exit(130)); });
  return { push: (step) => steps.push(step), run };
}

const NETNS_UNAVAILABLE = 125; // scripts/netns.mjs' status when it may not create a namespace

/**
 * The start of a media bench: the product runs from its builds (as in the media specs), so say so
 * rather than fail deep inside; then run the bench script itself again inside a network namespace
 * of its own (scripts/netns.mjs, docs/testing-media.md) and exit with its status. Returns only when
 * already inside the namespace.
 */
export function inMediaNamespace(benchUrl) {
  const builds = [['server', 'dist', 'main.cjs'], ['host', 'dist', 'index.html'], ['remotes', 'dispatch', 'dist']].map((p) => path.join(ROOT, ...p));
  const missing = builds.filter((p) => !existsSync(p));
  if (missing.length > 0) {
    console.log(JSON.stringify({ error: `builds missing (npm run build): ${missing.map((p) => path.relative(ROOT, p)).join(', ')}` }));
    process.exit(1);
  }
  if (process.env.PTT_NETNS) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'netns.mjs'), '--', process.execPath, fileURLToPath(benchUrl)], { stdio: 'inherit', cwd: ROOT });
  if (r.status === NETNS_UNAVAILABLE) {
    console.log(JSON.stringify({ error: 'cannot create a network namespace (needs root or CAP_NET_ADMIN): see docs/testing-media.md' }));
  }
  process.exit(r.status ?? 1);
}
