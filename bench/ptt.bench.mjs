// PTT figures (issue 7, acceptance 5) over 50 bursts, p50/p95/max, through the product:
// - access time: press of the console's PTT button to floor granted and talking shown, as the
//   console measures it (data-access-ms) and, as a cross-check, from the DOM and from the bench.
//   Target p95 <= 150 ms.
// - mouth-to-ear latency: a tone stepped on at the talker (once talking shows) to its onset
//   detected at the listener, through the server's Janus AudioBridge room. Target p95 <= 250 ms.
// Both against the 300 ms of 3GPP mission-critical PTT (TS 22.179). Then, for comparison, the
// same mouth-to-ear with raw janus.js pages in a bare room (BENCH_PTT_RAW=0 skips it): the
// product's proxy, floor control and console should add nothing to media latency.
//
//   node bench/ptt.bench.mjs          (also part of `npm run bench`; needs root for `ip netns`)
//
// WebRTC media needs a non-loopback interface, so the bench runs itself again inside a network
// namespace made by scripts/netns.mjs (docs/testing-media.md): the server, its Janus, Chromium and
// every socket stay inside it. Method and figures: docs/bench-ptt.md. Progress goes to stderr;
// the last stdout line is one JSON object.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, cleanupStack, inMediaNamespace, round, summary } from './lib.mjs';

const BURSTS = Number(process.env.BENCH_PTT_BURSTS ?? 50);
const WARMUP = Number(process.env.BENCH_PTT_WARMUP ?? 2);
const RAW = process.env.BENCH_PTT_RAW !== '0';
const TARGETS = { accessP95Ms: 150, mouthToEarP95Ms: 250, mcpttMs: 300 };
const log = (...a) => console.error('[ptt]', ...a);

inMediaNamespace(import.meta.url);

const cleanups = cleanupStack(log);
const figures = (xs, missed) => (xs.length > 0 ? { ...summary(xs), missed } : { n: 0, missed });
const loadavg = () => os.loadavg().map((l) => round(l));

