import type { PatrolNodeResult, PatrolRunDetail, PatrolRunNode } from '@ptt/contracts';

// A run's replay, free of React and Leaflet: its time span, where each member was at a moment, and
// how each stop stood at that moment (pending until it was settled), from the run's detail.

export interface ReplayPoint {
  lng: number;
  lat: number;
  /** ms since the epoch. */
  time: number;
}

export interface ReplayTrack {
  uid: number;
  points: ReplayPoint[];
}

/** Replay speeds: a tour of an hour or two plays in minutes. */
export const REPLAY_SPEEDS = [10, 30, 60, 120, 300] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
export const REPLAY_SPEED_DEFAULT: ReplaySpeed = 60;

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

/** The members' tracks in time order, times as ms; members without points left out. */
export function tracksOf(detail: PatrolRunDetail): ReplayTrack[] {
  return detail.tracks
    .map((t) => ({ uid: t.uid, points: t.points.map((p) => ({ lng: p.lng, lat: p.lat, time: ms(p.time) })).filter((p) => !Number.isNaN(p.time)).sort((a, b) => a.time - b.time) }))
    .filter((t) => t.points.length > 0);
}

/** From the planned start (or anything earlier) to the end, the last check-in or the last point. */
export function replaySpan(detail: PatrolRunDetail, tracks: readonly ReplayTrack[]): { start: number; end: number } {
  const times = [ms(detail.plannedStart), ms(detail.endedAt), ms(detail.lastCheckin), ...detail.nodes.map((n) => ms(n.checkedAt))];
  for (const t of tracks) times.push(t.points[0]!.time, t.points[t.points.length - 1]!.time);
  const known = times.filter((t) => !Number.isNaN(t));
  const start = Math.min(...known);
  const end = Math.max(...known);
  return { start, end: end > start ? end : start + 1 };
}

/** Where a track is at `time` (linear between points), null before its first point; its last point after. */
export function positionAt(points: readonly ReplayPoint[], time: number): ReplayPoint | null {
  if (points.length === 0 || time < points[0]!.time) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (points[mid]!.time <= time) lo = mid;
    else hi = mid - 1;
  }
  const a = points[lo]!;
  const b = points[lo + 1];
  if (!b) return a;
  const f = b.time > a.time ? (time - a.time) / (b.time - a.time) : 0;
  return { lng: a.lng + (b.lng - a.lng) * f, lat: a.lat + (b.lat - a.lat) * f, time };
}

/**
 * When a stop's result became known: its check-in's time; for a missed stop, the first check-in
 * of a later stop (skipped in an ordered route) or the run's deadline, whichever came first;
 * null while it is still pending.
 */
export function settledAt(node: PatrolRunNode, nodes: readonly PatrolRunNode[], deadline: string): number | null {
  if (node.result === 'pending') return null;
  if (node.result !== 'missed') return ms(node.checkedAt) || ms(node.plannedAt);
  const later = nodes.filter((n) => n.seq > node.seq && n.checkedAt).map((n) => ms(n.checkedAt));
  return Math.min(ms(deadline), ...later);
}

/** A stop as it stood at `time`. */
export function stopResultAt(node: PatrolRunNode, nodes: readonly PatrolRunNode[], deadline: string, time: number): PatrolNodeResult {
  const at = settledAt(node, nodes, deadline);
  return at !== null && at <= time ? node.result : 'pending';
}
