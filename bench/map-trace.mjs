// Reads a Chromium trace recorded by `BENCH_MAP_TRACE=/tmp/t.json BENCH_MAP_ONLY=screen node
// bench/map.bench.mjs` and tells where the frames in which the member layer repainted spent their
// time: for each thread (renderer main, compositor, raster workers, viz), the complete events
// that overlap those frames (marked by the page with performance.measure('repaint ...')), summed
// by name and divided by the number of such frames. Nested events are counted in their parents too.
//
//   node bench/map-trace.mjs /tmp/t.json [top=12]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const top = Number(process.argv[3] ?? 12);
if (!file) throw new Error('usage: node bench/map-trace.mjs TRACE.json [top]');
const raw = JSON.parse(readFileSync(file, 'utf8'));
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const threadNames = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);

// The page's marks: async 'b'/'e' pairs (blink.user_timing) named 'repaint <ms>'.
const opened = new Map();
const windows = [];
for (const e of events) {
  if (!e.name?.startsWith('repaint ')) continue;
  const key = `${e.id ?? e.id2?.local}:${e.name}`;
  if (e.ph === 'b') opened.set(key, e.ts);
  else if (e.ph === 'e' && opened.has(key)) {
    windows.push([opened.get(key), e.ts]);
    opened.delete(key);
  } else if (e.ph === 'X') windows.push([e.ts, e.ts + e.dur]);
}
windows.sort((a, b) => a[0] - b[0]);
if (windows.length === 0) throw new Error('no repaint marks in the trace');

const inside = (ts, dur) => {
  // Binary search for the last window starting before the event ends.
  let lo = 0;
  let hi = windows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (windows[mid][0] <= ts + dur) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return 0;
  const [a, b] = windows[found];
  return Math.max(0, Math.min(b, ts + dur) - Math.max(a, ts));
};

const byThread = new Map();
for (const e of events) {
  if (e.ph !== 'X' || typeof e.dur !== 'number') continue;
  const overlap = inside(e.ts, e.dur);
  if (overlap <= 0) continue;
  const thread = threadNames.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
  const names = byThread.get(thread) ?? new Map();
  names.set(e.name, (names.get(e.name) ?? 0) + overlap);
  byThread.set(thread, names);
}
const totalMs = windows.reduce((s, [a, b]) => s + (b - a), 0) / 1000;
console.log(`${windows.length} repainting frames, mean ${(totalMs / windows.length).toFixed(1)} ms; ms per frame by thread and event:`);
for (const [thread, names] of [...byThread].sort((a, b) => Math.max(...b[1].values()) - Math.max(...a[1].values()))) {
  const rows = [...names].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`${thread}:`);
  for (const [name, us] of rows) console.log(`  ${(us / 1000 / windows.length).toFixed(2).padStart(8)}  ${name}`);
}
