import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { MAP_STYLES, MAP_TYPES } from '@ptt/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { loadMapConfig, offlineMapConfig } from '../src/maps/map-config';
import { mapConfigSchema, type MapConfig, type TileSource } from '../src/maps/map-config.schema';
import { registerMapRoutes } from '../src/maps/map.routes';
import { parseTileAddress, tileSvg } from '../src/maps/tile-svg';
import { createTestApp, type TestApp } from './test-app';

const everySource = (config: MapConfig): [string, TileSource][] =>
  MAP_TYPES.flatMap((type) => MAP_STYLES[type].map((style) => [`${type}.${style}`, (config[type] as Record<string, TileSource>)[style]!] as [string, TileSource]));

const tileUrl = (template: string, z: number, x: number, y: number) =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

describe('map tiles on the real app with MAP_TILES=offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { MAP_TILES: 'offline' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/config/map.json is public, revalidated, and serves every type and style from our tile route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config/map.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const config = mapConfigSchema.parse(res.json());
    const sources = everySource(config);
    expect(sources).toHaveLength(10);
    for (const [name, source] of sources) {
      expect(source.url).toBe(`/tiles/{z}/{x}/{y}.svg?style=${name}`);
      const tile = await t.app.inject({ method: 'GET', url: tileUrl(source.url, 3, 6, 3) });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(tile.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(tile.body).toContain('>3/6/3<');
      expect(tile.body).toContain(`>${name}<`);
    }
    // Offline tiles keep their provider's coordinate system, so GCJ-02 display is exercised offline.
    expect(config.google.roadmap.coord).toBe('gcj02');
    expect(config.amap.satellite.coord).toBe('gcj02');
    expect(config.mapWorld.image.coord).toBe('wgs84');
    expect(config.amap.dark.dark).toBe(true);
  });

  it('answers 404 for a tile outside the zoom range or grid, or not an .svg', async () => {
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/tiles/0/0/0.svg')).toBe(200);
    expect(await status('/tiles/20/1048575/1048575.svg')).toBe(200);
    expect(await status('/tiles/21/0/0.svg')).toBe(404);
    expect(await status('/tiles/2/4/0.svg')).toBe(404);
    expect(await status('/tiles/2/0/4.svg')).toBe(404);
    expect(await status('/tiles/-1/0/0.svg')).toBe(404);
    expect(await status('/tiles/1/0/0.png')).toBe(404);
    expect(await status('/tiles/1/0/1e0.svg')).toBe(404);
    expect(await status('/tiles/1/x/0.svg')).toBe(404);
  });

  it('prints only a known style name on a tile, never the query text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tiles/1/0/0.svg?style=%3Cscript%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('script');
  });
});

