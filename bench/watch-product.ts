// One dispatcher watching 20 channels while 5 of them talk at once (issue 19, acceptance 4), for
// bench/watch.bench.mjs (loaded with tsx, inside the network namespace). The built server with
// JANUS_AUTOSTART=true; channels and talkers made through the public REST API; the dispatcher's
// 20 watched channels saved with PUT /api/me/watched-channels before its console opens. Two
// headless Chromiums, so the dispatcher's CPU is its own: one holds the dispatcher's console alone,
// the other the five talkers' consoles (tone microphones, ptt: the console's PTT button held).
// Method and figures: docs/bench-watch.md.
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { loginViaApi } from '@ptt/e2e/harness/fixtures';
import { installMediaProbes, installToneMicrophone, launchMediaBrowser, toneOff, toneOn } from '@ptt/e2e/harness/media';
import { hold, letGo, openConsole, type Console } from '@ptt/e2e/media-tests/support/console';
import { startMediaServer, type MediaServer } from '@ptt/e2e/media-tests/support/media-server';
import { jitterBuffer, meanJitterMs } from './ptt-onset';
import { childrenOf, chromiumRole, cpuWindow, findInTree, type CpuWindow, type Group } from './proc-cpu';
import { armAllStrips, armStrip, firedStrips, installStripOnsets, stripCount, waitStrip } from './watch-onset';

// tsx compiles with esbuild's keepNames, which wraps functions in __name(); addInitScript and
// page.evaluate send functions to the page as text, so the page needs the helper too.
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (f) => f;' };
const ENT_ID = 100001;
const PASSWORD = 'demo123'; // what the harness's loginViaApi signs in with
/** Onset threshold at the strip's output (after the tile's volume 80 and a centred panner, the
 *  talkers' 0.5 tone reads about 0.28). */
const THRESHOLD = 0.05;
/** A burst's tone lasts this long; the next starts after the strip is quiet again plus a random gap. */
const BURST_ON_MS = 500;
const ONSET_TIMEOUT_MS = 2000;
/** The talkers' "speech" in the steady window: tone on and off in turn, each talker at its own phase. */
const SPEECH_ON_MS = 700;
const SPEECH_OFF_MS = 300;

export interface WatchOptions {
  channels: number;
  talkers: number;
  bursts: number;
  warmup: number;
  idleS: number;
  steadyS: number;
  /** The dispatcher page's /janus requests go through the bench instead of Chromium's socket pool. */
  janusRelay: boolean;
  log: (...a: unknown[]) => void;
  cleanup: (step: () => unknown) => void;
}

interface Cdp {
  /** CDP Performance.getMetrics of the dispatcher's page (seconds, cumulative). */
  metrics: () => Promise<Record<string, number>>;
}

export interface PageMetrics {
  /** Renderer main thread busy (TaskDuration), script, style and layout, per wall second; ProcessTime: the renderer process. */
  [name: string]: number;
}

export interface WindowFigures extends CpuWindow {
  page: PageMetrics;
  /** The dispatcher page's requests within the window. */
  requests: RequestFigures;
}

export interface ChannelLatency {
  channel: string;
  talker: string;
  /** Tone on at the talker to onset at the dispatcher's strip for that channel, ms. */
  samplesMs: number[];
  missed: number;
  /** Bursts started without the strip having been quiet for 20 ms within 3 s (counted anyway). */
  notQuiet: number;
}

