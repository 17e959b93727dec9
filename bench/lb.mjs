// The test load balancer (server/test/lb-proxy.ts) as its own process for benches: one loopback
// address in front of the server nodes. `startLb()` forks this file; run as a child it is a cluster
// primary with LB_WORKERS workers, each running the balancer on the same port (each worker
// accepts from the shared listening socket).
//
// Why several processes: each tunnelled WebSocket holds two descriptors in the balancer (client and
// node side), and the open-files limit here is 20,000 per process, hard (`ulimit -Hn`; raising it
// needs CAP_SYS_RESOURCE, which this container lacks). 10,000 devices and 100 consoles need about
// 20,200 in one process; two workers need half each. It also keeps the balancer's CPU out of the
// measuring process.
import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, freePort } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Forks the balancer; resolves once every worker listens. `state()` sums the workers' views. */
export async function startLb({ backends, workers = 2, healthIntervalMs = 500, healthTimeoutMs = 2000, fall = 2 }) {
  const port = await freePort();
  const child = fork(SELF, [], {
    env: { ...process.env, LB_BACKENDS: JSON.stringify(backends), LB_WORKERS: String(workers), LB_PORT: String(port), LB_HEALTH_MS: String(healthIntervalMs),
      LB_HEALTH_TIMEOUT_MS: String(healthTimeoutMs), LB_FALL: String(fall) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let asked = 0;
  const ask = (type) => new Promise((resolve, reject) => {
    const id = ++asked;
    const on = (m) => { if (m.id === id) { child.off('message', on); resolve(m); } };
    child.on('message', on);
    child.send({ type, id }, (err) => err && reject(err));
  });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load balancer exited (${code}) before it listened`)));
    const on = (m) => { if (m.type === 'listening') { child.off('message', on); resolve(); } };
    child.on('message', on);
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    wsUrl: `ws://127.0.0.1:${port}/ws2`,
    pid: child.pid,
    /** { backends: [{ base, healthy (in every worker), tunnels }], stats, workerPids } */
    state: () => ask('state'),
    close: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A message to the other end of an IPC channel that may already be closed (the bench ending while
 * a state request is answered): the 10,000-device run once crashed on cleanup with EPIPE there.
 */
function send(to, message) {
  if (!to.connected) return;
  to.send(message, () => undefined);
}

async function primary() {
  const n = Number(process.env.LB_WORKERS);
  // Each worker accepts from the shared socket itself (SCHED_NONE): with round robin the primary
  // accepted every connection and handed it over IPC, one process for a whole reconnect storm, with
  // Node's default accept queue (511) in front of it.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: SELF });
  const ws = Array.from({ length: n }, () => cluster.fork());
  // A worker already gone at shutdown makes a later send fail (EPIPE): nothing to report then.
  for (const w of ws) w.on('error', () => undefined);
  await Promise.all(ws.map((w) => new Promise((r) => w.once('message', (m) => m.type === 'listening' && r()))));
  process.send({ type: 'listening' });
  let asked = 0;
  process.on('message', async (m) => {
    if (m.type !== 'state') return;
    const answers = await Promise.all(ws.map((w) => new Promise((resolve) => {
      const id = ++asked;
      const on = (a) => { if (a.id === id) { w.off('message', on); resolve(a); } };
      w.on('message', on);
      w.send({ type: 'state', id });
    })));
    const backends = answers[0].backends.map((b, i) => ({
      base: b.base,
      healthy: answers.every((a) => a.backends[i].healthy),
      tunnels: answers.reduce((s, a) => s + a.backends[i].tunnels, 0),
    }));
    const stats = {};
    for (const a of answers) for (const [k, v] of Object.entries(a.stats)) stats[k] = (stats[k] ?? 0) + v;
    send(process, { id: m.id, backends, stats, workerPids: ws.map((w) => w.process.pid) });
  });
  const stop = () => { for (const w of ws) w.kill('SIGTERM'); setTimeout(() => process.exit(0), 200); };
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

async function worker() {
  // lb-proxy.ts is TypeScript shared with the jest tests; tsx (the server's) loads it.
  const tsxApi = createRequire(path.join(ROOT, 'server', 'package.json')).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const { tsImport } = await import(pathToFileURL(tsxApi).href);
  const { startLoadBalancer } = await tsImport(path.join(ROOT, 'server', 'test', 'lb-proxy.ts'), import.meta.url);
  const lb = await startLoadBalancer({
    backends: JSON.parse(process.env.LB_BACKENDS), port: Number(process.env.LB_PORT), healthIntervalMs: Number(process.env.LB_HEALTH_MS),
    healthTimeoutMs: Number(process.env.LB_HEALTH_TIMEOUT_MS), fall: Number(process.env.LB_FALL),
  });
  process.on('message', (m) => { if (m.type === 'state') send(process, { id: m.id, backends: lb.backends(), stats: lb.stats }); });
  // Closing the listener tells the primary, which may be gone already at shutdown (EPIPE on the
  // worker's IPC channel, thrown as an unhandled 'error' of cluster.worker): nothing to report then.
  cluster.worker.on('error', () => undefined);
  process.once('SIGTERM', () => { void lb.close().finally(() => process.exit(0)); });
  process.send({ type: 'listening' });
}

if (process.env.LB_BACKENDS) {
  if (cluster.isPrimary) await primary();
  else await worker();
}
