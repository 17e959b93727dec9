import { FENCE_CONFIRM_POINTS, pointInShape, type FenceRule, type FenceShape } from '@ptt/contracts';
import { move, offsetMetres, type Point } from './walk';

// Walking a member across a fence's edge (`cross <account> <fenceId>`, ADR 027). The plan is made
// in metres on a plane around the start (fine for fences a few kilometres across) and every point
// that matters is checked with the server's own geometry (pointInShape), so the walk really ends
// on the side the server alerts for.

export interface CrossOptions {
  /** Metres between two points of the approach. */
  stepM: number;
  /** The approach takes at most this many points; a far fence makes the steps longer. */
  maxApproachPoints: number;
  /** Points held on the alerting side: the dwell, the two confirming points and one spare (holdPointsFor). */
  holdPoints: number;
  /** How far past the edge on either side the member stands (default 30 m, less when it would not fit). */
  marginM?: number;
}

export interface CrossPlan {
  /** WGS-84 points, one per report interval. */
  points: Point[];
  /** Index of the first point of the final stay on the alerting side. */
  alertingFrom: number;
}

const DEFAULT_MARGIN_M = 30;
const MIN_MARGIN_M = 0.5;

/** Is this point on the side the fence alerts for? 'leave': outside; 'stay': inside. */
export function onAlertingSide(p: Point, rule: FenceRule, shape: FenceShape): boolean {
  return pointInShape(p, shape) === (rule === 'stay');
}

/**
 * Points to hold on the alerting side: enough to outlast the dwell at one point per interval
 * (counted from the first confirming point), the confirmation itself, and one spare for a report
 * that goes missing.
 */
export function holdPointsFor(dwellS: number, intervalMs: number): number {
  return Math.ceil((dwellS * 1000) / intervalMs) + FENCE_CONFIRM_POINTS + 1;
}

interface Xy {
  x: number;
  y: number;
}

const sub = (a: Xy, b: Xy): Xy => ({ x: a.x - b.x, y: a.y - b.y });
const add = (a: Xy, b: Xy, k = 1): Xy => ({ x: a.x + b.x * k, y: a.y + b.y * k });
const length = (v: Xy) => Math.hypot(v.x, v.y);
const unit = (v: Xy): Xy => {
  const l = length(v);
  return l === 0 ? { x: 0, y: 1 } : { x: v.x / l, y: v.y / l };
};

/** A place on the edge and a direction across it (either way; which side is which is checked). */
interface EdgeCrossing {
  at: Xy;
  across: Xy;
}

function closestOnSegment(p: Xy, a: Xy, b: Xy): Xy {
  const ab = sub(b, a);
  const len2 = ab.x * ab.x + ab.y * ab.y;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2));
  return add(a, ab, t);
}

/**
 * Where to cross, best first: the nearest point of the edge, approached straight from the start
 * (no edge lies between them, so the approach stays on the start's side), then the same point and
 * each edge's middle crossed square to the edge, for starts on the edge or sharp corners.
 */
function crossings(start: Xy, shape: FenceShape, toXy: (p: Point) => Xy): EdgeCrossing[] {
  if (shape.type === 'circle') {
    const c = toXy(shape.center);
    const radial = unit(sub(start, c));
    const at = add(c, radial, shape.radius);
    return [{ at, across: radial }];
  }
  const ring = shape.points.map(toXy);
  const edges = ring.map((a, i) => ({ a, b: ring[(i + 1) % ring.length]! }));
  const normalOf = (a: Xy, b: Xy) => unit({ x: -(b.y - a.y), y: b.x - a.x });
  let best: { at: Xy; normal: Xy; d: number } | null = null;
  for (const { a, b } of edges) {
    const at = closestOnSegment(start, a, b);
    const d = length(sub(at, start));
    if (!best || d < best.d) best = { at, normal: normalOf(a, b), d };
  }
  const out: EdgeCrossing[] = [];
  if (best && best.d > MIN_MARGIN_M) out.push({ at: best.at, across: unit(sub(best.at, start)) });
  if (best) out.push({ at: best.at, across: best.normal });
  const middles = edges
    .map(({ a, b }) => ({ at: add(a, sub(b, a), 0.5), across: normalOf(a, b) }))
    .sort((p, q) => length(sub(p.at, start)) - length(sub(q.at, start)));
  return [...out, ...middles];
}

/**
 * The walk of `cross`: from `start` to a point just on the safe side of the fence's edge, held
 * there for the confirmation (two points: the server must know the member was on that side),
 * then one step over the edge and `holdPoints` points there. A member already on the alerting
 * side first walks out. Throws when no crossing is found (a degenerate shape).
 */
export function planCross(start: Point, rule: FenceRule, shape: FenceShape, o: CrossOptions): CrossPlan {
  const toXy = (p: Point): Xy => {
    const { east, north } = offsetMetres(start, p);
    return { x: east, y: north };
  };
  const toPoint = (v: Xy): Point => move(start, v.x, v.y);
  const origin: Xy = { x: 0, y: 0 };
  const startAlerting = onAlertingSide(start, rule, shape);
  const safe = (p: Point) => !onAlertingSide(p, rule, shape);
  const margin = Math.min(o.marginM ?? DEFAULT_MARGIN_M, shape.type === 'circle' ? shape.radius / 2 : Infinity);

  for (const { at, across } of crossings(origin, shape, toXy)) {
    for (let m = margin; m >= MIN_MARGIN_M; m /= 2) {
      // `across` points from the start's side over the edge when it is the straight approach.
      const near = toPoint(add(at, across, -m));
      const far = toPoint(add(at, across, m));
      const [before, after] = startAlerting ? [far, near] : [near, far];
      const pair = safe(before) && !safe(after) ? { before, after } : safe(after) && !safe(before) ? { before: after, after: before } : null;
      if (!pair) continue;
      return assemble(start, pair.before, pair.after, o);
    }
  }
  throw new Error('no way across this fence was found');
}

function assemble(start: Point, safePoint: Point, alerting: Point, o: CrossOptions): CrossPlan {
  const points: Point[] = [];
  const { east, north } = offsetMetres(start, safePoint);
  const distance = Math.hypot(east, north);
  const steps = Math.max(1, Math.min(o.maxApproachPoints, Math.ceil(distance / o.stepM)));
  for (let i = 1; i <= steps; i++) points.push(move(start, (east * i) / steps, (north * i) / steps));
  for (let i = 1; i < FENCE_CONFIRM_POINTS; i++) points.push(safePoint);
  const alertingFrom = points.length;
  for (let i = 0; i < o.holdPoints; i++) points.push(alerting);
  return { points, alertingFrom };
}
