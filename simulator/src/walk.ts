// A random walk that keeps a device within a circle around a center: the heading drifts a little
// each step, the speed wanders between walking and driving, and a device at the edge turns back.

/** A source of numbers in [0, 1). */
export type Random = () => number;

export interface Point {
  lng: number;
  lat: number;
}

export interface Walker extends Point {
  /** Degrees clockwise from north. */
  heading: number;
  /** Metres per second. */
  speed: number;
}

export const MIN_SPEED_MPS = 0.5;
export const MAX_SPEED_MPS = 15;
const METRES_PER_DEGREE = 111_320;
const MAX_TURN_DEG = 30;

/** A small seeded generator (xorshift32), so tests and runs can be repeated. */
export function seededRandom(seed: number): Random {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
}

/** Metres east and north of `from` to `to` (flat-earth approximation; fine for a few km). */
export function offsetMetres(from: Point, to: Point): { east: number; north: number } {
  const east = (to.lng - from.lng) * METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180);
  const north = (to.lat - from.lat) * METRES_PER_DEGREE;
  return { east, north };
}

export function distanceMetres(a: Point, b: Point): number {
  const { east, north } = offsetMetres(a, b);
  return Math.hypot(east, north);
}

/** The point `east` and `north` metres from `from` (the inverse of offsetMetres). */
export function move(from: Point, east: number, north: number): Point {
  return {
    lng: from.lng + east / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
    lat: from.lat + north / METRES_PER_DEGREE,
  };
}

/** A walker somewhere inside the circle (uniform over its area). */
export function startWalker(center: Point, radiusM: number, rnd: Random): Walker {
  const r = radiusM * Math.sqrt(rnd());
  const angle = rnd() * 2 * Math.PI;
  const p = move(center, r * Math.sin(angle), r * Math.cos(angle));
  return { ...p, heading: rnd() * 360, speed: MIN_SPEED_MPS + rnd() * (MAX_SPEED_MPS - MIN_SPEED_MPS) };
}

/** Where the walker is `dtMs` later. It never leaves the circle. */
export function step(w: Walker, center: Point, radiusM: number, dtMs: number, rnd: Random): Walker {
  let heading = (w.heading + (rnd() * 2 - 1) * MAX_TURN_DEG + 360) % 360;
  const speed = Math.min(MAX_SPEED_MPS, Math.max(MIN_SPEED_MPS, w.speed + (rnd() * 2 - 1) * 2));
  const metres = (speed * dtMs) / 1000;
  let next = move(w, metres * Math.sin((heading * Math.PI) / 180), metres * Math.cos((heading * Math.PI) / 180));
  if (distanceMetres(center, next) > radiusM) {
    // Head back towards the center instead of stepping out.
    const back = offsetMetres(w, center);
    heading = ((Math.atan2(back.east, back.north) * 180) / Math.PI + 360) % 360;
    const along = Math.min(metres, Math.hypot(back.east, back.north));
    next = move(w, along * Math.sin((heading * Math.PI) / 180), along * Math.cos((heading * Math.PI) / 180));
  }
  return { ...next, heading, speed };
}
