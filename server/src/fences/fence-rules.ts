import { FENCE_CONFIRM_POINTS, pointInShape, windowAt, type FenceRule, type FenceSchedule, type FenceShape } from '@ptt/contracts';

// The rules of one fence for one member, as one pure step per position (ADR 027): drift
// protection (a side counts once FENCE_CONFIRM_POINTS points in a row agree), dwell, weekly
// schedule windows, one alert per stay on the alerting side. The monitor keeps the state (memory
// and fence_states); this file only decides.

/** What is kept per (fence, user). Times are the device's ms. */
export interface FenceState {
  /** The confirmed side: true inside, false outside, null while not yet known in this window. */
  inside: boolean | null;
  /** The side recent points were on when it differs from `inside`, awaiting confirmation. */
  pendingInside: boolean | null;
  /** How many points in a row were on the pending side. */
  pendingCount: number;
  /** Time of the first of them: the confirmed side begins there. */
  pendingAt: number | null;
  /** When the confirmed side began (the first confirming point): where the dwell counts from. */
  since: number | null;
  /** This stay on the alerting side has raised its alert. */
  alerted: boolean;
  /** The schedule occurrence the state belongs to (`windowAt`; 0 without a schedule). */
  window: number;
  /** Time of the newest evaluated point; older points are ignored. */
  at: number;
}

export interface FencePoint {
  lng: number;
  lat: number;
  time: number;
}

export interface FenceRules {
  rule: FenceRule;
  shape: FenceShape;
  dwellS: number;
  schedule: FenceSchedule;
  /** A polygon's extent, if known: a point beyond it is outside without the polygon test. */
  bounds?: Bounds | undefined;
}

export interface Bounds {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

/** The extent of a polygon (a circle has none: its distance test is as cheap). */
export function boundsOf(shape: FenceShape): Bounds | undefined {
  if (shape.type !== 'polygon') return undefined;
  const lngs = shape.points.map((p) => p.lng);
  const lats = shape.points.map((p) => p.lat);
  return { minLng: Math.min(...lngs), maxLng: Math.max(...lngs), minLat: Math.min(...lats), maxLat: Math.max(...lats) };
}

function inside(point: FencePoint, fence: FenceRules): boolean {
  const b = fence.bounds;
  if (b && (point.lng < b.minLng || point.lng > b.maxLng || point.lat < b.minLat || point.lat > b.maxLat)) return false;
  return pointInShape(point, fence.shape);
}

export interface FenceStep {
  /** The next state (the same object when the point was not evaluated). */
  state: FenceState | null;
  /** This point raises a cross-border alert. */
  alert: boolean;
  /** The state differs from the one given in more than `at`: it must be stored. */
  changed: boolean;
}

/** Is this side the one the rule alerts on? 'leave': outside; 'stay': inside. */
export function alarming(rule: FenceRule, inside: boolean): boolean {
  return rule === 'leave' ? !inside : inside;
}

/** Everything but `at`: a point that only moves `at` is not worth a database write. */
export function sameState(a: FenceState | null, b: FenceState | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.inside === b.inside &&
    a.pendingInside === b.pendingInside &&
    a.pendingCount === b.pendingCount &&
    a.pendingAt === b.pendingAt &&
    a.since === b.since &&
    a.alerted === b.alerted &&
    a.window === b.window
  );
}

const fresh = (window: number, at: number): FenceState => ({
  inside: null,
  pendingInside: null,
  pendingCount: 0,
  pendingAt: null,
  since: null,
  alerted: false,
  window,
  at,
});

/** The state after one point on `side`: confirm, count or clear the pending side. */
function moved(prev: FenceState, side: boolean, time: number): FenceState {
  if (prev.inside === side) {
    // Back on the confirmed side: a stray point is forgotten; the dwell keeps counting.
    return { ...prev, pendingInside: null, pendingCount: 0, pendingAt: null, at: time };
  }
  const count = prev.pendingInside === side ? prev.pendingCount + 1 : 1;
  const pendingAt = prev.pendingInside === side ? prev.pendingAt! : time;
  if (count < FENCE_CONFIRM_POINTS) return { ...prev, pendingInside: side, pendingCount: count, pendingAt, at: time };
  return { ...prev, inside: side, pendingInside: null, pendingCount: 0, pendingAt: null, since: pendingAt, alerted: false, at: time };
}

/**
 * One position against one fence in `timeZone` (the organisation's). A point outside every window
 * of the schedule, or not newer than the state, changes nothing. A point in another window
 * occurrence than the state's starts from nothing. The alert fires on the first point on the
 * confirmed alerting side at least `dwellS` after that side began, once per stay.
 */
export function stepFence(state: FenceState | null, point: FencePoint, fence: FenceRules, timeZone: string): FenceStep {
  const unchanged = { state, alert: false, changed: false };
  if (state !== null && point.time <= state.at) return unchanged;
  const window = windowAt(fence.schedule, timeZone, point.time);
  if (window === null) return unchanged;
  const base = state !== null && state.window === window ? state : fresh(window, point.time);
  let next = moved(base, inside(point, fence), point.time);
  let alert = false;
  if (next.inside !== null && next.since !== null && !next.alerted && alarming(fence.rule, next.inside) && point.time - next.since >= fence.dwellS * 1000) {
    next = { ...next, alerted: true };
    alert = true;
  }
  return { state: next, alert, changed: !sameState(state, next) };
}
