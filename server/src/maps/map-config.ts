import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MAP_STYLES, MAP_TYPES, type MapType } from '@ptt/contracts';
import { mapConfigSchema, type MapConfig, type MapCoord, type TileSource } from './map-config.schema';
import { MAX_TILE_ZOOM } from './tile-svg';

/** The offline tile route (tile-svg.ts); `style` only labels the tile. */
export const OFFLINE_TILE_PATH = '/tiles/{z}/{x}/{y}.svg';

export class MapConfigError extends Error {
  override name = 'MapConfigError';
}

export interface LoadedMapConfig {
  config: MapConfig;
  /** 'online', 'offline' or the file it came from. */
  source: string;
  /** Problems worth a line in the log that do not stop the server. */
  warnings: string[];
}

type Sources<T extends MapType> = Record<(typeof MAP_STYLES)[T][number], TileSource>;

// Google's China tiles (gl=cn, google.cn) are GCJ-02, imagery included, so every style agrees.
const GOOGLE_ATTRIBUTION = 'Map data © Google';
const google = (lyrs: string, maxZoom: number): TileSource => ({
  url: `https://www.google.cn/maps/vt?lyrs=${lyrs}&gl=cn&hl=zh-CN&x={x}&y={y}&z={z}`,
  attribution: GOOGLE_ATTRIBUTION,
  maxZoom,
  coord: 'gcj02',
});

const AMAP_ATTRIBUTION = '© AMap 高德地图';
const amapRoad = 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';
const amap = (source: Omit<TileSource, 'attribution' | 'coord' | 'subdomains' | 'maxZoom'>): TileSource => ({
  ...source,
  subdomains: '1234',
  attribution: AMAP_ATTRIBUTION,
  maxZoom: 18,
  coord: 'gcj02',
});

// Tianditu (Map World) serves CGCS2000, which equals WGS-84 to well within a tile pixel.
const tianditu = (layer: string, labels: string, key: string, maxZoom: number): TileSource => {
  const wmts = (l: string) =>
    `https://t{s}.tianditu.gov.cn/${l}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${l}&STYLE=default` +
    `&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`;
  return { url: wmts(layer), overlay: wmts(labels), subdomains: '01234567', attribution: '© 天地图 Tianditu', maxZoom, coord: 'wgs84' };
};

/** The providers' public URL templates. */
export function onlineMapConfig(tiandituKey: string): MapConfig {
  return {
    google: {
      roadmap: google('m', 20),
      satellite: google('s', 20),
      hybrid: google('y', 20),
      terrain: google('p', 15),
    } satisfies Sources<'google'>,
    amap: {
      normal: amap({ url: amapRoad }),
      satellite: amap({
        url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
        overlay: 'https://webst0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
      }),
      dark: amap({ url: amapRoad, dark: true }),
    } satisfies Sources<'amap'>,
    mapWorld: {
      vector: tianditu('vec', 'cva', tiandituKey, 18),
      image: tianditu('img', 'cia', tiandituKey, 18),
      terrain: tianditu('ter', 'cta', tiandituKey, 14),
    } satisfies Sources<'mapWorld'>,
  };
}

/**
 * Every type and style from our own tile route. Each keeps its provider's coordinate system, so
 * the console converts exactly as it would online (and tests exercise GCJ-02 without internet).
 */
export function offlineMapConfig(): MapConfig {
  const online = onlineMapConfig('');
  const out: Record<string, Record<string, TileSource>> = {};
  for (const type of MAP_TYPES) {
    out[type] = {};
    for (const style of MAP_STYLES[type]) {
      const coord: MapCoord = (online[type] as Record<string, TileSource>)[style]!.coord;
      out[type][style] = {
        url: `${OFFLINE_TILE_PATH}?style=${type}.${style}`,
        attribution: 'Offline tiles',
        maxZoom: MAX_TILE_ZOOM,
        coord,
        ...(style === 'dark' ? { dark: true } : {}),
      };
    }
  }
  return mapConfigSchema.parse(out);
}

function readConfigFile(file: string): MapConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new MapConfigError(`MAP_TILES=${JSON.stringify(file)}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new MapConfigError(`MAP_TILES=${JSON.stringify(file)}: not JSON (${(err as Error).message})`);
  }
  const parsed = mapConfigSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `    ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new MapConfigError(`MAP_TILES=${JSON.stringify(file)}: not a map tile configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * MAP_TILES: `online` (default), `offline`, or the path of a JSON file of the same shape as
 * /config/map.json (relative paths from `root`). MAP_TIANDITU_KEY: the key Tianditu requires.
 * Throws MapConfigError naming the problem.
 */
export function loadMapConfig(env: NodeJS.ProcessEnv, root: string): LoadedMapConfig {
  const mode = env.MAP_TILES?.trim() || 'online';
  const key = env.MAP_TIANDITU_KEY?.trim() ?? '';
  if (mode === 'offline') return { config: offlineMapConfig(), source: 'offline', warnings: [] };
  if (mode === 'online') {
    const warnings = key ? [] : ['MAP_TIANDITU_KEY is not set: Map World (Tianditu) tiles will not load; get a key at console.tianditu.gov.cn, or set MAP_TILES=offline'];
    return { config: onlineMapConfig(key), source: 'online', warnings };
  }
  const file = path.resolve(root, mode);
  return { config: readConfigFile(file), source: file, warnings: [] };
}
