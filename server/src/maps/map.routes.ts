import type { FastifyInstance } from 'fastify';
import { MAP_STYLES, MAP_TYPES } from '@ptt/contracts';
import { offlineMapConfig, type LoadedMapConfig } from './map-config';
import { parseTileAddress, tileSvg } from './tile-svg';

/** Public like /config/remotes.json: the console needs it before (and without) a login. */
export const MAP_CONFIG_PATH = '/config/map.json';

// A tile's picture depends only on its address, so browsers may keep it; a day bounds the cost
// of changing the drawing.
const TILE_CACHE = 'public, max-age=86400';
const CAPTIONS = new Set(MAP_TYPES.flatMap((type) => MAP_STYLES[type].map((style) => `${type}.${style}`)));

/** GET /config/map.json and GET /tiles/{z}/{x}/{y}.svg, serving what loadConfig read at start. */
export function registerMapRoutes(app: FastifyInstance, loaded: LoadedMapConfig): void {
  for (const warning of loaded.warnings) app.log.warn(warning);
  const body = JSON.stringify(loaded.config);
  // The built-in tiles, whatever MAP_TILES says: the console's one-click fallback when the
  // configured tiles cannot be reached (a closed network).
  const offlineBody = JSON.stringify(offlineMapConfig());

  app.get<{ Querystring: { tiles?: string } }>(MAP_CONFIG_PATH, (req, reply) => {
    // Revalidated on every load, so a changed MAP_TILES shows after a restart and a reload.
    return reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(req.query.tiles === 'offline' ? offlineBody : body);
  });

  app.get<{ Params: { z: string; x: string; file: string }; Querystring: { style?: string } }>('/tiles/:z/:x/:file', (req, reply) => {
    const m = /^(\d+)\.svg$/.exec(req.params.file);
    const tile = m ? parseTileAddress(req.params.z, req.params.x, m[1]!) : null;
    if (!tile) return reply.code(404).type('text/plain').send('Not found');
    const style = typeof req.query.style === 'string' && CAPTIONS.has(req.query.style) ? req.query.style : '';
    return reply.header('cache-control', TILE_CACHE).type('image/svg+xml').send(tileSvg(tile, style));
  });
}
