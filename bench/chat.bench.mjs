// Chat with 10,000 messages in one channel (issue 6, acceptance 5): the built server on PGlite with
// the demo seed plus 10,000 group messages in the enterprise channel (chat-data.mjs), the built
// console in headless Chromium as dispatcher1. Measures how long the chat takes from its history
// request to its newest message on screen, then scrolls to the top several times and counts the
// messages fetched and the rows in the DOM. Target: opens in under 1 s, never fetches them all.
//
//   node bench/chat.bench.mjs          (also part of `npm run bench`)
//
// Needs the builds of server, host and the dispatch remote (the e2e tests use the same ones).
// Human-readable lines go to stdout, progress to stderr; the last stdout line is one JSON object.
// Everything listens on 127.0.0.1; the browser is refused any request off loopback.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, cleanupStack, ensureServerBuilt, login, percentile, round, startServer } from './lib.mjs';
import { MESSAGES, loadMessages, pgliteVersion } from './chat-data.mjs';
import { measureOpen, measureSwitchBack, scrollToTop } from './chat-page.mjs';

const { chromium } = createRequire(path.join(ROOT, 'e2e', 'package.json'))('@playwright/test');
// As e2e/harness/chromium.ts: Debian's Chromium, since Playwright cannot download one here.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];

const TARGET_OPEN_MS = 1000;
const OPEN_RUNS = 5;
const SCROLLS = 5;

const log = (...a) => console.error('[chat]', ...a);
const cleanups = cleanupStack(log);

function requireBuilds() {
  const missing = [path.join(ROOT, 'host', 'dist', 'index.html'), path.join(ROOT, 'remotes', 'dispatch', 'dist')].filter((p) => !existsSync(p));
  if (missing.length > 0) throw new Error(`build these first (see the e2e README): ${missing.join(', ')}`);
}

async function run() {
  ensureServerBuilt(log);
  requireBuilds();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { NODE_ENV: 'production', MAP_TILES: 'offline', STATIC_DIR: path.join(ROOT, 'host', 'dist'), REMOTES_DIR: path.join(ROOT, 'remotes') };

  // First start creates, migrates and seeds the database; PGlite belongs to one process, so the
  // server stops while the bench writes the messages, then starts again on the same folder.
  log('creating and seeding the database ...');
  const first = await startServer({ dataDir, env });
  await first.close();
  const data = await loadMessages(dataDir);
  log(`${data.messages} messages in ${data.chatId} (${data.loadMs} ms)`);
  const server = await startServer({ dataDir, env });
  cleanups.push(() => server.close());

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const offLoopback = [];
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1' || hostname === 'localhost') return route.continue();
    offLoopback.push(route.request().url());
    return route.abort();
  });
  const session = await login(server.base, 'dispatcher1');
  const setup = await context.newPage();
  await setup.goto(`${server.base}/login`);
  await setup.evaluate((s) => {
    localStorage.setItem('token', s.auth_token);
    localStorage.setItem('user', JSON.stringify(s));
  }, session);
  await setup.close();

  const newest = `Message ${MESSAGES}`;
  const runs = [];
  let page = null;
  for (let i = 0; i < OPEN_RUNS; i += 1) {
    if (page) await page.close();
    page = await context.newPage();
    const r = await measureOpen(page, `${server.base}/main/dispatch`, newest);
    runs.push(r);
    log(`open ${i + 1}: history request to newest message on screen ${r.openMs} ms (request ${r.requestMs} ms), from navigation ${r.fromNavigationMs} ms, ${r.domRows} rows`);
  }
  const switchBack = await measureSwitchBack(page, 'General', 'Security', newest);
  if (switchBack) log(`switch to another chat and back: ${switchBack.runs.join(', ')} ms`);
  const scrolls = await scrollToTop(page, SCROLLS);
  for (const s of scrolls.steps) log(`scroll ${s.step}: +${s.fetched} messages in ${s.olderMs} ms, ${s.domRows} rows in the DOM, view kept: ${s.viewKept}`);

  const openMs = runs.map((r) => r.openMs);
  const median = round(percentile(openMs, 50));
  return {
    data: { ...data, pglite: pgliteVersion() },
    open: {
      what: 'ms from the start of the history request (GET /api/chats/:id/messages) to the newest message rendered in the list',
      runs, median, max: Math.max(...openMs),
      firstRunFromNavigationMs: runs[0].fromNavigationMs,
    },
    switchBack: switchBack && { what: 'ms from clicking the chat in the channel list (after another chat) to its newest message on screen, from the cache', ...switchBack },
    scroll: scrolls,
    offLoopbackRequests: offLoopback.length,
    offLoopbackSample: [...new Set(offLoopback.map((u) => new URL(u).origin))].slice(0, 5),
    target: {
      rule: `median open < ${TARGET_OPEN_MS} ms; after ${SCROLLS} scrolls to the top, far fewer than ${MESSAGES} messages fetched and only the visible rows in the DOM`,
      pass: median < TARGET_OPEN_MS && scrolls.fetched < MESSAGES / 10 && scrolls.maxDomRows < 60 && scrolls.steps.every((s) => s.viewKept),
    },
  };
}

const result = {
  machine: { node: process.version, cpu: os.cpus()[0]?.model, cpus: os.cpus().length, loadAvgAtStart: os.loadavg().map((n) => round(n)) },
  method: 'messages inserted with SQL into the stopped server\'s PGlite folder (the REST send limit, 10 per 5 s per sender, would take hours and measure the limiter); the page is the production build, warm after the first run',
};
let exitCode = 0;
try {
  Object.assign(result, await run());
  const o = result.open;
  const s = result.scroll;
  console.log(`Chat with ${result.data.messages} messages (${result.data.chatId}), headless Chromium 1366x768, dispatcher1`);
  console.log(`  open: median ${o.median} ms, max ${o.max} ms over ${o.runs.length} page loads (first load, from navigation: ${o.firstRunFromNavigationMs} ms)`);
  if (result.switchBack) console.log(`  back from another chat: median ${result.switchBack.median} ms (from the cache)`);
  console.log(`  ${s.steps.length} scrolls to the top: ${s.fetched} of ${result.data.messages} messages fetched, at most ${s.maxDomRows} rows in the DOM, older page p50 ${s.olderMsP50} ms`);
  console.log(`${result.target.pass ? 'PASS' : 'FAIL'}: ${result.target.rule}`);
  if (!result.target.pass) exitCode = 2;
} catch (err) {
  exitCode = 1;
  result.error = err instanceof Error ? err.stack : String(err);
  log(result.error);
} finally {
  await cleanups.run();
}
result.machine.loadAvgAtEnd = os.loadavg().map((n) => round(n));
console.log(JSON.stringify(result));
process.exitCode = exitCode;
