// Map layer under a position storm (issue 6, acceptance 4): 10,000 members and 2,000 position
// updates per second for ~10 s in headless Debian Chromium, once with our MemberLayer (one
// canvas, supercluster clustering, updates applied once per animation frame) and once with plain
// Leaflet markers (L.marker per member, setLatLng per update), in the same run. Frame time is the
// gap between requestAnimationFrame timestamps. Target: our median under 16 ms.
//
// Chromium runs without vsync or frame-rate limit, every compositor stage finished before the
// next frame (--disable-gpu-vsync --disable-frame-rate-limit --run-all-compositor-stages-before-draw),
// so a frame's gap is the work it took, not the next 60 Hz tick; BENCH_MAP_VSYNC=1 keeps the limit.
// Frames in which our canvas is not repainted change nothing on screen and are nearly free, so
// the figures also give the frames that did repaint, and the JavaScript of a paint and a re-clustering.
// Rendering is software (--disable-gpu), slower than on a dispatcher's machine with a GPU.
// The page (bench/map-page.ts) is bundled with esbuild and served, with the offline tiles of
// server/src/maps/tile-svg.ts, from a loopback server started here; any other request is refused.
//
//   node bench/map.bench.mjs                 (also part of `npm run bench`)
//   BENCH_MAP_SECONDS=5 BENCH_MAP_MEMBERS=20000 BENCH_MAP_RATE=4000 BENCH_MAP_ZOOM=13 node ...
//   BENCH_MAP_ONLY=layer|markers node ...  one of the two alone (while tuning)
//   BENCH_MAP_ONLY=screen node ...         the large screen scenario alone (issue 21): 3840x2160
//   BENCH_MAP_ONLY=screen+dispatch node ... that and the 1280x800 layer at zoom 11, back to back
//   BENCH_MAP_SCREEN_ZOOM=13 BENCH_MAP_LAYER='{"resolution":0.5}' ...  its zoom; MemberLayer options (JSON)
//   BENCH_MAP_SRC=/tmp/old/shared/map node ...  bundles that copy of @ptt/map instead (before/after)
//   BENCH_MAP_TRACE=/tmp/map-trace.json node ...  a Chromium trace of the screen scenario's measured seconds
//   BENCH_MAP_SCREENSHOT=/tmp/map node ...  also saves /tmp/map-<mode>-z<zoom>.png at the end of each run
// Experiments (issue 21, ADR 026): BENCH_MAP_TILES=hidden (base map loaded, not shown) or png (bitmap
// tiles instead of SVG); BENCH_MAP_OPTIONS='{"fadeAnimation":false}' (L.map options);
// BENCH_MAP_BOX_SCALE=0.1 (members in a tenth of the area); BENCH_MAP_GPU=1 (no --disable-gpu, e.g.
// with BENCH_MAP_CHROMIUM_ARGS='--use-angle=swiftshader --enable-unsafe-swiftshader').
//
// Human-readable lines go to stdout, progress to stderr; the last stdout line is one JSON object.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, cleanupStack, percentile, round } from './lib.mjs';

const esbuild = createRequire(path.join(ROOT, 'server', 'package.json'))('esbuild');
// playwright-core as the e2e package has it (through @playwright/test).
const fromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const fromPlaywright = createRequire(createRequire(fromE2e.resolve('@playwright/test/package.json')).resolve('playwright/package.json'));
const { chromium } = fromPlaywright('playwright-core');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VSYNC = process.env.BENCH_MAP_VSYNC === '1';
const ARGS = ['--no-sandbox', ...(process.env.BENCH_MAP_GPU === '1' ? [] : ['--disable-gpu']), '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', ...(VSYNC ? [] : ['--disable-gpu-vsync', '--disable-frame-rate-limit', '--run-all-compositor-stages-before-draw']),
  // More Chromium switches for experiments (space-separated), e.g. another compositor or raster path.
  ...(process.env.BENCH_MAP_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean)];
