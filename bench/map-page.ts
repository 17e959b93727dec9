// The page of bench/map.bench.mjs: one Leaflet map on the offline tiles, N members, a steady
// stream of position updates, and requestAnimationFrame timestamps while it runs. `mode` picks
// our MemberLayer (one canvas, clustering, per-frame batching) or plain Leaflet markers
// (L.marker per member, setLatLng per update).
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { MemberLayer, type MemberLayerOptions } from '@ptt/map/src/members/MemberLayer';
import { createPttMap } from '@ptt/map/src/pttMap';
import { wallLayerOptions } from '@ptt/map/src/members/wallOptions';
import type { MemberStatus, PositionPoint } from '@ptt/map';

export interface RunOptions {
  mode: 'layer' | 'markers' | 'idle';
  members: number;
  /** Position updates per second. */
  rate: number;
  seconds: number;
  warmupSeconds: number;
  zoom: number;
  seed: number;
  /** Extra MemberLayer options (BENCH_MAP_LAYER), to compare variants. */
  layerOptions?: Partial<MemberLayerOptions>;
  /** Configure the layer as the large screen does (wallLayerOptions). */
  wall?: boolean;
  /** Extra L.map options (BENCH_MAP_OPTIONS, JSON). */
  mapOptions?: L.MapOptions;
  /** 'hidden': the base map's tiles are hidden once loaded (BENCH_MAP_TILES). */
  tiles?: string;
  /** The members' area as a fraction of BOX around its centre (BENCH_MAP_BOX_SCALE). */
  boxScale?: number;
  /** A trace is being recorded: mark the measured frames (performance.mark) for its reader. */
  trace?: boolean;
}

