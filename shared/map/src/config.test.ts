import { absoluteTemplate, clearMapConfigCache, loadMapConfig, MapConfigError, parseMapConfig, tileSourceFor } from './config';
import { offlineConfig } from './testConfig';

const answer = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status === 200, status, json: () => Promise.resolve(body) } as Response);

describe('map config', () => {
  beforeEach(() => clearMapConfigCache());

  it('accepts a source for every type and style and picks the one of the settings', () => {
    const config = parseMapConfig(offlineConfig());
    expect(tileSourceFor(config, { type: 'amap', style: 'satellite' }).url).toContain('style=amap.satellite');
  });

  it('refuses an answer missing a style or with a bad source', () => {
    const missing = offlineConfig() as unknown as Record<string, Record<string, unknown>>;
    delete missing.mapWorld!.terrain;
    expect(() => parseMapConfig(missing)).toThrow(/mapWorld\.terrain/);
    const bad = offlineConfig();
    (bad.google.hybrid as { coord: string }).coord = 'bd09';
    expect(() => parseMapConfig(bad)).toThrow(MapConfigError);
    const script = offlineConfig();
    script.amap.dark.url = 'javascript:alert(1)';
    expect(() => parseMapConfig(script)).toThrow(/amap\.dark/);
    expect(() => parseMapConfig('nope')).toThrow(MapConfigError);
  });

  it('fetches once per page and shares the answer', async () => {
    const fetchImpl = jest.fn(() => answer(offlineConfig()));
    const [a, b] = await Promise.all([loadMapConfig('/config/map.json', fetchImpl), loadMapConfig('/config/map.json', fetchImpl)]);
    expect(a).toBe(b);
    await loadMapConfig('/config/map.json', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch so a later map tries again', async () => {
    const fetchImpl = jest.fn().mockReturnValueOnce(answer({}, 503)).mockReturnValueOnce(answer(offlineConfig()));
    await expect(loadMapConfig('/config/map.json', fetchImpl)).rejects.toThrow(/HTTP 503/);
    await expect(loadMapConfig('/config/map.json', fetchImpl)).resolves.toBeDefined();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("takes server-relative tile templates from the config's origin, braces intact", () => {
    expect(absoluteTemplate('/tiles/{z}/{x}/{y}.svg', '/config/map.json', 'http://127.0.0.1:8080/main/dispatch')).toBe(
      'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.svg',
    );
    expect(absoluteTemplate('/tiles/{z}/{x}/{y}.svg', 'http://maps.test:9/config/map.json', 'http://127.0.0.1:3001/')).toBe(
      'http://maps.test:9/tiles/{z}/{x}/{y}.svg',
    );
    expect(absoluteTemplate('https://t{s}.example/{z}/{x}/{y}', '/config/map.json', 'http://a/')).toBe('https://t{s}.example/{z}/{x}/{y}');
  });
});
