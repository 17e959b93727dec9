#!/usr/bin/env node
// Checks the README's first command the way a newcomer meets it: a fresh `git clone` of HEAD
// (no node_modules, no build output, no .tmp/ or .data/), `npm start` in it, the URL it prints
// opened in Chromium, a login through the page, then a clean stop. `npm test` runs it first;
// it tests what is committed, not uncommitted changes.
//
//   node scripts/start-check.mjs [--in-place] [--keep]
//     --in-place  use this checkout as it is instead of a new clone (it must be a fresh one)
//     --keep      leave the clone behind for a look
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './pnpm.mjs';

const START_TIMEOUT_MS = 25 * 60_000;
const LOGIN_TIMEOUT_MS = 60_000;
const DEMO = { entId: '100001', account: 'dispatcher1', password: 'demo123' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});

function cloneHead() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-start-'));
  const r = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`git clone of ${ROOT} failed`);
  return dir;
}

/** Runs `npm start` in `dir` and resolves with the URL it prints and a stop function. */
function npmStart(dir, port) {
  const child = spawn('npm', ['start'], {
    cwd: dir,
    // Its own process group, so the server, Janus and the simulator all stop with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let tail = '';
  const keep = (chunk) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  // Ctrl-C as a user would press it: SIGINT to the whole group. The server must shut down
  // cleanly (a second signal would make it exit at once: `start.mjs` must not double it).
  let stopped = false;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try { process.kill(-child.pid, 'SIGINT'); } catch { /* already gone */ }
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
      // The server and the simulator run in groups of their own; their paths name the clone
      // (never this checkout: that would match the test runner itself).
      if (dir !== ROOT) spawnSync('pkill', ['-KILL', '-f', dir]);
    }, 20_000);
    await exited;
    clearTimeout(timer);
    stopped = !/again: exiting now/.test(tail);
  };
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within ${START_TIMEOUT_MS / 60_000} min`)), START_TIMEOUT_MS);
    const look = () => {
      const m = /listening on (http:\/\/\S+?)\/?\s/.exec(tail);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    };
    child.stdout.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm start ended (exit ${code ?? signal}) before it printed a URL`));
    });
  });
  return { url, stop, cleanStop: () => stopped, output: () => tail };
}

/** Opens the console at `url` in Chromium and logs in through the form. */
async function loginThroughPage(dir, url) {
  // Playwright comes from the checkout's own e2e package, which `npm start` installed.
  const { chromium } = createRequire(path.join(dir, 'e2e', 'package.json'))('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.setDefaultTimeout(LOGIN_TIMEOUT_MS);
    await page.goto(url);
    await page.getByLabel('Organization ID').fill(DEMO.entId);
    await page.getByLabel('Username').fill(DEMO.account);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/main\/dispatch/);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
  } finally {
    await browser.close();
  }
}

async function main() {
  const inPlace = process.argv.includes('--in-place');
  const dir = inPlace ? ROOT : cloneHead();
  const t0 = Date.now();
  const started = npmStart(dir, await freePort());
  let ok = false;
  let figures = {};
  try {
    const url = await started.url;
    const startMs = Date.now() - t0;
    await loginThroughPage(dir, url);
    figures = { startToUrlS: Math.round(startMs / 1000), loginS: Math.round((Date.now() - t0 - startMs) / 100) / 10 };
    ok = true;
  } catch (e) {
    console.error(`\nstart check failed: ${e.message}`);
  } finally {
    await started.stop();
    if (ok && !started.cleanStop()) {
      ok = false;
      console.error('\nstart check failed: Ctrl-C did not stop the server cleanly');
    }
    if (!inPlace && !process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
  console.info(`\nstart check: ${ok ? 'ok' : 'FAILED'} ${JSON.stringify({ dir: inPlace ? '.' : 'fresh clone of HEAD', ...figures })}`);
  process.exit(ok ? 0 : 1);
}

await main();
