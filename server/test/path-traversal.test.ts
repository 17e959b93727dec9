import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isServerCode } from '@ptt/contracts';
import { jsonSchemaOf, isFreeString, type Json } from './schema-arbitrary';
import { allRoutes } from '../src/modules';
import { createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';

// Path traversal against every place that maps a URL to a file: the host's static files and
// /assets, /remotes/<name>/, /tiles, /api/files ids and /config; plain, percent-encoded,
// double-encoded, overlong UTF-8, backslashes and NUL. A file next to the web roots must never be
// served. Download and export names end up in Content-Disposition: one header line, no path, no
// injected header. Static hosting and names do not depend on the database: PGlite only.

const SECRET = 'TOP-SECRET-7f3a9c';
const DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '%c0%ae%c0%ae', '..%00', '..;', '....'];
const SLASHES = ['/', '%2f', '%2F', '%5c', '\\', '%252f', '//'];
const PREFIXES = ['/', '/assets/', '/remotes/records/', '/remotes/records/assets/', '/remotes/..%2f/', '/tiles/1/1/', '/tiles/', '/api/files/', '/api/files/x/', '/config/', '/main/'];

/** `../` six times in one spelling, then the secret's name: deep enough from every root. */
function traversals(): string[] {
  const out: string[] = [];
  for (const dots of DOTS) for (const slash of SLASHES) out.push(`${`${dots}${slash}`.repeat(6)}secret.txt`);
  return out;
}

describe('path traversal', () => {
  let t: TestApp;
  let web: string;
  let token = '';

  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'ptt-traversal-'));
    // The secret sits next to the web roots and one level above them.
    writeFileSync(path.join(web, 'secret.txt'), SECRET);
    mkdirSync(path.join(web, 'host', 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'host', 'index.html'), '<!doctype html><title>host shell</title>');
    writeFileSync(path.join(web, 'host', 'assets', 'main.js'), 'var main = 1;');
    writeFileSync(path.join(web, 'host', 'secret.txt.html'), 'not the secret');
    mkdirSync(path.join(web, 'remotes', 'records', 'dist', 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'remotes', 'records', 'dist', 'remoteEntry.js'), 'var records = 1;');
    writeFileSync(path.join(web, 'remotes', 'records', 'secret.txt'), SECRET);
    t = await createTestApp('pglite', { staticDir: path.join(web, 'host'), remotesDir: path.join(web, 'remotes'), env: { MAP_TILES: 'offline' } });
    token = (await loginAs(t.app, 'superadmin')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('serves no file outside the web roots, whatever the spelling of ../', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const prefix of PREFIXES) {
      for (const trail of traversals()) {
        const url = `${prefix}${trail}`;
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        tried++;
        if (res.statusCode >= 500 || res.body.includes(SECRET)) leaks.push(`${url} -> ${res.statusCode}`);
        // Dot segments a URL parser resolves (../, %2e%2e/, ..\) leave /api before the server sees
        // the path; the rest reach the API and must be refused there with its envelope.
        if (new URL(url, 'http://x').pathname.startsWith('/api/')) {
          let code: unknown = null;
          try {
            code = res.json<{ code: unknown }>().code;
          } catch {
            // not the envelope
          }
          if (res.statusCode < 400 || !isServerCode(code)) leaks.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(600);
    expect(leaks).toEqual([]);
    // The roots still serve their own files (the test would pass on a server that serves nothing).
    expect((await t.app.inject({ method: 'GET', url: '/assets/main.js' })).body).toBe('var main = 1;');
    expect((await t.app.inject({ method: 'GET', url: '/remotes/records/remoteEntry.js' })).body).toBe('var records = 1;');
  });

  it('keeps a hostile download name to one Content-Disposition line without a path', async () => {
    for (const name of ['..\\..\\evil".txt', '../../etc/passwd', 'a";\r\nX-Evil: 1.png', 'résumé %2f..%2f.pdf', '\u202egnp.exe']) {
      const up = await uploadFile<{ id: string }>(t.app, '/api/files', token, PNG_1PX, name);
      expect(up.body.code).toBe(0);
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${up.body.data.id}`, headers: { authorization: `Bearer ${token}` } });
      expectSafeDisposition(name, res.headers);
    }
  });

  it('keeps hostile export filters out of the headers and the file name', async () => {
    const hostile = '../..\\x"; filename=evil.exe\r\nX-Evil: 1 %0d%0a';
    const exports = allRoutes.filter((r) => r.method === 'GET' && r.raw && !r.url.includes(':'));
    expect(exports.length).toBeGreaterThan(8);
    for (const route of exports) {
      const props = (jsonSchemaOf(route.query).properties ?? {}) as Record<string, Json>;
      const query = new URLSearchParams();
      for (const [key, js] of Object.entries(props)) if (isFreeString(js) && !js.pattern && key !== 'q') query.set(key, hostile.slice(0, Number(js.maxLength ?? 64)));
      if (props.format) query.set('format', 'csv');
      const res = await t.app.inject({ method: 'GET', url: `${route.url}?${query}`, headers: { authorization: `Bearer ${token}` } });
      expect({ url: route.url, status: res.statusCode < 500 }).toEqual({ url: route.url, status: true });
      if (res.statusCode === 200) expectSafeDisposition(route.url, res.headers);
    }
  });
});

function expectSafeDisposition(what: string, headers: Record<string, unknown>): void {
  const disposition = String(headers['content-disposition']);
  expect({ what, attachment: /^(attachment|inline);/.test(disposition), crlf: /[\r\n]/.test(disposition), injected: 'x-evil' in headers }).toEqual({
    what,
    attachment: true,
    crlf: false,
    injected: false,
  });
  const plain = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
  const star = decodeURIComponent(/filename\*=UTF-8''([^;]*)/.exec(disposition)?.[1] ?? '');
  for (const n of [plain, star]) expect({ what, name: n, path: /[\\/]|^\.\.?$/.test(n) }).toEqual({ what, name: n, path: false });
  // Exactly the two filename parameters: nothing the name smuggled in.
  expect({ what, params: disposition.match(/;\s*filename/g)?.length }).toEqual({ what, params: 2 });
}
