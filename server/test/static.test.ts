import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_NAMES } from '@ptt/contracts';
import { createTestApp, type TestApp } from './test-app';

// Static hosting does not touch the database; one kind is enough.
describe('static hosting', () => {
  let t: TestApp;
  let web: string;
  const hostDist = () => path.join(web, 'host');
  const remoteDist = (name: string) => path.join(web, 'remotes', name, 'dist');

  beforeAll(async () => {
    web = mkdtempSync(path.join(os.tmpdir(), 'ptt-static-'));
    mkdirSync(path.join(hostDist(), 'assets'), { recursive: true });
    writeFileSync(path.join(hostDist(), 'index.html'), '<!doctype html><title>host shell</title>');
    writeFileSync(path.join(hostDist(), 'assets', 'main.abc123.js'), 'console.log("host")');
    writeFileSync(path.join(hostDist(), 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(remoteDist('records'), { recursive: true });
    writeFileSync(path.join(remoteDist('records'), 'mf-manifest.json'), JSON.stringify({ version: 1 }));
    writeFileSync(path.join(remoteDist('records'), 'remoteEntry.js'), 'var records = 1;');
    writeFileSync(path.join(remoteDist('records'), 'chunk.1.js'), 'var chunk = 1;');
    t = await createTestApp('pglite', {
      staticDir: hostDist(),
      remotesDir: path.join(web, 'remotes'),
      remoteUrls: { sos: 'https://sos.example.test/mf-manifest.json' },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('/config/remotes.json maps every remote to its manifest, overrides included, uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json<Record<string, string>>();
    expect(Object.keys(body).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(body.records).toBe('/remotes/records/mf-manifest.json');
    expect(body.sos).toBe('https://sos.example.test/mf-manifest.json');
  });

  it('answers /favicon.ico with the build\'s favicon.svg instead of a 404 on every page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });

  it('serves the host at / and falls back to index.html for client routes', async () => {
    for (const url of ['/', '/login', '/main/dispatch', '/main/fenceManagement/edit/12?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('host shell');
    }
  });

  it('serves host assets, and a missing asset is a 404 rather than the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("host")');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves remote entry files uncached and fresh from disk after they are replaced', async () => {
    const url = '/remotes/records/remoteEntry.js';
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.body).toBe('var records = 1;');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/remotes/records/mf-manifest.json' })).headers['cache-control']).toBe('no-cache');

    rmSync(remoteDist('records'), { recursive: true });
    mkdirSync(remoteDist('records'), { recursive: true });
    writeFileSync(path.join(remoteDist('records'), 'remoteEntry.js'), 'var records = 2; // rebuilt');
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('var records = 2; // rebuilt');
  });

  it('answers a plain 404, not the SPA page, for a missing remote file or unknown remote', async () => {
    for (const url of ['/remotes/records/nope.js', '/remotes/dispatch/remoteEntry.js', '/remotes/unknown/x.js', '/remotes/records/../../host/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('host shell');
    }
  });

  it('does not answer the SPA page under /ws2 or /config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/config/other.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/ws2' })).statusCode).toBe(404);
  });
});

describe('static hosting without a host build', () => {
  it('answers a short page saying to run the build', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/main/dispatch' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/npm run build/);
    } finally {
      await t.close();
    }
  });
});