const VIEWPORT = { width: 1280, height: 800 };
// Issue 21: the large screen (a wall display, 4K at device scale 1) shows every member at once.
const SCREEN_VIEWPORT = { width: 3840, height: 2160 };
// The members' 60 x 55 km area fitted to 3840 x 2160 (Leaflet's fitBounds gives zoom 12).
const SCREEN_ZOOM = Number(process.env.BENCH_MAP_SCREEN_ZOOM ?? 12);
/** Issue 21, acceptance 3: at 3840x2160, frames in which the member layer repaints, p95. */
const TARGET_SCREEN_REPAINT_P95_MS = 16;
/** Extra MemberLayer options for every layer run (JSON), to compare variants. */
const LAYER_OPTIONS = process.env.BENCH_MAP_LAYER ? JSON.parse(process.env.BENCH_MAP_LAYER) : {};
const OPTIONS = {
  members: Number(process.env.BENCH_MAP_MEMBERS ?? 10_000),
  rate: Number(process.env.BENCH_MAP_RATE ?? 2_000),
  seconds: Number(process.env.BENCH_MAP_SECONDS ?? 10),
  warmupSeconds: 2,
  zoom: Number(process.env.BENCH_MAP_ZOOM ?? 11),
  seed: 42,
  // Experiments: the members' area as a fraction of the 60 x 55 km box, around its centre.
  boxScale: Number(process.env.BENCH_MAP_BOX_SCALE ?? 1),
  tiles: process.env.BENCH_MAP_TILES ?? 'shown',
  mapOptions: process.env.BENCH_MAP_OPTIONS ? JSON.parse(process.env.BENCH_MAP_OPTIONS) : {},
};
const TARGET_MEDIAN_MS = 16;
const ONLY = process.env.BENCH_MAP_ONLY ?? '';
const STREET_ZOOM = 14;

const log = (...a) => console.error('[map]', ...a);
const cleanups = cleanupStack(log);

async function bundle(dir) {
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'bench', 'map-page.ts')],
    outdir: dir,
    entryNames: 'page',
    // Leaflet finds its marker images from the name in its CSS: keep the names.
    assetNames: '[name]',
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    loader: { '.png': 'file', '.svg': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    // Another copy of shared/map (e.g. a `git worktree` of an older commit, with node_modules
    // linked to shared/map's) to compare with, in the same conditions.
    ...(process.env.BENCH_MAP_SRC ? { alias: { '@ptt/map': path.resolve(process.env.BENCH_MAP_SRC) } } : {}),
    logLevel: 'error',
  });
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'server', 'src', 'maps', 'tile-svg.ts')],
    outfile: path.join(dir, 'tile-svg.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'error',
  });
  return import(pathToFileURL(path.join(dir, 'tile-svg.mjs')).href);
}

