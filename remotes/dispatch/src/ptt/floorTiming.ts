import type { AccessParts } from '@ptt/contracts';

// The floor request's resource timing, for the diagnostics' access breakdown. An observer rather
// than performance.getEntries(): a console open for a shift fills the resource timing buffer
// (250 entries by default), after which the browser stops adding to it but still tells observers.

const FLOOR_PATH = '/api/ptt/floor';

let last: PerformanceResourceTiming | null = null;
let observing = false;

/** Starts watching for floor requests (once per page). */
export function watchFloorTiming(): void {
  if (observing || typeof PerformanceObserver === 'undefined') return;
  observing = true;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceResourceTiming[]) if (new URL(e.name, location.href).pathname.endsWith(FLOOR_PATH)) last = e;
    }).observe({ type: 'resource', buffered: false });
  } catch {
    observing = false; // a browser without resource timing: no breakdown, nothing else changes
  }
}

/** The observer's latest, or the buffer's when the observer has not been told yet. */
function latestFloorEntry(): PerformanceResourceTiming | null {
  const buffered = typeof performance.getEntriesByType === 'function' ? (performance.getEntriesByType('resource') as PerformanceResourceTiming[]) : [];
  for (let i = buffered.length - 1; i >= 0; i--) {
    const e = buffered[i]!;
    if (new URL(e.name, location.href).pathname.endsWith(FLOOR_PATH)) return !last || e.startTime >= last.startTime ? e : last;
  }
  return last;
}

const serverTiming = (e: PerformanceResourceTiming, name: string): number | null => e.serverTiming?.find((t) => t.name === name)?.duration ?? null;
const nonNegative = (v: number | null): number | null => (v === null ? null : Math.max(0, Math.round(v * 10) / 10));

/**
 * The parts of one press's access time: `pressedAt` and `shownAt` are performance.now() at the
 * press and at the render that showed talking. Null when the floor request of this press was not
 * seen (yet): the observer's delivery can come after the render.
 */
export function accessPartsOf(pressedAt: number, shownAt: number, entry: PerformanceResourceTiming | null = latestFloorEntry()): AccessParts | null {
  if (!entry || entry.startTime < pressedAt || entry.responseEnd > shownAt) return null;
  const serverMs = serverTiming(entry, 'floor');
  const roundTrip = entry.responseEnd - entry.startTime;
  return {
    beforeRequestMs: nonNegative(entry.startTime - pressedAt),
    networkMs: nonNegative(serverMs === null ? null : roundTrip - serverMs),
    serverMs: nonNegative(serverMs),
    mediaServerMs: nonNegative(serverTiming(entry, 'media')),
    renderMs: nonNegative(shownAt - entry.responseEnd),
  };
}
