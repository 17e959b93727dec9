import { z } from 'zod';
import { MAP_STYLES, type MapType } from '@ptt/contracts';

// The shape of GET /config/map.json. It belongs in @ptt/contracts (the console parses the same
// shape in @ptt/map); it lives here until the contracts' owner moves it.

/** Coordinate system of a tile set: Google and AMap draw China in GCJ-02, Tianditu in WGS-84. */
export const MAP_COORDS = ['wgs84', 'gcj02'] as const;
export type MapCoord = (typeof MAP_COORDS)[number];

/** Leaflet's URL template: {z}, {x}, {y} and optionally {s} (one of `subdomains`). */
const urlTemplate = z
  .string()
  .min(1)
  .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), { message: 'must be an absolute path (/...) or an http(s) URL' })
  .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), { message: 'must contain {z}, {x} and {y}' });

export const tileSourceSchema = z.strictObject({
  url: urlTemplate,
  /** A second layer drawn above `url` (Tianditu and AMap's satellite keep their labels apart). */
  overlay: urlTemplate.optional(),
  subdomains: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** Plain text (the console escapes it). */
  attribution: z.string().max(500),
  maxZoom: z.number().int().min(1).max(22),
  coord: z.enum(MAP_COORDS),
  /** Draw the tiles darkened and inverted: AMap has no public dark raster tiles. */
  dark: z.boolean().optional(),
});
export type TileSource = z.infer<typeof tileSourceSchema>;

function stylesOf<T extends MapType>(type: T) {
  const styles = MAP_STYLES[type] as readonly string[];
  return z.strictObject(Object.fromEntries(styles.map((s) => [s, tileSourceSchema])) as Record<(typeof MAP_STYLES)[T][number], typeof tileSourceSchema>);
}

/** A tile source for every map type and style of the settings dialog. */
export const mapConfigSchema = z.strictObject({
  google: stylesOf('google'),
  amap: stylesOf('amap'),
  mapWorld: stylesOf('mapWorld'),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