export interface WatchResult {
  serverStartMs: number;
  consolesReadyMs: number;
  watched: { tiles: number; strips: number; peerConnections: number; selectedConnectedMs: number; talkingRoomsMs: number; requests: RequestFigures };
  calibration: { channel: string; strip: number | null; alsoFired: number[] }[];
  idle: WindowFigures;
  talking: WindowFigures;
  bursts: WindowFigures;
  latency: ChannelLatency[];
  dispatcherJitterBufferMs: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rest<T>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

const login = (base: string, account: string) =>
  rest<{ id: number; auth_token: string }>(base, null, 'POST', '/api/auth/login', { entId: ENT_ID, account, password: PASSWORD });

export const channelName = (i: number): string => `Watch ${String(i + 1).padStart(2, '0')}`;
/** The talking channels, spread over the list (0-based positions). */
export const talkingPositions = (channels: number, talkers: number): number[] =>
  Array.from({ length: talkers }, (_, k) => Math.floor((k * channels) / talkers) + 1).map((p) => Math.min(p, channels - 2));

/**
 * Through the public API as the demo admin: `talkers` users (talker1..), `channels` channels with
 * dispatcher1 in each and talker k in the k-th talking one; then dispatcher1's watched list, all
 * of them in order (volume 80, centre, the defaults of the console's picker).
 */
async function provision(base: string, o: WatchOptions): Promise<{ talking: { channel: string; account: string }[]; selected: string }> {
  const admin = await login(base, 'admin');
  const dispatcher = await login(base, 'dispatcher1');
  const positions = talkingPositions(o.channels, o.talkers);
  const talkerIds: number[] = [];
  for (let k = 0; k < o.talkers; k++) {
    const u = await rest<{ id: number }>(base, admin.auth_token, 'POST', '/api/users', { account: `wtalker${k + 1}`, nickname: `Talker ${k + 1}`, password: PASSWORD, role: 0 });
    talkerIds.push(u.id);
  }
  const channelIds: number[] = [];
  for (let i = 0; i < o.channels; i++) {
    const k = positions.indexOf(i);
    const memberIds = [dispatcher.id, ...(k >= 0 ? [talkerIds[k]!] : [])];
    channelIds.push((await rest<{ id: number }>(base, admin.auth_token, 'POST', '/api/channels', { name: channelName(i), memberIds })).id);
  }
  const channels = channelIds.map((channelId) => ({ channelId, volume: 80, muted: false, pan: 'centre' }));
  const saved = await rest<{ channels: unknown[] }>(base, dispatcher.auth_token, 'PUT', '/api/me/watched-channels', { channels });
  if (saved.channels.length !== o.channels) throw new Error(`watched list saved ${saved.channels.length} of ${o.channels}`);
  return {
    talking: positions.map((p, k) => ({ channel: channelName(p), account: `wtalker${k + 1}` })),
    selected: channelName(o.channels - 1), // a silent one: the dispatcher transmits there, listens to the rest
  };
}

/** openConsole() makes its own context; this prepares each new one before its page loads. */
function preparing(browser: Browser, bypassCSP: boolean, setup: (c: BrowserContext) => Promise<void>): Browser {
  const newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const [options = {}] = args;
    const context = await browser.newContext(bypassCSP ? { ...options, bypassCSP: true } : options);
    await context.addInitScript(KEEP_NAMES_SHIM);
    await setup(context);
    return context;
  };
  return new Proxy(browser, { get: (target, key) => (key === 'newContext' ? newContext : Reflect.get(target, key) as unknown) });
}

/** Launches a browser and returns it with the pid of its top process (a new child of this one). */
async function launchTracked(): Promise<{ browser: Browser; pids: number[] }> {
  const before = new Set(childrenOf(process.pid));
  const browser = await launchMediaBrowser();
  return { browser, pids: childrenOf(process.pid).filter((p) => !before.has(p)) };
}

async function cdpOf(page: Page): Promise<Cdp> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable', { timeDomain: 'threadTicks' });
  return {
    metrics: async () => {
      const { metrics } = await session.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    },
  };
}

const PAGE_METRICS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'ProcessTime'];

/** A CPU window over the groups and the dispatcher page's own metrics. */
async function measured(groups: Group[], cdp: Cdp, page: Page): Promise<() => Promise<WindowFigures>> {
  await requestFigures(page, true);
  const before = await cdp.metrics();
  const started = performance.now();
  const end = cpuWindow(groups);
  return async () => {
    const cpu = end();
    const after = await cdp.metrics();
    const wallS = (performance.now() - started) / 1000;
    const metrics: PageMetrics = {};
    for (const k of PAGE_METRICS) if (k in after) metrics[k] = Math.round((((after[k] ?? 0) - (before[k] ?? 0)) / wallS) * 1000) / 1000;
    return { ...cpu, page: metrics, requests: await requestFigures(page, true) };
  };
}

async function startSpeech(talker: Page, phaseMs: number): Promise<void> {
  await talker.evaluate(({ on, off, phase }) => {
    const w = window as unknown as { __tone: { on: () => number; off: () => number }; __benchSpeech?: number[] };
    const timers: number[] = [];
    w.__benchSpeech = timers;
    const tick = () => {
      w.__tone.on();
      timers.push(window.setTimeout(() => w.__tone.off(), on));
    };
    timers.push(window.setTimeout(() => {
      tick();
      timers.push(window.setInterval(tick, on + off));
    }, phase));
  }, { on: SPEECH_ON_MS, off: SPEECH_OFF_MS, phase: phaseMs });
}

