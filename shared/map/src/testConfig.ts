import { MAP_STYLES, MAP_TYPES } from '@ptt/contracts';
import type { MapConfig, TileSource } from './config';

/** What the server's MAP_TILES=offline answers (server/src/maps/map-config.ts), for tests. */
export function offlineConfig(): MapConfig {
  const out: Record<string, Record<string, TileSource>> = {};
  for (const type of MAP_TYPES) {
    out[type] = {};
    for (const style of MAP_STYLES[type]) {
      out[type][style] = {
        url: `/tiles/{z}/{x}/{y}.svg?style=${type}.${style}`,
        attribution: 'Offline tiles',
        maxZoom: 20,
        coord: type === 'mapWorld' ? 'wgs84' : 'gcj02',
      };
    }
  }
  return out as MapConfig;
}
