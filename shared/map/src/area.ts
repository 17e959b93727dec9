import { pointInShape } from '@ptt/contracts';
import type { LngLat } from './types';

/** A drawn selection, WGS-84. */
export type Area = { kind: 'circle'; center: LngLat; radiusM: number } | { kind: 'polygon'; points: LngLat[] };

/** Is a WGS-84 point inside the area (border included)? The same geometry as geofences. */
export function inArea(p: LngLat, area: Area): boolean {
  return area.kind === 'circle'
    ? pointInShape(p, { type: 'circle', center: area.center, radius: area.radiusM })
    : pointInShape(p, { type: 'polygon', points: area.points });
}