async function run() {
  // The helpers are TypeScript shared with the e2e media tests; tsx (the server's) loads them.
  // require.resolve finds the CommonJS build of tsx/esm/api; its ESM build is next to it.
  const tsxApi = createRequire(path.join(ROOT, 'server', 'package.json')).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const { tsImport } = await import(pathToFileURL(tsxApi).href);
  const { measureProductPtt } = await tsImport('./ptt-product.ts', import.meta.url);
  const { measureRawMouthToEar, measureSfuMouthToEar } = await tsImport('./ptt-latency.ts', import.meta.url);
  const sfuFigures = async () => {
    const sfu = await measureSfuMouthToEar({ bursts: BURSTS, log, cleanup: (s) => cleanups.push(s) });
    await cleanups.run();
    return {
      ...figures(sfu.samplesMs, sfu.missed),
      through: 'raw janus.js pages, VideoRoom audio only (forwarded, not mixed), floor by moderate',
      analyser: sfu.analyserMs.length > 0 ? summary(sfu.analyserMs) : { n: 0 },
      listenerJitterBufferMs: sfu.listenerJitterBufferMs,
      moderateMs: sfu.moderateMs.length > 0 ? summary(sfu.moderateMs) : { n: 0 },
    };
  };
  if (process.env.BENCH_PTT_ONLY === 'sfu') {
    const sfu = await sfuFigures();
    log(`sfu mouth-to-ear: p50 ${sfu.p50} p95 ${sfu.p95} max ${sfu.max} missed ${sfu.missed}; jitter buffer ${sfu.listenerJitterBufferMs}`);
    console.log(JSON.stringify({ sfuMouthToEarMs: sfu }));
    return;
  }

  const started = performance.now();
  const loadBefore = loadavg();
  log(`namespace ${process.env.PTT_NETNS} (set up in ${process.env.PTT_NETNS_SETUP_MS} ms), ${BURSTS} bursts after ${WARMUP} warm-up`);
  const product = await measureProductPtt({ bursts: BURSTS, warmup: WARMUP, log, cleanup: (s) => cleanups.push(s) });
  await cleanups.run(); // server, Janus and browser gone before the raw comparison starts its own

  const access = {
    page: figures(product.accessPageMs, product.accessMissed),
    dom: figures(product.accessDomMs, product.accessMissed),
    bench: figures(product.accessBenchMs, product.accessMissed),
    warmupPage: product.warmupAccessPageMs,
    parts: Object.fromEntries(Object.entries(product.accessParts).map(([k, xs]) => [k, xs.length > 0 ? summary(xs) : { n: 0 }])),
  };
  const mouthToEar = {
    ...figures(product.mouthToEarMs, product.mouthToEarMissed),
    through: 'product consoles, audio-thread onset detector',
    analyser: product.mouthToEarAnalyserMs.length > 0 ? summary(product.mouthToEarAnalyserMs) : { n: 0 },
    listenerJitterBufferMs: product.listenerJitterBufferMs,
  };

  let raw = null;
  if (RAW) {
    const latency = await measureRawMouthToEar({ bursts: BURSTS, prebuffering: 2, log, cleanup: (s) => cleanups.push(s) });
    raw = {
      ...figures(latency.samplesMs, latency.missed),
      through: 'raw janus.js pages, bare room, prebuffering 2',
      analyser: latency.analyserMs.length > 0 ? summary(latency.analyserMs) : { n: 0 },
      listenerJitterBufferMs: latency.listenerJitterBufferMs,
    };
  }

  // (c) the forwarding path without mixing (issue 18): a VideoRoom, floor by moderation.
  const sfu = process.env.BENCH_PTT_SFU === '0' ? null : await sfuFigures();

  const pass = {
    // The console's own figure is the target's definition; the bench's adds CDP input and a round trip.
    accessP95: product.accessMissed === 0 && access.page.p95 <= TARGETS.accessP95Ms,
    accessBenchP95: product.accessMissed === 0 && access.bench.p95 <= TARGETS.accessP95Ms,
    mouthToEarP95: product.accessMissed + product.mouthToEarMissed === 0 && mouthToEar.p95 <= TARGETS.mouthToEarP95Ms,
  };
  const line = (name, f) => `${name}: p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms, missed ${f.missed}`;
  log(line('access (console)', access.page));
  log(line('access (DOM)    ', access.dom));
  log(line('access (bench)  ', access.bench));
  for (const [k, f] of Object.entries(access.parts)) log(`  ${k}: p50 ${f.p50} ms, p95 ${f.p95} ms`);
  log(line('mouth-to-ear    ', mouthToEar), `(analyser detector p50 ${mouthToEar.analyser.p50}, p95 ${mouthToEar.analyser.p95}; listener jitter buffer ${mouthToEar.listenerJitterBufferMs} ms)`);
  if (sfu) log(line('sfu mouth-to-ear', sfu), `(jitter buffer ${sfu.listenerJitterBufferMs} ms; moderate p50 ${sfu.moderateMs.p50} ms)`);
  if (raw) log(line('raw mouth-to-ear', raw), `(analyser detector p50 ${raw.analyser.p50}, p95 ${raw.analyser.p95}; listener jitter buffer ${raw.listenerJitterBufferMs} ms)`);
  console.log(JSON.stringify({
    bursts: BURSTS,
    warmup: WARMUP,
    netnsSetupMs: Number(process.env.PTT_NETNS_SETUP_MS),
    serverStartMs: product.serverStartMs,
    consolesReadyMs: product.consolesReadyMs,
    accessMs: access,
    mouthToEarMs: mouthToEar,
    rawMouthToEarMs: raw ?? { status: 'skipped (BENCH_PTT_RAW=0)' },
    sfuMouthToEarMs: sfu ?? { status: 'skipped (BENCH_PTT_SFU=0)' },
    targets: TARGETS,
    pass,
    ok: pass.accessP95 && pass.mouthToEarP95,
    loadavg: { before: loadBefore, after: loadavg(), cpus: os.cpus().length },
    elapsedS: Math.round((performance.now() - started) / 1000),
  }));
}

try {
  await run();
} catch (err) {
  log(err.stack ?? err.message);
  console.log(JSON.stringify({ error: String(err.message).slice(0, 500) }));
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
