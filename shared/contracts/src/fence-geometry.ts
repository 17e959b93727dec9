// Plane and sphere geometry of geofences, shared by the server (evaluation of every position) and
// the console (checking a drawing before it is sent). Points are { lng, lat } in degrees.
// Polygons are tested in the lng/lat plane: fences are a few kilometres across, where the
// difference from great-circle edges is far below GPS accuracy. Fences crossing the 180th
// meridian are not supported.

export interface LngLat {
  lng: number;
  lat: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LngLat, b: LngLat): number {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const same = (a: LngLat, b: LngLat) => a.lng === b.lng && a.lat === b.lat;

/** Drops repeated consecutive points and a closing point equal to the first (GeoJSON style). */
export function normalizeRing<P extends LngLat>(points: readonly P[]): P[] {
  const out: P[] = [];
  for (const p of points) if (out.length === 0 || !same(out[out.length - 1]!, p)) out.push(p);
  while (out.length > 1 && same(out[0]!, out[out.length - 1]!)) out.pop();
  return out;
}

function cross(o: LngLat, a: LngLat, b: LngLat): number {
  return (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);
}

function onSegment(p: LngLat, a: LngLat, b: LngLat): boolean {
  return Math.min(a.lng, b.lng) <= p.lng && p.lng <= Math.max(a.lng, b.lng) && Math.min(a.lat, b.lat) <= p.lat && p.lat <= Math.max(a.lat, b.lat);
}

/** Do segments ab and cd touch or cross (end points included)? */
function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(a, c, d)) || (d2 === 0 && onSegment(b, c, d)) || (d3 === 0 && onSegment(c, a, b)) || (d4 === 0 && onSegment(d, a, b));
}

/** Twice the signed area in square degrees (shoelace). */
function doubledArea(ring: readonly LngLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return sum;
}

/**
 * A drawing we accept as a fence ('Please draw correctly' otherwise): at least 3 distinct corners
 * after normalizeRing, an area, and no edge crossing or touching another (O(n²), n <= 200).
 */
export function isSimplePolygon(points: readonly LngLat[]): boolean {
  const ring = normalizeRing(points);
  const n = ring.length;
  if (n < 3 || Math.abs(doubledArea(ring)) < 1e-14) return false;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    for (let j = i + 1; j < n; j++) {
      const c = ring[j]!;
      const d = ring[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share a corner; they may not fold back onto each other.
        const shared = j === i + 1 ? b : a;
        const [p, q] = j === i + 1 ? [a, d] : [b, c];
        if (cross(shared, p, q) === 0 && (p.lng - shared.lng) * (q.lng - shared.lng) + (p.lat - shared.lat) * (q.lat - shared.lat) > 0) return false;
        continue;
      }
      if (segmentsMeet(a, b, c, d)) return false;
    }
  }
  return true;
}

/** Even-odd ray casting; a point exactly on an edge may fall either way. */
export function pointInPolygon(p: LngLat, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

export type FenceShapeLike =
  | { type: 'polygon'; points: readonly LngLat[] }
  | { type: 'circle'; center: LngLat; radius: number };

/** Is the point exactly on one of the ring's edges (corners included)? */
export function onPolygonBorder(p: LngLat, ring: readonly LngLat[]): boolean {
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    if (cross(ring[j]!, ring[i]!, p) === 0 && onSegment(p, ring[j]!, ring[i]!)) return true;
  }
  return false;
}

/**
 * Is the point inside (or on the border of) the shape? The border is inside for both kinds, so a
 * member standing on a polygon's edge is not on one side or the other by the edge's direction.
 */
export function pointInShape(p: LngLat, shape: FenceShapeLike): boolean {
  if (shape.type === 'circle') return distanceMeters(p, shape.center) <= shape.radius;
  return pointInPolygon(p, shape.points) || onPolygonBorder(p, shape.points);
}

const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

/**
 * Would this shape span the 180th meridian (or a pole)? Fences are planar in lng/lat, so such a
 * drawing would be read as the other side of the globe: it is refused with its own message
 * instead. A polygon whose corners span more than 180 degrees of longitude was drawn across it; a
 * circle whose reach east or west passes ±180, or north or south passes a pole, crosses it.
 */
export function crossesAntimeridian(shape: FenceShapeLike): boolean {
  if (shape.type === 'polygon') {
    let min = Infinity;
    let max = -Infinity;
    for (const p of shape.points) {
      min = Math.min(min, p.lng);
      max = Math.max(max, p.lng);
    }
    return max - min > 180;
  }
  const { center, radius } = shape;
  // A centre out of range is refused as such ('legal range'), not as a crossing.
  if (!(Math.abs(center.lng) <= 180 && Math.abs(center.lat) <= 90)) return false;
  const dLat = radius / METRES_PER_DEGREE;
  if (center.lat + dLat >= 90 || center.lat - dLat <= -90) return true;
  const dLng = dLat / Math.cos(toRad(center.lat));
  return center.lng + dLng > 180 || center.lng - dLng < -180;
}