async function stopSpeech(talker: Page): Promise<void> {
  await talker.evaluate(() => {
    const w = window as unknown as { __tone: { off: () => number }; __benchSpeech?: number[] };
    for (const t of w.__benchSpeech ?? []) {
      clearTimeout(t);
      clearInterval(t);
    }
    w.__tone.off();
  });
}

const READY_TIMEOUT_MS = 120_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface RequestFigures {
  /** Distinct Janus sessions the page has used (one per room joined, rejoins included). */
  janusSessions: number;
  /** Janus long polls (GET /janus/<session>?rid=) open at once: now and at most. */
  longPollsOpen: number;
  longPollsMax: number;
  /** Other requests to /janus and /api: time from the call to the request being sent (queued in
   *  Chromium, e.g. waiting for one of the 6 connections HTTP/1.1 allows per host), ms. */
  queuedMs: { n: number; p50?: number; p95?: number; max?: number };
}

/** Page side: counts Janus sessions and open long polls (fetch wrapped), and keeps each request's
 *  queueing time (resource timing, seen by an observer so the 250-entry buffer does not matter). */
function requestProbe(): void {
  const w = window as unknown as { __benchRequests?: { sessions: Set<string>; open: number; max: number; queued: number[] } };
  if (w.__benchRequests) return;
  const r = { sessions: new Set<string>(), open: 0, max: 0, queued: [] as number[] };
  w.__benchRequests = r;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const session = /\/janus\/(\d+)/.exec(url)?.[1];
    if (session) r.sessions.add(session);
    const poll = session !== undefined && url.includes('rid=');
    if (poll) r.max = Math.max(r.max, ++r.open);
    try {
      return await nativeFetch(input, init);
    } finally {
      if (poll) r.open -= 1;
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      if (!/\/(janus|api)\//.test(e.name) || e.name.includes('rid=') || e.requestStart <= 0) continue;
      r.queued.push(e.requestStart - e.startTime);
    }
  }).observe({ type: 'resource', buffered: true });
}

/** The page's request figures so far; `reset` starts the queueing figures and the maximum afresh. */
async function requestFigures(page: Page, reset = false): Promise<RequestFigures> {
  const r = await page.evaluate((again) => {
    const b = (window as unknown as { __benchRequests: { sessions: Set<string>; open: number; max: number; queued: number[] } }).__benchRequests;
    const out = { janusSessions: b.sessions.size, longPollsOpen: b.open, longPollsMax: b.max, queued: [...b.queued] };
    if (again) {
      b.queued.length = 0;
      b.max = b.open;
    }
    return out;
  }, reset);
  const q = [...r.queued].sort((a, b) => a - b);
  const at = (p: number) => Math.round(q[Math.min(q.length - 1, Math.floor(p * q.length))]!);
  return {
    janusSessions: r.janusSessions, longPollsOpen: r.longPollsOpen, longPollsMax: r.longPollsMax,
    queuedMs: q.length > 0 ? { n: q.length, p50: at(0.5), p95: at(0.95), max: Math.round(q.at(-1)!) } : { n: 0 },
  };
}

interface Dispatcher {
  page: Page;
  outside: string[];
  openedAt: number;
  /** From the page's navigation to the selected channel's room connected. */
  selectedConnectedMs: number;
}

/**
 * dispatcher1's console, as openConsole() opens one, with two differences: requests leaving
 * loopback are recorded by a passive listener instead of a route on every request (Playwright's
 * interception would add its own CPU to the browser's figures, and the namespace has no route out
 * anyway), and the selected room may take READY_TIMEOUT_MS to connect (20 rooms join at once).
 */
