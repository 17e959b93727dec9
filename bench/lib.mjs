// Helpers for benchmarks: start the built server on loopback, percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WebSocket = createRequire(path.join(ROOT, 'server', 'package.json'))('ws');

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
export const round = (n) => Math.round(n * 100) / 100;
export const summary = (xs) => ({ n: xs.length, p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) });

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.cjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  const coldStartMs = performance.now() - started;
  return {
    base, ws: `ws://127.0.0.1:${port}/ws2`, coldStartMs,
    stop: () => { child.kill('SIGKILL'); rmSync(dataDir, { recursive: true, force: true }); },
  };
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
