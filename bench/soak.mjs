#!/usr/bin/env node
// `npm run soak` (issue 21, acceptance 4): a paired wall display left running against the real
// server while simulated handsets (default 2,000) walk, talk to the server and raise SOS, for
// SOAK_MINUTES (default 30). Prints one JSON object: the page's JS heap after a forced garbage
// collection every SOAK_SAMPLE_S (default 30 s), its growth from the end of the warm-up
// (SOAK_WARMUP_MINUTES, default 5) to the end, long tasks (PerformanceObserver 'longtask'), and
// the machine's load. Targets: growth < 10 MB, no long task over 100 ms.
//
//   SOAK_MINUTES=30 SOAK_DEVICES=2000 SOAK_VIEWPORT=1920x1080 npm run soak
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, login, round, startServer } from './lib.mjs';

const fromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const fromPlaywright = createRequire(createRequire(fromE2e.resolve('@playwright/test/package.json')).resolve('playwright/package.json'));
const { chromium } = fromPlaywright('playwright-core');

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(5, MINUTES / 6));
const DEVICES = Number(process.env.SOAK_DEVICES ?? 2000);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_S ?? 30);
const INTERVAL_MS = Number(process.env.SOAK_INTERVAL_MS ?? 5000);
const [VW, VH] = (process.env.SOAK_VIEWPORT ?? '1920x1080').split('x').map(Number);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const log = (...a) => console.error(`[soak ${new Date().toISOString().slice(11, 19)}]`, ...a);
const MB = 1024 * 1024;

async function api(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The simulator with `devices` provisioned accounts; resolves once they are all connected. */
async function startDevices(base, devices) {
  const tsx = path.join(ROOT, 'simulator', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/main.ts', '--url', base, '--devices', String(devices), '--interval', String(INTERVAL_MS),
    '--radius', '20000', '--sos-rate', '1', '--concurrency', '8', '--status-every', '10000'], {
    cwd: path.join(ROOT, 'simulator'), stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b) => { out = (out + b).slice(-20_000); });
  child.stderr.on('data', (b) => { out = (out + b).slice(-20_000); });
  const deadline = Date.now() + 20 * 60_000;
  // All but a handful: a device whose login lost a race at start keeps retrying on its own, and
  // waiting for the last one would only delay the measurement.
  const ready = () => [...out.matchAll(/(\d+)\/(\d+) connected/g)].some(([, n, of]) => Number(of) === devices && Number(n) >= devices * 0.99);
  while (!ready()) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the simulator did not connect ${devices} devices:\n${out.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { child, output: () => out, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const load0 = os.loadavg();
  const server = await startServer({ env: { MAP_TILES: 'offline', NODE_ENV: 'production', JANUS_AUTOSTART: 'false' } });
  let sim = null;
  let browser = null;
  try {
    // The demo organisation's quota is 1,000 members; the super admin raises it as a customer would.
    const superAdmin = await login(server.base, 'superadmin');
    const quota = await api(server.base, 'PATCH', '/api/enterprise', superAdmin.auth_token, { maxMembers: DEVICES + 100 });
    if (quota.code !== 0) throw new Error(`raising the member quota failed: ${JSON.stringify(quota)}`);
    log(`server at ${server.base}; provisioning and connecting ${DEVICES} devices ...`);
    sim = await startDevices(server.base, DEVICES);
    log('devices connected; opening the display');

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const context = await browser.newContext({ viewport: { width: VW, height: VH } });
    const page = await context.newPage();
    // Long tasks from the first script on, kept as durations only (the page's own memory).
    await page.addInitScript(() => {
      window.__soakLongTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__soakLongTasks.push([Math.round(performance.timeOrigin + e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${server.base}/remotes/screen/index.html`);
    const codeEl = page.getByTestId('screen-pairing-code');
    await codeEl.waitFor({ timeout: 60_000 });
    const code = (await codeEl.textContent()).trim();
    const admin = await login(server.base, 'admin');
    const paired = await api(server.base, 'POST', '/api/screen/displays', admin.auth_token, { name: 'Soak wall', code });
    if (paired.code !== 0) throw new Error(`pairing failed: ${JSON.stringify(paired)}`);
    await codeEl.waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByTestId('screen-count-online').waitFor({ timeout: 30_000 });
    log('display paired and showing; sampling');

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const samples = [];
    const t0 = Date.now();
    const end = t0 + MINUTES * 60_000;
    for (;;) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const members = Number(await page.getByTestId('screen-map').getAttribute('data-members').catch(() => null));
      const online = Number(await page.getByTestId('screen-count-online').textContent().catch(() => null));
      const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
      samples.push({ minute: round((Date.now() - t0) / 60_000), heapMB: round(usedSize / MB), members, online, dom });
      log(JSON.stringify(samples.at(-1)));
      if (Date.now() >= end) break;
      await new Promise((r) => setTimeout(r, Math.min(SAMPLE_S * 1000, end - Date.now())));
    }
    const longTasks = await page.evaluate(() => window.__soakLongTasks);
    const warm = t0 + WARMUP_MINUTES * 60_000;
    const afterWarmup = longTasks.filter(([at]) => at >= warm).map(([, d]) => d);
    const base = samples.find((s) => s.minute >= WARMUP_MINUTES) ?? samples[0];
    const last = samples.at(-1);
    const heapAfter = samples.filter((s) => s.minute >= WARMUP_MINUTES).map((s) => s.heapMB);
    const result = {
      minutes: MINUTES, warmupMinutes: WARMUP_MINUTES, devices: DEVICES, positionIntervalMs: INTERVAL_MS, viewport: `${VW}x${VH}`,
      heap: {
        atWarmupMB: base.heapMB, endMB: last.heapMB, growthMB: round(last.heapMB - base.heapMB),
        maxAfterWarmupMB: Math.max(...heapAfter), minAfterWarmupMB: Math.min(...heapAfter),
      },
      longTasks: {
        all: longTasks.length, afterWarmup: afterWarmup.length,
        maxMsAfterWarmup: afterWarmup.length ? Math.max(...afterWarmup) : 0,
        over100MsAfterWarmup: afterWarmup.filter((d) => d > 100).length,
        maxMsDuringWarmup: Math.max(0, ...longTasks.filter(([at]) => at < warm).map(([, d]) => d)),
      },
      members: last.members, online: last.online, domNodes: last.dom,
      targets: { heapGrowthUnder10MB: last.heapMB - base.heapMB < 10, noLongTaskOver100ms: afterWarmup.every((d) => d <= 100) },
      samples,
      machine: { cpus: os.cpus().length, loadAtStart: load0.map(round), loadAtEnd: os.loadavg().map(round) },
    };
    console.log(JSON.stringify(result));
  } finally {
    await browser?.close().catch(() => undefined);
    sim?.stop();
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
