import { MAP_STYLES, MAP_TYPES, type MapSettings } from '@ptt/contracts';
import type { MapCoord } from './types';

// The shape of GET /config/map.json, matching the server's zod schema
// (server/src/maps/map-config.schema.ts). Both belong in @ptt/contracts; until they move there,
// this package checks the answer by hand.

export const MAP_CONFIG_PATH = '/config/map.json';

export interface TileSource {
  /** Leaflet URL template with {z}/{x}/{y} and optionally {s}; absolute path or http(s) URL. */
  url: string;
  /** Labels drawn above `url` (Tianditu, AMap satellite). */
  overlay?: string;
  subdomains?: string | string[];
  /** Plain text. */
  attribution: string;
  maxZoom: number;
  coord: MapCoord;
  /** Shown darkened (a provider without dark tiles). */
  dark?: boolean;
}

export type MapConfig = { [T in keyof typeof MAP_STYLES]: Record<(typeof MAP_STYLES)[T][number], TileSource> };

export class MapConfigError extends Error {
  override name = 'MapConfigError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTemplate = (v: unknown): v is string => typeof v === 'string' && (v.startsWith('/') || /^https?:\/\//.test(v));
const isSubdomains = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.length > 0) || (Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string'));

function isTileSource(v: unknown): v is TileSource {
  return (
    isRecord(v) &&
    isTemplate(v.url) &&
    (v.overlay === undefined || isTemplate(v.overlay)) &&
    isSubdomains(v.subdomains) &&
    typeof v.attribution === 'string' &&
    typeof v.maxZoom === 'number' &&
    v.maxZoom >= 1 &&
    v.maxZoom <= 22 &&
    (v.coord === 'wgs84' || v.coord === 'gcj02') &&
    (v.dark === undefined || typeof v.dark === 'boolean')
  );
}

/** Checks the answer: a tile source for every type and style of the settings. */
export function parseMapConfig(value: unknown): MapConfig {
  if (!isRecord(value)) throw new MapConfigError('map config: not an object');
  for (const type of MAP_TYPES) {
    const styles = value[type];
    for (const style of MAP_STYLES[type]) {
      if (!isRecord(styles) || !isTileSource(styles[style])) throw new MapConfigError(`map config: bad or missing ${type}.${style}`);
    }
  }
  return value as MapConfig;
}

/** The source for the settings' type and style. */
export function tileSourceFor(config: MapConfig, settings: MapSettings): TileSource {
  return (config[settings.type] as Record<string, TileSource>)[settings.style]!;
}

/** A template relative to the server ('/tiles/...') is taken from the config's own origin. */
export function absoluteTemplate(template: string, configUrl: string, base: string): string {
  if (!template.startsWith('/') || template.startsWith('//')) return template;
  return new URL(configUrl, base).origin + template;
}

const cache = new Map<string, Promise<MapConfig>>();

/**
 * Fetches the map config once per URL and page; a failed fetch is forgotten so a later map can
 * try again.
 */
export function loadMapConfig(url: string = MAP_CONFIG_PATH, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<MapConfig> {
  let pending = cache.get(url);
  if (!pending) {
    pending = (async () => {
      const res = await fetchImpl(url, { credentials: 'same-origin' });
      if (!res.ok) throw new MapConfigError(`map config: HTTP ${res.status}`);
      return parseMapConfig(await res.json());
    })();
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

/** Tests only: forget fetched configs. */
export function clearMapConfigCache(): void {
  cache.clear();
}
