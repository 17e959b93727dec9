import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { onlineMapConfig } from '../src/maps/map-config';
import { contentSecurityPolicy, cspOrigin } from '../src/http/security-headers';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';

/** The headers every answer carries, whatever made it: CSP without inline script, nosniff, the
 *  referrer policy, and framing by this origin only (or the listed ones). */
function expectSecurityHeaders(res: { headers: Record<string, unknown> }, ancestors = "'self'"): void {
  const csp = String(res.headers['content-security-policy']);
  expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]).toBe(ancestors);
  expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe(ancestors === "'self'" ? 'SAMEORIGIN' : undefined);
}

// Issue 15 item 7: pages, remotes and /api answers carry the browser security headers.
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { remoteUrls: { records: 'https://cdn.example.test/records/mf-manifest.json' } });
    // An answer from a handler that fails: the 500 carries the headers too.
    t.app.get('/test/fails', () => {
      throw new Error('boom');
    });
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

  it('covers downloads, tiles, the API docs, /ws2 without an upgrade and error answers', async () => {
    const token = (await loginAs(t.app, 'superadmin')).auth_token;
    const file = await uploadFile<{ id: string }>(t.app, '/api/files', token, PNG_1PX, 'h.png');
    const headers = { authorization: `Bearer ${token}` };
    const cases: [string, Record<string, string>, number][] = [
      [`/api/files/${file.body.data.id}`, headers, 200],
      ['/tiles/3/4/2.svg', {}, 200],
      ['/api/docs', {}, 200],
      ['/ws2', {}, 404],
      ['/ws2?at=x', {}, 404],
      ['/api/no/such/route', {}, 404],
      ['/api/users', {}, 401],
      ['/api/users/abc', headers, 400],
      ['/test/fails', {}, 500],
    ];
    for (const [url, h, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect([url, res.statusCode]).toEqual([url, status]);
      expectSecurityHeaders(res);
    }
    // A download keeps its own stricter policy (nothing runs, sandboxed), framed by us only.
    const dl = await t.app.inject({ method: 'GET', url: `/api/files/${file.body.data.id}`, headers });
    expect(String(dl.headers['content-security-policy'])).toMatch(/^default-src 'none'; sandbox; frame-ancestors 'self'$/);
    // Malformed JSON and an oversized body: refused before any route, headers all the same.
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"x":' });
    expect(bad.statusCode).toBe(400);
    expectSecurityHeaders(bad);
  });

  it('lets the embedded SOS page be framed by the listed origins only, with every other header as usual', async () => {
    const token = (await loginAs(t.app, 'superadmin')).auth_token;
    const origin = 'https://portal.example.com';
    expect((await api(t.app, 'PUT', '/api/sos/settings', token, { escalateAfterS: 60, embedOrigins: [origin] })).body.code).toBe(0);
    const ent = (await api<{ id: number }>(t.app, 'GET', '/api/enterprise', token)).body.data.id;
    mkdirSync(path.join(t.remotesDir, 'sos', 'dist'), { recursive: true });
    writeFileSync(path.join(t.remotesDir, 'sos', 'dist', 'index.html'), '<!doctype html><title>SOS</title>');
    const embedded = await t.app.inject({ method: 'GET', url: `/remotes/sos/index.html?embed=1&ent=${ent}` });
    expect(embedded.statusCode).toBe(200);
    expectSecurityHeaders(embedded, `'self' ${origin}`);
    // The console's own SOS screen, another page, or the SOS page of another organisation: ours only.
    for (const url of [`/sosManagement?ent=${ent}`, `/main/dispatch?ent=${ent}`, `/remotes/sos/index.html?embed=1&ent=${ent + 1}`]) {
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url }));
    }
  });

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
