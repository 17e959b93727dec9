import gcoord from 'gcoord';
import { CoordinateSystem } from '@ptt/contracts';

/**
 * A reported position as WGS-84, the only system we store. GCJ-02 (the obfuscated system Chinese
 * map SDKs report) goes through gcoord, which leaves points outside China unchanged as GCJ-02 does.
 */
export function toWgs84(lng: number, lat: number, coord: CoordinateSystem): [number, number] {
  if (coord === CoordinateSystem.WGS) return [lng, lat];
  const [x, y] = gcoord.transform([lng, lat], gcoord.GCJ02, gcoord.WGS84);
  return [x, y];
}