// Configuration is read once, by config.ts: an app takes the tiles of the configuration it is given.
describe('an app built while MAP_TILES=offline is in the environment', () => {
  const saved = process.env.MAP_TILES;
  afterEach(() => {
    if (saved === undefined) delete process.env.MAP_TILES;
    else process.env.MAP_TILES = saved;
  });

  it('still serves the online tiles of its configuration', async () => {
    process.env.MAP_TILES = 'offline';
    const t = await createTestApp('pglite');
    try {
      const config = mapConfigSchema.parse((await t.app.inject({ method: 'GET', url: '/config/map.json' })).json());
      expect(everySource(config).every(([, source]) => !source.url.startsWith('/tiles/'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('the offline tile drawing', () => {
  it('draws the graticule where the degrees are: 120°E crosses tile 10/853/*', () => {
    const svg = tileSvg({ z: 10, x: 853, y: 415 });
    // West edge 119.8828°E, 0.3516° wide: 120.0°E sits 85.3 px in.
    expect(svg).toContain('<line x1="85.3" y1="0" x2="85.3"');
    expect(svg).toContain('120.0°E');
    expect(svg).toMatch(/\d+\.\d°N/);
  });

  it('checks addresses strictly', () => {
    expect(parseTileAddress('3', '7', '7')).toEqual({ z: 3, x: 7, y: 7 });
    expect(parseTileAddress('3', '8', '0')).toBeNull();
    expect(parseTileAddress('3', ' 1', '0')).toBeNull();
    expect(parseTileAddress('21', '0', '0')).toBeNull();
  });

  it('is quick: a thousand tiles in well under a second', () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) tileSvg({ z: 16, x: 53_000 + i, y: 24_000 }, 'google.roadmap');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('MAP_TILES and MAP_TIANDITU_KEY', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-map-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('online (the default) uses the providers, GCJ-02 for Google and AMap, and the Tianditu key', async () => {
    const loaded = loadMapConfig({ MAP_TIANDITU_KEY: 'k3y' }, dir);
    expect(loaded.source).toBe('online');
    expect(loaded.warnings).toEqual([]);
    const app = Fastify();
    registerMapRoutes(app, loaded);
    const config = mapConfigSchema.parse((await app.inject({ method: 'GET', url: '/config/map.json' })).json());
    await app.close();
    for (const [name, source] of everySource(config)) {
      expect(source.url).toMatch(/^https:\/\//);
      expect(source.coord).toBe(name.startsWith('mapWorld.') ? 'wgs84' : 'gcj02');
    }
    expect(config.mapWorld.vector.url).toContain('tk=k3y');
    expect(config.mapWorld.vector.overlay).toContain('LAYER=cva');
    expect(config.google.satellite.url).toContain('lyrs=s');
  });

  it('serves the built-in tiles on ?tiles=offline whatever MAP_TILES says (the console fallback)', async () => {
    const app = Fastify();
    registerMapRoutes(app, loadMapConfig({ MAP_TIANDITU_KEY: 'k3y' }, dir));
    const res = await app.inject({ method: 'GET', url: '/config/map.json?tiles=offline' });
    await app.close();
    const config = mapConfigSchema.parse(res.json());
    for (const [name, source] of everySource(config)) {
      expect(source.url).toBe(`/tiles/{z}/{x}/{y}.svg?style=${name}`);
      // The same coordinate system as the online source, so positions stay put when switching.
      expect(source.coord).toBe(name.startsWith('mapWorld.') ? 'wgs84' : 'gcj02');
    }
  });

  it('warns, without refusing to start, when online Map World has no key', () => {
    expect(loadMapConfig({}, dir).warnings.join()).toMatch(/MAP_TIANDITU_KEY/);
    expect(() => loadConfig({}, dir)).not.toThrow();
  });

  it('reads a JSON file of the same shape, relative to the repository root', () => {
    const own = offlineMapConfig();
    own.google.roadmap = { ...own.google.roadmap, url: 'https://tiles.example.test/{z}/{x}/{y}.png', subdomains: ['a', 'b'] };
    writeFileSync(path.join(dir, 'tiles.json'), JSON.stringify(own));
    const loaded = loadMapConfig({ MAP_TILES: 'tiles.json' }, dir);
    expect(loaded.source).toBe(path.join(dir, 'tiles.json'));
    expect(loaded.config.google.roadmap.url).toBe('https://tiles.example.test/{z}/{x}/{y}.png');
  });

  it('refuses to start on a bad file, naming the variable and each bad field', () => {
    const bad = offlineMapConfig() as unknown as Record<string, Record<string, Record<string, unknown>>>;
    bad.amap!.normal!.url = 'ftp://nowhere';
    delete bad.mapWorld!.terrain;
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
    writeFileSync(path.join(dir, 'broken.json'), '{ not json');
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env, dir);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error('loadConfig accepted it');
    };
    const badFields = message({ MAP_TILES: 'bad.json' });
    expect(badFields).toMatch(/MAP_TILES=.*bad\.json/);
    expect(badFields).toMatch(/amap\.normal\.url: must be an absolute path/);
    expect(badFields).toMatch(/mapWorld\.terrain/);
    expect(message({ MAP_TILES: 'broken.json' })).toMatch(/not JSON/);
    expect(message({ MAP_TILES: 'missing.json' })).toMatch(/cannot read the file \(ENOENT\)/);
  });
});