const STATUSES: MemberStatus[] = ['online', 'online', 'busy', 'away', 'offline'];
// Greater Shanghai, about 60 x 55 km: at zoom 11 the whole crowd is in a 1280 x 800 view.
const BOX = { west: 121.17, south: 30.98, width: 0.6, height: 0.5 };

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function run(opts: RunOptions) {
  const el = document.getElementById('map')!;
  const leaflet = L.map(el, { preferCanvas: true, center: [BOX.south + BOX.height / 2, BOX.west + BOX.width / 2], zoom: opts.zoom, ...(opts.mapOptions ?? {}) });
  // The offline google.roadmap tiles are GCJ-02, as online: both modes convert every position.
  const map = createPttMap(leaflet, 'gcj02');
  const tiles = L.tileLayer('/tiles/{z}/{x}/{y}.svg?style=google.roadmap', { maxZoom: 20 }).addTo(leaflet);
  await new Promise((resolve) => tiles.once('load', resolve));
  // Experiment (BENCH_MAP_TILES=hidden): the base map loaded but not shown, to tell its cost apart.
  if (opts.tiles === 'hidden') tiles.getContainer()!.style.display = 'none';
  const tilesLoaded = document.querySelectorAll('img.leaflet-tile-loaded').length;

  const rand = random(opts.seed);
  const now = Date.now();
  const positions: PositionPoint[] = Array.from({ length: opts.members }, (_, uid) => ({
    uid,
    lng: BOX.west + BOX.width * (0.5 + ((opts.boxScale ?? 1) * (rand() - 0.5))),
    lat: BOX.south + BOX.height * (0.5 + ((opts.boxScale ?? 1) * (rand() - 0.5))),
    time: now,
  }));

  const setupStart = performance.now();
  let apply: (batch: PositionPoint[]) => void;
  let scriptMs = 0;
  let frameScriptMs = 0;
  let paints = 0;
  let rebuilds = 0;
  let paintMs: number[] = [];
  let rebuildMs: number[] = [];
  let tilesRepainted: number[] = [];
  if (opts.mode === 'idle') {
    apply = () => undefined;
  } else if (opts.mode === 'layer') {
    // The large screen configures its layer for a wall (remotes/screen's ScreenMap); the
    // dispatch scenarios keep the defaults. BENCH_MAP_LAYER overrides either.
    const wall = opts.wall ? wallLayerOptions(leaflet.getSize().x) : {};
    const layer = new MemberLayer({ ...wall, ...opts.layerOptions }).addTo(map);
    // Time spent in the layer's own frame work (apply, cluster, paint), for the report.
    const inner = layer as unknown as { frame(points: PositionPoint[]): void };
    const frame = inner.frame.bind(layer);
    inner.frame = (points) => {
      const t0 = performance.now();
      frame(points);
      const ms = performance.now() - t0;
      scriptMs += ms;
      frameScriptMs += ms;
    };
    // Counts canvas repaints, to tell the frames that changed the screen from those that did not.
    // paint() answers how many canvas tiles it repainted (0: nothing changed on screen); before
    // issue 21 it repainted the whole canvas every time and answered nothing.
    const painter = layer as unknown as { paint(...a: unknown[]): number | undefined };
    const paint = painter.paint.bind(layer);
    painter.paint = (...a) => {
      const t0 = performance.now();
      const tiles = paint(...a);
      paintMs.push(performance.now() - t0);
      if (tiles !== 0) paints += 1;
      if (tiles !== undefined) tilesRepainted.push(tiles);
      return tiles;
    };
    const builder = layer as unknown as { rebuild(...a: unknown[]): void };
    const rebuild = builder.rebuild.bind(layer);
    builder.rebuild = (...a) => {
      const t0 = performance.now();
      rebuild(...a);
      rebuildMs.push(performance.now() - t0);
      rebuilds += 1;
    };
    layer.setMembers(positions.map((p) => ({ uid: p.uid, name: `Member ${p.uid}`, status: STATUSES[p.uid % STATUSES.length]! })));
    layer.pushPositions(positions);
    layer.select(0);
    apply = (batch) => layer.pushPositions(batch);
  } else {
    const markers = positions.map((p) => L.marker(map.toLatLng(p)).addTo(leaflet));
    apply = (batch) => {
      for (const p of batch) markers[p.uid]!.setLatLng(map.toLatLng(p));
    };
  }
  await nextFrame();
  await nextFrame();
  const setupMs = performance.now() - setupStart;

  // Updates due at a steady rate, delivered in the batches a socket would bring (every ~10 ms).
  const started = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * opts.rate);
    const batch: PositionPoint[] = [];
    for (; sent < due; sent++) {
      const p = positions[Math.floor(rand() * opts.members)]!;
      p.lng += (rand() - 0.5) * 0.002;
      p.lat += (rand() - 0.5) * 0.002;
      p.time = Date.now();
      batch.push({ ...p });
    }
    if (batch.length > 0) apply(batch);
  }, 10);

  const frames: number[] = [];
  const repaintFrames: number[] = [];
  const repaintScriptMs: number[] = [];
  // Frames in which the layer repainted or re-clustered (or both): all its work on the main thread.
  const workFrames: number[] = [];
  const warmupEnd = started + opts.warmupSeconds * 1000;
  const end = warmupEnd + opts.seconds * 1000;
  // A page that renders a frame every few seconds still gets three frames measured (up to a minute).
  const giveUp = end + 60_000;
  let last = await nextFrame();
  let paintsBefore = paints;
  let rebuildsBefore = rebuilds;
  frameScriptMs = 0;
  let sentAtWarmupEnd = -1;
  let firstMeasured = 0;
  for (;;) {
    const t = await nextFrame();
    if (t >= warmupEnd) {
      if (sentAtWarmupEnd < 0) {
        sentAtWarmupEnd = sent;
        scriptMs = 0;
        paintMs = [];
        rebuildMs = [];
        tilesRepainted = [];
        firstMeasured = last;
      }
      frames.push(t - last);
      // The paint ran in the frame that began at `last`; its gap holds the paint and its rendering.
      if (paints !== paintsBefore) {
        repaintFrames.push(t - last);
        repaintScriptMs.push(frameScriptMs);
        if (opts.trace) performance.measure(`repaint ${(t - last).toFixed(1)}`, { start: last, end: t });
      }
      if (paints !== paintsBefore || rebuilds !== rebuildsBefore) workFrames.push(t - last);
    }
    last = t;
    paintsBefore = paints;
    rebuildsBefore = rebuilds;
    // This callback asked for its frame before the layer did, so it runs first: the layer's script
    // counted since the last one belongs to the frame that began at `last`.
    frameScriptMs = 0;
    if ((t >= end && frames.length >= 3) || t >= giveUp) break;
  }
  clearInterval(timer);
  const measuredMs = last - firstMeasured;
  return {
    mode: opts.mode,
    frames,
    repaintFrames,
    paintMs,
    rebuildMs,
    tilesRepainted,
    setupMs,
    tilesLoaded,
    updatesMeasured: sent - sentAtWarmupEnd,
    measuredMs,
    domNodes: document.getElementsByTagName('*').length,
    layerScriptMsPerFrame: frames.length > 0 ? scriptMs / frames.length : 0,
    repaintScriptMs,
    workFrames,
    // The member layer's canvases: their count and pixels in all.
    canvasPx: ((cs) => `${cs.length} canvas, ${(cs.reduce((n, c) => n + c.width * c.height, 0) / 1e6).toFixed(1)} Mpx`)([
      ...document.querySelectorAll<HTMLCanvasElement>('.leaflet-pttMembers-pane canvas'),
    ]),
  };
}

(window as unknown as { runMapBench: typeof run }).runMapBench = run;