/** A 256 x 256 RGB PNG with a pattern of its own per tile (zlib, no library). */
function pngTile({ z, x, y }) {
  const row = 1 + 256 * 3;
  const raw = Buffer.alloc(row * 256);
  for (let j = 0; j < 256; j++) {
    raw[j * row] = 0;
    for (let i = 0; i < 256; i++) {
      const o = j * row + 1 + i * 3;
      const road = (i + x * 7) % 64 < 3 || (j + y * 5) % 48 < 3;
      raw[o] = road ? 255 : 230 + ((i ^ j ^ z) & 15);
      raw[o + 1] = road ? 250 : 228 + ((i * j + x) & 15);
      raw[o + 2] = road ? 240 : 220 + ((j + y) & 15);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>map bench</title>
<link rel="stylesheet" href="/page.css"><style>html,body{margin:0;overflow:hidden}#map{width:100vw;height:100vh}</style>
</head><body><div id="map"></div><script src="/page.js"></script></body></html>`;
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml' };

function serve(dir, { parseTileAddress, tileSvg }) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.svg$/.exec(url.pathname);
    if (tile) {
      const t = parseTileAddress(tile[1], tile[2], tile[3]);
      if (!t) return void res.writeHead(404).end();
      // Experiment (BENCH_MAP_TILES=png): bitmap tiles, as online tile servers send, instead of SVG.
      if (OPTIONS.tiles === 'png') return void res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).end(pngTile(t));
      return void res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }).end(tileSvg(t, 'google.roadmap'));
    }
    if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const name = path.basename(url.pathname);
    try {
      const body = readFileSync(path.join(dir, name));
      res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function stats(r) {
  const f = r.frames;
  return {
    frames: f.length,
    medianMs: round(percentile(f, 50)),
    p95Ms: round(percentile(f, 95)),
    p99Ms: round(percentile(f, 99)),
    maxMs: round(Math.max(...f)),
    /** Share of frames a 60 Hz screen would have missed. */
    over16_7Ms: round(f.filter((ms) => ms > 1000 / 60).length / f.length),
    fps: round((f.length / r.measuredMs) * 1000),
    updatesPerSecond: Math.round((r.updatesMeasured / r.measuredMs) * 1000),
    setupMs: Math.round(r.setupMs),
    domNodes: r.domNodes,
    tilesLoaded: r.tilesLoaded,
    ...(r.mode === 'layer'
      ? {
          layerScriptMsPerFrame: round(r.layerScriptMsPerFrame),
          // Only the frames in which the canvas was repainted (the others change nothing on screen).
          repaints: { count: r.repaintFrames.length, perSecond: round((r.repaintFrames.length / r.measuredMs) * 1000),
            medianMs: round(percentile(r.repaintFrames, 50)), p95Ms: round(percentile(r.repaintFrames, 95)), p99Ms: round(percentile(r.repaintFrames, 99)),
            maxMs: round(Math.max(...r.repaintFrames)) },
          // JavaScript alone: painting the canvas (paint), re-clustering (rebuild, inside some paints or frames).
          paintJsMs: { median: round(percentile(r.paintMs, 50)), p95: round(percentile(r.paintMs, 95)) },
          rebuildJsMs: { perSecond: round((r.rebuildMs.length / r.measuredMs) * 1000), median: round(percentile(r.rebuildMs, 50)), p95: round(percentile(r.rebuildMs, 95)) },
          // Frames that repainted or re-clustered: since issue 21 a paced re-clustering has a frame of its own.
          layerWorkFrames: { count: r.workFrames.length, medianMs: round(percentile(r.workFrames, 50)), p95Ms: round(percentile(r.workFrames, 95)),
            p99Ms: round(percentile(r.workFrames, 99)) },
          // The layer's JavaScript in the frames that repainted (applying positions, clustering, clearing and painting).
          repaintFrameJsMs: { median: round(percentile(r.repaintScriptMs, 50)), p95: round(percentile(r.repaintScriptMs, 95)) },
          canvasPx: r.canvasPx,
          // Canvas tiles repainted per paint that changed something (the layer's canvas is a grid of tiles since issue 21).
          ...(r.tilesRepainted.some((n) => n > 0)
            ? { tilesPerRepaint: { median: percentile(r.tilesRepainted.filter((n) => n > 0), 50), p95: percentile(r.tilesRepainted.filter((n) => n > 0), 95),
              skippedPaints: r.tilesRepainted.filter((n) => n === 0).length } }
            : {}),
        }
      : {}),
  };
}

async function measure(browser, base, mode, seconds = OPTIONS.seconds, zoom = OPTIONS.zoom, viewport = VIEWPORT, trace = '', wall = false) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Nothing but our loopback server.
  await page.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  log(`${mode}: ${viewport.width}x${viewport.height}, ${OPTIONS.members} members, ${OPTIONS.rate} updates/s, zoom ${zoom}, ` +
    `${OPTIONS.warmupSeconds} s warm-up + ${seconds} s ...`);
  if (trace) {
    // Whole run (warm-up too); the trace's frames are told apart by the page's console.time marks.
    await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'blink.user_timing', 'cc', 'viz', 'gpu', 'toplevel', 'blink'] });
  }
  const r = await page.evaluate((o) => window.runMapBench(o), { ...OPTIONS, seconds, zoom, mode, layerOptions: LAYER_OPTIONS, trace: !!trace, wall });
  if (trace) await browser.stopTracing();
  if (process.env.BENCH_MAP_SCREENSHOT) {
    await page.screenshot({ path: `${process.env.BENCH_MAP_SCREENSHOT}-${mode}-${viewport.width}x${viewport.height}-z${zoom}.png` });
  }
  await context.close();
  if (errors.length > 0) throw new Error(`${mode}: page errors: ${errors.join('; ')}`);
  return stats(r);
}

const result = {
  machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadAvgAtStart: os.loadavg().map((n) => round(n)) },
  method: `${OPTIONS.members} members in a 60 x 55 km area, all in a ${VIEWPORT.width}x${VIEWPORT.height} view at zoom ${OPTIONS.zoom} ` +
    `(offline GCJ-02 tiles, every position converted); ${OPTIONS.rate} position updates per second delivered every ~10 ms; ` +
    `frame time = gap between requestAnimationFrame timestamps over ${OPTIONS.seconds} s after ${OPTIONS.warmupSeconds} s of warm-up; ` +
    `headless Chromium${VSYNC ? '' : ' without vsync or frame-rate limit'}, software rendering (--disable-gpu).`,
  screenMethod: `Large screen (issue 21): the same members and updates in a ${SCREEN_VIEWPORT.width}x${SCREEN_VIEWPORT.height} view ` +
    `(device scale 1, the map filling it) at zoom ${SCREEN_ZOOM}; target: frames in which the member layer repainted, p95 < ${TARGET_SCREEN_REPAINT_P95_MS} ms.`,
  ...(Object.keys(LAYER_OPTIONS).length > 0 ? { layerOptions: LAYER_OPTIONS } : {}),
};
const screenScenario = (browser, base) =>
  // The layer as the large screen page sets it up for this size (wallLayerOptions).
  measure(browser, base, 'layer', OPTIONS.seconds, SCREEN_ZOOM, SCREEN_VIEWPORT, process.env.BENCH_MAP_TRACE ?? '', true);
const screenLine = (s) => `  large screen ${SCREEN_VIEWPORT.width}x${SCREEN_VIEWPORT.height} z${SCREEN_ZOOM}: ${s.repaints.count} repainting frames ` +
  `(${s.repaints.perSecond}/s): median ${s.repaints.medianMs} ms, p95 ${s.repaints.p95Ms} ms, p99 ${s.repaints.p99Ms} ms; ` +
  `all ${s.frames} frames: median ${s.medianMs} ms, p95 ${s.p95Ms} ms; layer JS in a repainting frame: median ${s.repaintFrameJsMs.median} ms, ` +
  `p95 ${s.repaintFrameJsMs.p95} ms; re-clusterings ${s.rebuildJsMs.perSecond}/s, median ${s.rebuildJsMs.median} ms; ` +
  `frames that repainted or re-clustered: median ${s.layerWorkFrames.medianMs} ms, p95 ${s.layerWorkFrames.p95Ms} ms`;
/** BENCH_MAP_ONLY=screen: the large screen scenario alone; screen+dispatch: also the 1280x800 layer at zoom 11. */
async function screenOnly(browser, base) {
  if (ONLY === 'screen+dispatch') {
    result.memberLayer = await measure(browser, base, 'layer');
    log('memberLayer', result.memberLayer);
  }
  result.largeScreen = await screenScenario(browser, base);
  log('largeScreen', result.largeScreen);
  result.machine.loadAvgAtEnd = os.loadavg().map((n) => round(n));
  const pass = result.largeScreen.repaints.p95Ms < TARGET_SCREEN_REPAINT_P95_MS;
  result.screenTarget = { pass, rule: `large screen: repainting frames p95 < ${TARGET_SCREEN_REPAINT_P95_MS} ms`, p95Ms: result.largeScreen.repaints.p95Ms };
  console.log(`${result.browser}; load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`);
  if (result.memberLayer) {
    const s = result.memberLayer;
    console.log(`  dispatch 1280x800 z${OPTIONS.zoom}: ${s.repaints.count} repainting frames: median ${s.repaints.medianMs} ms, ` +
      `p95 ${s.repaints.p95Ms} ms, p99 ${s.repaints.p99Ms} ms; all frames median ${s.medianMs} ms`);
  }
  console.log(screenLine(result.largeScreen));
  console.log(`${pass ? 'PASS' : 'FAIL'}: ${result.screenTarget.rule} (measured ${result.largeScreen.repaints.p95Ms} ms)`);
  return pass ? 0 : 2;
}

async function everything(browser, base) {
  if (ONLY !== 'markers') {
    // The floor: the same map and tiles with no members at all.
    result.emptyMap = await measure(browser, base, 'idle', 3);
    log('emptyMap', result.emptyMap);
    result.memberLayer = await measure(browser, base, 'layer');
    log('memberLayer', result.memberLayer);
    // Street level: few clusters, most members drawn one by one, so far more frames repaint.
    result.memberLayerStreetZoom = await measure(browser, base, 'layer', OPTIONS.seconds, STREET_ZOOM);
    log('memberLayerStreetZoom', result.memberLayerStreetZoom);
    if (!ONLY) {
      result.largeScreen = await screenScenario(browser, base);
      log('largeScreen', result.largeScreen);
    }
  }
  if (ONLY !== 'layer') {
    result.leafletMarkers = await measure(browser, base, 'markers');
    log('leafletMarkers', result.leafletMarkers);
  }
  if (ONLY) throw new Error(`BENCH_MAP_ONLY=${ONLY}: the comparison needs both`);
  result.ratio = {
    medianMarkersOverLayer: round(result.leafletMarkers.medianMs / result.memberLayer.medianMs),
    p95MarkersOverLayer: round(result.leafletMarkers.p95Ms / result.memberLayer.p95Ms),
    // Like for like: every markers frame changes the screen; of ours, only those with a repaint.
    medianMarkersOverLayerRepaints: round(result.leafletMarkers.medianMs / result.memberLayer.repaints.medianMs),
  };
  const pass = result.memberLayer.medianMs < TARGET_MEDIAN_MS;
  result.target = { pass, rule: `MemberLayer median frame time < ${TARGET_MEDIAN_MS} ms`, medianMs: result.memberLayer.medianMs };
  const screenPass = result.largeScreen.repaints.p95Ms < TARGET_SCREEN_REPAINT_P95_MS;
  result.screenTarget = { pass: screenPass, rule: `large screen: repainting frames p95 < ${TARGET_SCREEN_REPAINT_P95_MS} ms`, p95Ms: result.largeScreen.repaints.p95Ms };
  result.machine.loadAvgAtEnd = os.loadavg().map((n) => round(n));

  const row = (name, s) => `  ${name.padEnd(22)} ${String(s.medianMs).padStart(7)} ${String(s.p95Ms).padStart(7)} ${String(s.p99Ms).padStart(7)} ` +
    `${String(s.maxMs).padStart(7)} ${`${Math.round(s.over16_7Ms * 100)}%`.padStart(7)} ${String(s.fps).padStart(7)} ${String(s.updatesPerSecond).padStart(9)} ` +
    `${String(s.layerScriptMsPerFrame ?? '-').padStart(9)} ${String(s.setupMs).padStart(8)} ${String(s.domNodes).padStart(6)}`;
  console.log(`${result.browser}; Node ${process.version}; ${result.machine.cpu} x${result.machine.cpus}; ` +
    `load average ${result.machine.loadAvgAtStart[0]} at start, ${result.machine.loadAvgAtEnd[0]} at end`);
  console.log(result.method);
  console.log(`  ${'frame time (ms)'.padEnd(22)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ` +
    `${'>16.7'.padStart(7)} ${'fps'.padStart(7)} ${'updates/s'.padStart(9)} ${'layer JS'.padStart(9)} ${'setup'.padStart(8)} ${'DOM'.padStart(6)}`);
  console.log(row('empty map', result.emptyMap));
  console.log(row(`MemberLayer z${OPTIONS.zoom}`, result.memberLayer));
  console.log(row(`MemberLayer z${STREET_ZOOM}`, result.memberLayerStreetZoom));
  console.log(row(`L.marker each z${OPTIONS.zoom}`, result.leafletMarkers));
  for (const [name, s] of [[`MemberLayer z${OPTIONS.zoom}`, result.memberLayer], [`MemberLayer z${STREET_ZOOM}`, result.memberLayerStreetZoom]]) {
    console.log(`  ${name}: ${s.repaints.perSecond} canvas repaints/s; frames with a repaint: median ${s.repaints.medianMs} ms, p95 ${s.repaints.p95Ms} ms; ` +
      `JS of a paint: median ${s.paintJsMs.median} ms; ${s.rebuildJsMs.perSecond} re-clusterings/s, median ${s.rebuildJsMs.median} ms`);
  }
  console.log('  >16.7 = share of frames a 60 Hz screen misses; layer JS = ms per frame in the layer\'s own code; setup = ms to add every member.');
  console.log(`  markers / MemberLayer: median x${result.ratio.medianMarkersOverLayer}, p95 x${result.ratio.p95MarkersOverLayer}; ` +
    `median against our frames with a repaint x${result.ratio.medianMarkersOverLayerRepaints}`);
  console.log(`  L.marker each: ${result.leafletMarkers.frames} frames rendered in ${OPTIONS.seconds} s (+ up to 60 s waiting for at least 3); ` +
    'position timers starve rendering, so updates pile up between frames.');
  console.log(screenLine(result.largeScreen));
  console.log(`${pass ? 'PASS' : 'FAIL'}: ${result.target.rule} (measured ${result.memberLayer.medianMs} ms)`);
  console.log(`${screenPass ? 'PASS' : 'FAIL'}: ${result.screenTarget.rule} (measured ${result.largeScreen.repaints.p95Ms} ms)`);
  return pass && screenPass ? 0 : 2;
}

let exitCode = 0;
try {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-map-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const tiles = await bundle(dir);
  const server = await serve(dir, tiles);
  cleanups.push(() => new Promise((r) => server.close(r)));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  cleanups.push(() => browser.close());
  result.browser = `Chromium ${browser.version()}`;
  exitCode = ONLY.startsWith('screen') ? await screenOnly(browser, base) : await everything(browser, base);
} catch (err) {
  exitCode = 1;
  result.error = err instanceof Error ? err.stack : String(err);
  log(result.error);
} finally {
  await cleanups.run();
}
console.log(JSON.stringify(result));
process.exitCode = exitCode;
