// Issue 19, acceptance 4: ONE dispatcher console watching 20 channels while 5 of them have a
// talker at once, through the product: the built server with its Janus (VideoRoom rooms, ADR 022),
// the dispatch console's watched channels (ADR 023: every watched room joined listen-only and
// played through its own WebAudio strip). Printed as one JSON object:
// - CPU (CPU seconds per wall second, 1 = one core) of the dispatcher's Chromium (its page's
//   renderer, the browser process, the audio and network services, by thread too), of the Node
//   server and of Janus: idle (20 watched, nobody talking) and talking (5 talking at once);
// - mouth-to-ear p50/p95 per talking channel: a tone stepped on at the talker to its onset at the
//   dispatcher, on that channel's own output strip (after its volume and pan), timed on the audio
//   thread; 20 bursts per channel, the five channels bursting at the same time;
// - the load average before and after (the figures mean little on a busy machine).
//
//   node bench/watch.bench.mjs          (also part of `npm run bench`; needs root for `ip netns`)
//
// WebRTC media needs a non-loopback interface, so the bench runs itself again inside a network
// namespace made by scripts/netns.mjs (docs/testing-media.md). Method and figures:
// docs/bench-watch.md. Progress goes to stderr; the last stdout line is one JSON object.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, cleanupStack, inMediaNamespace, round, summary } from './lib.mjs';

const num = (name, fallback) => Number(process.env[name] ?? fallback);
const OPTIONS = {
  channels: num('BENCH_WATCH_CHANNELS', 20),
  talkers: num('BENCH_WATCH_TALKERS', 5),
  bursts: num('BENCH_WATCH_BURSTS', 20),
  warmup: num('BENCH_WATCH_WARMUP', 2),
  idleS: num('BENCH_WATCH_IDLE_S', 20),
  steadyS: num('BENCH_WATCH_STEADY_S', 30),
  // The console as built by default (its watched rooms share one Janus session: ADR 023). 1 relays
  // the dispatcher's /janus requests through the bench, the workaround used before rooms shared a
  // session, kept to compare (docs/bench-watch.md).
  janusRelay: process.env.BENCH_WATCH_JANUS_RELAY === '1',
};
const log = (...a) => console.error('[watch]', ...a);

inMediaNamespace(import.meta.url);

const cleanups = cleanupStack(log);
const loadavg = () => ({ loadavg: os.loadavg().map((l) => round(l)), proc: readFileSync('/proc/loadavg', 'utf8').trim() });

/** The figures of a window that the report keeps: totals, the browser by process role and its busiest threads. */
const cpuFigures = (w) => ({
  wallS: w.wallS,
  browser: w.groups.browser.total,
  browserByProcess: w.groups.browser.byRole,
  browserThreads: w.groups.browser.threads,
  dispatcherPage: w.page,
  server: w.groups.server.total,
  janus: w.groups.janus.total,
  talkersBrowser: w.groups.talkersBrowser.total,
});

async function run() {
  // The helpers are TypeScript shared with the e2e media tests; tsx (the server's) loads them.
  const tsxApi = createRequire(path.join(ROOT, 'server', 'package.json')).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const { tsImport } = await import(pathToFileURL(tsxApi).href);
  const { measureWatch } = await tsImport('./watch-product.ts', import.meta.url);

  const started = performance.now();
  const before = loadavg();
  log(`namespace ${process.env.PTT_NETNS}; ${OPTIONS.channels} watched, ${OPTIONS.talkers} talking; load ${before.proc}`);
  const r = await measureWatch({ ...OPTIONS, log, cleanup: (s) => cleanups.push(s) });
  await cleanups.run();
  const after = loadavg();

  const perChannel = r.latency.map((c) => ({
    channel: c.channel,
    ...(c.samplesMs.length > 0 ? summary(c.samplesMs) : { n: 0 }),
    missed: c.missed,
    ...(c.notQuiet > 0 ? { notQuiet: c.notQuiet } : {}),
  }));
  const all = r.latency.flatMap((c) => c.samplesMs);
  const idle = cpuFigures(r.idle);
  const talking = cpuFigures(r.talking);
  log(`idle:    browser ${idle.browser}, server ${idle.server}, janus ${idle.janus} (CPU s per s; page main thread ${idle.dispatcherPage.TaskDuration})`);
  log(`talking: browser ${talking.browser}, server ${talking.server}, janus ${talking.janus} (CPU s per s; page main thread ${talking.dispatcherPage.TaskDuration})`);
  for (const c of perChannel) log(`${c.channel}: mouth-to-ear p50 ${c.p50} ms, p95 ${c.p95} ms, max ${c.max} ms, missed ${c.missed}`);
  log(`load ${before.proc} -> ${after.proc}`);
  console.log(JSON.stringify({
    watched: OPTIONS.channels,
    janusSignalling: OPTIONS.janusRelay ? 'relayed by the bench (BENCH_WATCH_JANUS_RELAY=1)' : 'as built',
    talking: OPTIONS.talkers,
    burstsPerChannel: OPTIONS.bursts,
    setup: {
      serverStartMs: r.serverStartMs, consolesReadyMs: r.consolesReadyMs, tiles: r.watched.tiles, strips: r.watched.strips,
      peerConnections: r.watched.peerConnections, selectedConnectedMs: r.watched.selectedConnectedMs, talkingRoomsMs: r.watched.talkingRoomsMs,
    },
    cpu: {
      unit: 'CPU seconds per wall second (1 = one core)',
      idle,
      talking,
      bursts: { wallS: r.bursts.wallS, browser: r.bursts.groups.browser.total, server: r.bursts.groups.server.total, janus: r.bursts.groups.janus.total },
    },
    mouthToEarMs: {
      through: 'talker console tone -> dispatcher console, each channel\'s own WebAudio strip, audio-thread onset',
      perChannel,
      all: all.length > 0 ? summary(all) : { n: 0 },
      dispatcherJitterBufferMs: r.dispatcherJitterBufferMs,
      crosstalk: r.calibration.filter((c) => c.alsoFired.length > 0).map((c) => c.channel),
    },
    dispatcherRequests: { setup: r.watched.requests, idle: r.idle.requests, talking: r.talking.requests, bursts: r.bursts.requests },
    loadavg: { before: before.loadavg, after: after.loadavg, beforeRaw: before.proc, afterRaw: after.proc, cpus: os.cpus().length },
    elapsedS: Math.round((performance.now() - started) / 1000),
  }));
}

try {
  await run();
} catch (err) {
  log(err.stack ?? err.message);
  console.log(JSON.stringify({
    error: String(err.message).slice(0, 500),
    janusRelay: OPTIONS.janusRelay,
    ...(err.requests ? { dispatcherRequests: err.requests, waitedMs: err.waitedMs } : {}),
    loadavg: { after: os.loadavg().map((l) => round(l)), cpus: os.cpus().length },
  }));
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
