import gcoord from 'gcoord';
import type { LngLat, MapCoord } from './types';

// gcoord applies the GCJ-02 offset only inside China and returns other places unchanged, which
// is what the providers' tiles do.

/** WGS-84 -> the tiles' system, as [lng, lat]. */
export function toDisplay(p: LngLat, coord: MapCoord): [number, number] {
  if (coord === 'wgs84') return [p.lng, p.lat];
  const [lng, lat] = gcoord.transform([p.lng, p.lat], gcoord.WGS84, gcoord.GCJ02);
  return [lng, lat];
}

/** The tiles' system -> WGS-84. gcoord inverts GCJ-02 iteratively (well under a metre off). */
export function fromDisplay(lng: number, lat: number, coord: MapCoord): LngLat {
  if (coord === 'wgs84') return { lng, lat };
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);
  return { lng: x, lat: y };
}