async function openDispatcher(browser: Browser, baseURL: string, channel: string, o: WatchOptions): Promise<Dispatcher> {
  // The strip detectors are AudioWorklets from blob: URLs, which the console's CSP refuses.
  const context = await browser.newContext({ bypassCSP: true });
  await context.addInitScript(KEEP_NAMES_SHIM);
  const outside: string[] = [];
  context.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !LOOPBACK.has(url.hostname)) outside.push(url.href);
  });
  if (o.janusRelay) {
    // Diagnosis of the product's one-session-per-room signalling (docs/bench-watch.md): Janus'
    // HTTP API is fetched by the bench and handed back, so long polls do not hold Chromium's 6
    // connections per host and the other requests are not queued behind them.
    await context.route((url) => /^\/janus(\/|$)/.test(url.pathname), async (route) => {
      try {
        await route.fulfill({ response: await route.fetch({ timeout: 0 }) });
      } catch {
        // the page dropped the request (a session destroyed meanwhile)
      }
    });
  }
  await installMediaProbes(context);
  await installStripOnsets(context);
  await context.addInitScript(requestProbe);
  const page = await context.newPage();
  // Diagnosis: the dispatcher page's console on stderr.
  if (process.env.BENCH_WATCH_DEBUG === '1') page.on('console', (m) => o.log(`dispatcher page ${m.type()}: ${m.text().slice(0, 300)}`));
  await loginViaApi(page, baseURL, 'dispatcher1');
  const openedAt = performance.now();
  await page.goto(`${baseURL}/main/dispatch`);
  try {
    const button = page.getByRole('list', { name: 'Channels' }).getByRole('button', { name: new RegExp(`^${channel}`) });
    await button.waitFor({ timeout: READY_TIMEOUT_MS });
    o.log(`dispatcher's channel list shown after ${Math.round(performance.now() - openedAt)} ms`);
    await button.click();
    await page.getByTestId('ptt-state').and(page.locator('[data-state="connected"]')).waitFor({ timeout: READY_TIMEOUT_MS });
  } catch (err) {
    // What the page's signalling looked like when it gave up: printed with the error.
    const requests = await requestFigures(page).catch(() => null);
    o.log(`the dispatcher's rooms did not come up: requests ${JSON.stringify(requests)}`);
    if (process.env.BENCH_WATCH_DEBUG === '1') await page.screenshot({ path: '/tmp/bench-watch-dispatcher.png' });
    throw Object.assign(err instanceof Error ? err : new Error(String(err)), { requests, waitedMs: Math.round(performance.now() - openedAt) });
  }
  return { page, outside, openedAt, selectedConnectedMs: Math.round(performance.now() - openedAt) };
}

/** Diagnosis (BENCH_WATCH_PROFILE=1): a CPU profile of the page's main thread; the returned
 *  function stops it and gives the 20 functions with the most self time. */
async function startProfile(page: Page): Promise<() => Promise<string>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 500 });
  await session.send('Profiler.start');
  return async () => {
    const { profile } = await session.send('Profiler.stop');
    const dt = profile.timeDeltas ?? [];
    const selfUs = new Map<number, number>();
    for (const [i, id] of (profile.samples ?? []).entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (dt[i] ?? 0));
    const byFunction = new Map<string, number>();
    for (const n of profile.nodes) {
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + (selfUs.get(n.id) ?? 0));
    }
    return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, us]) => `  ${Math.round(us / 1000)} ms  ${k}`).join('\n');
  };
}

