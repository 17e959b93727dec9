// What a bench driving device sockets from a worker thread needs (patrol.bench.mjs; the same
// steps as fences.bench.mjs): opening authenticated /ws2 sockets, a bounded pool, the worker's
// messages, the server's CPU from /proc and percentiles of a server-side histogram.
import { readFileSync } from 'node:fs';
import { WebSocket } from './lib.mjs';

const PING = JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' });

export function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Ping, then wait for the Pong: the socket is authenticated and subscribed. */
export function pong(ws) {
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

export async function pool(items, limit, fn) {
  let next = 0;
  const lane = async () => { while (next < items.length) { const i = next++; await fn(items[i], i); } };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The worker's next message of `type` (its 'log' messages go to `log`). */
export function nextFromWorker(worker, type, log) {
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

/** utime + stime of a process in ms, or null without /proc. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch { return null; }
}

export const histogramTotal = (h) => h.counts.reduce((a, b) => a + b, 0);

/** Percentiles of a { boundsMs, counts } histogram between two readings: the upper bound of the
 *  bucket holding each (">last" for the overflow bucket). */
export function histogramBetween(before, after) {
  const { boundsMs } = after;
  const counts = after.counts.map((c, i) => c - before.counts[i]);
  const n = counts.reduce((a, b) => a + b, 0);
  const bound = (i) => (i < boundsMs.length ? boundsMs[i] : `>${boundsMs.at(-1)}`);
  const at = (p) => {
    if (n === 0) return null;
    const rank = Math.min(n - 1, Math.floor((p / 100) * n));
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen > rank) return bound(i);
    }
    return null;
  };
  const top = counts.findLastIndex((c) => c > 0);
  return { n, p50: at(50), p95: at(95), p99: at(99), p999: at(99.9), maxBucket: top < 0 ? null : bound(top) };
}
