import {
  PATROL_DURATION_LONG,
  PATROL_DURATION_MIN_S,
  PATROL_DURATION_SHORT,
  type PatrolDurationFlag,
  type PatrolNodeResult,
  type PatrolOrder,
  type PatrolRunStatus,
} from '@ptt/contracts';

// The judging of ADR 029, pure: no clock, no database. Times are ms since the epoch.

export type Timing = 'early' | 'onTime' | 'late';
export type MissReason = 'overdue' | 'skipped';

export interface RuleStop {
  seq: number;
  nodeId: number;
  plannedAt: number;
  toleranceS: number;
  result: PatrolNodeResult;
}

export interface RuleRun {
  id: number;
  order: PatrolOrder;
  plannedStart: number;
  lateS: number;
  stops: readonly RuleStop[];
}

/** When a stop planned at `plannedAt` stops waiting: after its tolerance and the run's late limit. */
export function stopLimit(stop: Pick<RuleStop, 'plannedAt' | 'toleranceS'>, lateS: number): number {
  return stop.plannedAt + (stop.toleranceS + lateS) * 1000;
}

/**
 * A check-in at `t` for a stop planned at `p` with tolerance `T`: early before p - T, on time in
 * [p - T, p + T], late in (p + T, p + T + L]; null past that (the stop is missed, not checked).
 */
export function timingOf(stop: Pick<RuleStop, 'plannedAt' | 'toleranceS'>, lateS: number, t: number): Timing | null {
  const tol = stop.toleranceS * 1000;
  if (t < stop.plannedAt - tol) return 'early';
  if (t <= stop.plannedAt + tol) return 'onTime';
  if (t <= stopLimit(stop, lateS)) return 'late';
  return null;
}

/** Stops still waiting at `t`: pending and within their late limit. */
function open(run: RuleRun, t: number): RuleStop[] {
  return run.stops.filter((s) => s.result === 'pending' && t <= stopLimit(s, run.lateS));
}

export interface Settlement {
  runId: number;
  seq: number;
  result: Timing;
  /** Pending stops before it in an ordered route: missed now, with their reason. */
  missed: { seq: number; reason: MissReason }[];
}

/**
 * Which stop a check-in of `nodeId` at `t` settles. The candidates are the member's active runs
 * (planned start <= t); the earliest planned one with the node waiting takes it. Ordered: the
 * first waiting stop of the node in route order, earlier pending stops become missed ('skipped',
 * or 'overdue' when already past their limit). Free: the waiting stop of the node planned nearest
 * to `t`. null: no run takes it ('unplanned').
 */
export function settle(runs: readonly RuleRun[], nodeId: number, t: number): Settlement | null {
  const candidates = runs.filter((r) => r.plannedStart <= t).sort((a, b) => a.plannedStart - b.plannedStart || a.id - b.id);
  for (const run of candidates) {
    const waiting = open(run, t).filter((s) => s.nodeId === nodeId);
    if (waiting.length === 0) continue;
    const byRoute = [...waiting].sort((a, b) => a.seq - b.seq);
    const stop =
      run.order === 'ordered'
        ? byRoute[0]!
        : byRoute.reduce((best, s) => (Math.abs(s.plannedAt - t) < Math.abs(best.plannedAt - t) ? s : best));
    const missed: Settlement['missed'] =
      run.order === 'ordered'
        ? run.stops
            .filter((s) => s.seq < stop.seq && s.result === 'pending')
            .map((s) => ({ seq: s.seq, reason: t > stopLimit(s, run.lateS) ? 'overdue' : 'skipped' }))
        : [];
    return { runId: run.id, seq: stop.seq, result: timingOf(stop, run.lateS, t)!, missed };
  }
  return null;
}

/**
 * The same member at the same node less than `repeatS` after their last counted check-in there
 * counts for nothing (a guard standing at a node does not tick it off twice).
 */
export function isRepeat(lastCountedAt: number | null, t: number, repeatS: number): boolean {
  return lastCountedAt !== null && Math.abs(t - lastCountedAt) < repeatS * 1000;
}

/** Pending stops whose late limit has passed at `now`. */
export function overdueStops(run: RuleRun, now: number): RuleStop[] {
  return run.stops.filter((s) => s.result === 'pending' && now > stopLimit(s, run.lateS));
}

const EARTH_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres between two WGS-84 points. */
export function distanceM(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * GPS: a point inside a node's radius after one outside (or as the first point seen) enters it,
 * which is a check-in at the point's time. No two-point confirmation (ADR 029).
 */
export function entersRadius(wasInside: boolean | undefined, point: { lng: number; lat: number }, node: { lng: number; lat: number; radiusM: number }): { inside: boolean; entered: boolean } {
  const inside = distanceM(point, node) <= node.radiusM;
  return { inside, entered: inside && wasInside !== true };
}

export interface RunOutcome {
  status: PatrolRunStatus;
  actualS: number | null;
  flag: PatrolDurationFlag | null;
}

/**
 * A run's status from its stops: active while one is pending; then complete (none missed),
 * incomplete (some missed) or missed (none counted). The actual span is last minus first counted
 * check-in; a finished run with two or more check-ins whose planned span is at least
 * PATROL_DURATION_MIN_S and whose actual span is out of [SHORT, LONG] x planned is flagged.
 */
export function runOutcome(results: readonly PatrolNodeResult[], first: number | null, last: number | null, plannedS: number): RunOutcome {
  const counted = results.filter((r) => r === 'onTime' || r === 'early' || r === 'late').length;
  const actualS = first !== null && last !== null ? Math.round((last - first) / 1000) : null;
  if (results.includes('pending')) return { status: 'active', actualS, flag: null };
  if (counted === 0) return { status: 'missed', actualS, flag: null };
  const status = results.includes('missed') ? 'incomplete' : 'complete';
  let flag: PatrolDurationFlag | null = null;
  if (counted >= 2 && actualS !== null && plannedS >= PATROL_DURATION_MIN_S) {
    if (actualS < PATROL_DURATION_SHORT * plannedS) flag = 'short';
    else if (actualS > PATROL_DURATION_LONG * plannedS) flag = 'long';
  }
  return { status, actualS, flag };
}

/** Planned span of a route: last minus first offset, seconds. */
export function plannedSpan(offsets: readonly number[]): number {
  return offsets.length === 0 ? 0 : offsets[offsets.length - 1]! - offsets[0]!;
}

/** When a run's last stop stops waiting. */
export function runDeadline(stops: readonly Pick<RuleStop, 'plannedAt' | 'toleranceS'>[], lateS: number): number {
  return Math.max(...stops.map((s) => stopLimit(s, lateS)));
}
