import { onlineMapConfig } from '../src/maps/map-config';
import { contentSecurityPolicy, cspOrigin } from '../src/http/security-headers';
import { createTestApp, type TestApp } from './test-app';

// Issue 15 item 7: pages, remotes and /api answers carry the browser security headers.
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { remoteUrls: { records: 'https://cdn.example.test/records/mf-manifest.json' } });
  });
  afterAll(() => t.close());

  it.each(['/', '/main/dispatch', '/remotes/dispatch/index.html', '/api/health', '/api/users', '/config/map.json', '/no/such.js'])(
    '%s has CSP, nosniff, a referrer policy and frame-ancestors',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self'[^;]*;/);
      // Scripts only from files: no inline script, no eval.
      expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)).toBe(false);
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it('lets a remote moved to another origin load, and only that origin', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.test;/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/cdn\.example\.test;/);
  });

  it('lets the map show the tile hosts of its configuration', () => {
    const csp = contentSecurityPolicy({ map: onlineMapConfig('k'), remoteUrls: {} });
    const img = /img-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(img).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://www.google.cn', 'https://*.is.autonavi.com', 'https://*.tianditu.gov.cn']));
    expect(img.filter((s) => s.includes('{'))).toEqual([]);
  });

  it.each([
    ['https://t{s}.tianditu.gov.cn/vec_w/wmts?x={x}', 'https://*.tianditu.gov.cn'],
    ['https://webrd0{s}.is.autonavi.com/appmaptile', 'https://*.is.autonavi.com'],
    ['http://127.0.0.1:9/{z}/{x}/{y}.png', 'http://127.0.0.1:9'],
    ['/tiles/{z}/{x}/{y}.svg', null],
    ['https://tiles.{s}.example.test/{z}.png', null],
  ])('cspOrigin(%s) is %s', (url, origin) => {
    expect(cspOrigin(url)).toBe(origin);
  });
});