async function openPeerConnections(page: Page): Promise<number> {
  return page.evaluate(() => ((window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? []).filter((pc) => pc.connectionState === 'connected').length);
}

export async function measureWatch(o: WatchOptions): Promise<WatchResult> {
  const t = performance.now();
  const server = await startMediaServer();
  o.cleanup(() => server.stop());
  try {
    return await measure(o, server, Math.round(performance.now() - t));
  } catch (err) {
    o.log(`server output (end):\n${server.output().slice(-3000)}`);
    if (process.env.BENCH_WATCH_DEBUG === '1') {
      writeFileSync('/tmp/bench-watch-server.log', server.output());
      writeFileSync('/tmp/bench-watch-janus.log', server.janusLog());
      o.log('whole logs in /tmp/bench-watch-server.log and /tmp/bench-watch-janus.log');
    }
    throw err;
  }
}

async function measure(o: WatchOptions, server: MediaServer, serverStartMs: number): Promise<WatchResult> {
  const serverPid = findInTree(process.pid, (cmd) => cmd.includes('main.cjs'));
  const janusPid = serverPid === null ? null : findInTree(serverPid, (_cmd, p) => p.comm === 'janus');
  if (serverPid === null || janusPid === null) throw new Error(`server or Janus process not found (server ${serverPid}, janus ${janusPid})`);
  o.log(`server (pid ${serverPid}) with Janus (pid ${janusPid}) up in ${serverStartMs} ms`);

  const { talking, selected } = await provision(server.baseURL, o);
  o.log(`${o.channels} channels watched by dispatcher1, talking: ${talking.map((c) => c.channel).join(', ')}; selected ${selected}`);

  const t = performance.now();
  const talkerBrowser = await launchTracked();
  o.cleanup(() => talkerBrowser.browser.close());
  const dispatcherBrowser = await launchTracked();
  o.cleanup(() => dispatcherBrowser.browser.close());
  const forTalkers = preparing(talkerBrowser.browser, false, (c) => installToneMicrophone(c, { freqHz: 1000, amplitude: 0.5 }));
  // Talkers hold the floor through the whole run: their talk limit is raised to the server's cap.
  const talkers: Console[] = [];
  for (const c of talking) {
    o.log(`opening ${c.account}'s console in ${c.channel}`);
    talkers.push(await openConsole(forTalkers, server.baseURL, c.account, { channel: c.channel, settings: { pttMaxDurationS: 300 } }));
  }
  o.log(`opening dispatcher1's console, ${selected} selected`);
  const dispatcher = await openDispatcher(dispatcherBrowser.browser, server.baseURL, selected, o);
  const tiles = dispatcher.page.getByTestId('watch-tile');
  for (let end = Date.now() + 30_000; (await tiles.count()) < o.channels; ) {
    if (Date.now() > end) throw new Error(`the watch panel shows ${await tiles.count()} of ${o.channels} tiles`);
    await sleep(250);
  }
  // The talking channels' rooms are joined once their subscriber connections are up (and the
  // selected room's publisher): talkers + 1 connected peer connections.
  for (let end = Date.now() + READY_TIMEOUT_MS; (await openPeerConnections(dispatcher.page)) < talking.length + 1; ) {
    if (Date.now() > end) throw new Error(`the dispatcher has ${await openPeerConnections(dispatcher.page)} connected peer connections, not ${talking.length + 1}, after ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(250);
  }
  const talkingRoomsMs = Math.round(performance.now() - dispatcher.openedAt);
  // Rooms join one after another: wait until the strips stop growing (2 s unchanged, 60 s at most).
  let strips = 0;
  for (let stable = 0, end = Date.now() + 60_000; stable < 8 && Date.now() < end; ) {
    const n = await stripCount(dispatcher.page);
    stable = n === strips && n > 0 ? stable + 1 : 0;
    strips = n;
    await sleep(250);
  }
  const consolesReadyMs = Math.round(performance.now() - t);
  const watched = {
    tiles: await tiles.count(), strips, peerConnections: await openPeerConnections(dispatcher.page),
    selectedConnectedMs: dispatcher.selectedConnectedMs, talkingRoomsMs, requests: await requestFigures(dispatcher.page),
  };
  o.log(`consoles ready in ${consolesReadyMs} ms: ${watched.tiles} tiles, ${watched.strips} output strips, ${watched.peerConnections} connected peer connections at the dispatcher; selected room connected after ${watched.selectedConnectedMs} ms, talking rooms after ${talkingRoomsMs} ms; ${watched.requests.janusSessions} Janus sessions`);

  const groups: Group[] = [
    { name: 'browser', roots: dispatcherBrowser.pids, role: chromiumRole, threadsOf: ['renderer', 'browser', 'audio'] },
    { name: 'server', roots: [serverPid], role: () => 'node' },
    { name: 'janus', roots: [janusPid], role: () => 'janus' },
    { name: 'talkersBrowser', roots: talkerBrowser.pids, role: chromiumRole },
  ];
  const cdp = await cdpOf(dispatcher.page);

  // 1. Idle: 20 watched, nobody talking.
  await sleep(3000);
  o.log(`idle window: ${o.idleS} s`);
  let window = await measured(groups, cdp, dispatcher.page);
  await sleep(o.idleS * 1000);
  const idle = await window();

  // The talkers take their floors and keep them.
  for (const c of talkers) await hold(c);
  for (const c of talkers) await c.ptt.and(c.page.locator('[aria-pressed="true"]')).waitFor({ timeout: 10_000 });
  for (const c of talking) {
    const tile = dispatcher.page.locator(`[data-testid="watch-tile"]`).filter({ has: dispatcher.page.getByText(c.channel, { exact: true }) });
    await tile.and(dispatcher.page.locator('[data-talker]:not([data-talker=""])')).waitFor({ timeout: 10_000 });
  }
  o.log(`${talkers.length} talkers hold their floors; the dispatcher's tiles show them`);

  // 2. Which strip is which channel: one talker at a time, every strip armed.
  const calibration: WatchResult['calibration'] = [];
  for (const [k, c] of talking.entries()) {
    await armAllStrips(dispatcher.page, THRESHOLD);
    await sleep(300);
    await toneOn(talkers[k]!.page);
    let fired: number[] = [];
    for (const end = Date.now() + 3000; fired.length === 0 && Date.now() < end; ) {
      await sleep(20);
      fired = await firedStrips(dispatcher.page);
    }
    await sleep(400); // any other strip hearing it (a leak between channels) shows by now
    fired = await firedStrips(dispatcher.page);
    await toneOff(talkers[k]!.page);
    calibration.push({ channel: c.channel, strip: fired[0] ?? null, alsoFired: fired.slice(1) });
    await sleep(500);
  }
  o.log(`strips by channel: ${calibration.map((c) => `${c.channel} -> ${c.strip}${c.alsoFired.length > 0 ? ` (also ${c.alsoFired.join(',')})` : ''}`).join('; ')}`);
  const unheard = calibration.filter((c) => c.strip === null).map((c) => c.channel);
  if (unheard.length > 0) throw new Error(`the dispatcher hears nothing from ${unheard.join(', ')}`);

  // 3. Steady talking: the five talk at once (tone on 700 ms, off 300 ms, phases spread).
  for (const [k, c] of talkers.entries()) await startSpeech(c.page, Math.round((k * (SPEECH_ON_MS + SPEECH_OFF_MS)) / talkers.length));
  await sleep(1000);
  o.log(`talking window: ${o.steadyS} s, ${talkers.length} talking`);
  window = await measured(groups, cdp, dispatcher.page);
  const profiling = process.env.BENCH_WATCH_PROFILE === '1' ? await startProfile(dispatcher.page) : null;
  await sleep(o.steadyS * 1000);
  const talkingCpu = await window();
  if (profiling) o.log(`dispatcher page, busiest functions while ${talkers.length} talk (self ms over ${o.steadyS} s):\n${await profiling()}`);
  for (const c of talkers) await stopSpeech(c.page);
  await sleep(500);

  // 4. Bursts: every talker at once, each on its own schedule; each onset timed on its channel's strip.
  o.log(`bursts: ${o.warmup} + ${o.bursts} per talking channel, all channels at once`);
  const jitterBefore = await jitterBuffer(dispatcher.page);
  window = await measured(groups, cdp, dispatcher.page);
  const latency = await Promise.all(talking.map(async (c, k): Promise<ChannelLatency> => {
    const talker = talkers[k]!.page;
    const strip = calibration[k]!.strip!;
    const r: ChannelLatency = { channel: c.channel, talker: c.account, samplesMs: [], missed: 0, notQuiet: 0 };
    for (let i = 0; i < o.warmup + o.bursts; i++) {
      const quiet = await armStrip(dispatcher.page, strip, THRESHOLD, 3000);
      await sleep(100 + Math.random() * 300);
      const sent = await toneOn(talker);
      const heard = await waitStrip(dispatcher.page, strip, ONSET_TIMEOUT_MS);
      const left = sent + BURST_ON_MS - Date.now();
      if (left > 0) await sleep(left);
      await toneOff(talker);
      if (i < o.warmup) continue;
      if (!quiet) r.notQuiet += 1;
      if (heard === null) r.missed += 1;
      else r.samplesMs.push(heard - sent);
    }
    return r;
  }));
  const burstsCpu = await window();
  const dispatcherJitterBufferMs = meanJitterMs(jitterBefore, await jitterBuffer(dispatcher.page));

  for (const c of talkers) await letGo(c);
  const outside = [...talkers, dispatcher].flatMap((c) => c.outside);
  if (outside.length > 0) throw new Error(`the consoles tried to leave loopback: ${outside.join(', ')}`);
  return { serverStartMs, consolesReadyMs, watched, calibration, idle, talking: talkingCpu, bursts: burstsCpu, latency, dispatcherJitterBufferMs };
}
