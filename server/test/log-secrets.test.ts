import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import WebSocket from 'ws';
import { fileLinkExpiry, pairingClaimSchema, type Session } from '@ptt/contracts';
import { fileLinkSignature } from '../src/files/file-links';
import { loggerOptions } from '../src/http/log-options';
import { JanusClient } from '../src/media/janus-client';
import { JanusRooms } from '../src/media/janus-rooms';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { RecordingLog } from './janus-harness';
import { exampleIds, requestFor } from './route-examples';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';
import { api, createTestApp, loginAs, PNG_1PX, postLogin, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Issue 25: no session token, display credential, pairing secret, password, file key, file link
// signature or Janus secret reaches the log. First in process with the logger at trace (every
// line Fastify and the server write), over logins, every REST route, /ws2 with the token in
// ?at=, signed file links, the display credential and the Janus proxy; then a real server process
// at info, its stdout and stderr as an operator would collect them.

const PASSWORD = 'Pw-log-check-7f3a';
const NEW_PASSWORD = 'Pw-log-check-new-91c2';
const JANUS_SECRET = 'janus-secret-log-check-5d1e';

/** The secrets found in `log`, by name (empty: none leaked). */
function leaks(log: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => value.length >= 6 && log.includes(value))
    .map(([name]) => name);
}

function socketClosed(url: string): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('close', () => resolve());
    ws.on('error', () => resolve());
  });
}

describe.each(DB_KINDS)('no secret in the trace log on %s', (kind) => {
  let t: TestApp;
  const stream = new PassThrough();
  let logged = '';
  stream.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
  const secrets: Record<string, string> = { demoPassword: DEMO_PASSWORD, password: PASSWORD, newPassword: NEW_PASSWORD, janusSecret: JANUS_SECRET };
  const remember = (name: string, s: Pick<Session, 'auth_token' | 'file_key'>) => {
    secrets[`${name} token`] = s.auth_token;
    if (s.file_key) secrets[`${name} file key`] = s.file_key;
  };

  beforeAll(async () => {
    const log = new RecordingLog();
    // A Janus nobody answers at: the proxy's refusals and its "unreachable" warnings are logged too.
    const client = new JanusClient({ url: 'http://127.0.0.1:9/janus', apiSecret: JANUS_SECRET, log, timeoutMs: 500 });
    const media = new JanusRooms({ client, adminKey: JANUS_SECRET, recordDir: path.join(os.tmpdir(), 'ptt-log-rec'), log });
    t = await createTestApp(kind, { logger: loggerOptions('trace', stream), media });
    await t.listen();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every token, credential, password and key out of the log', async () => {
    // Logins: right, wrong (the password of another account) and a password change.
    const admin = await loginAs(t.app, 'superadmin');
    remember('superadmin', admin);
    expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member4', password: PASSWORD })).body.code).not.toBe(0);
    const member = await loginAs(t.app, 'member1');
    remember('member1', member);
    const pw = await api(t.app, 'POST', '/api/users/' + String(member.id) + '/password', admin.auth_token, { password: PASSWORD });
    expect(pw.body.code).toBe(0);
    const m1 = (await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member1', password: PASSWORD })).body.data!;
    remember('member1 again', m1);
    const captcha = await api<{ id: string }>(t.app, 'GET', '/api/auth/captcha', null);
    const change = await api(t.app, 'POST', '/api/auth/password', m1.auth_token, {
      oldPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      captchaId: captcha.body.data.id,
      captcha: 'TEST',
    });
    expect(change.body.code).toBe(0);

    // Every REST route with a valid request, once, as the super admin.
    const ids = await exampleIds(t, admin.auth_token);
    for (const route of allRoutes) {
      if (route.url === '/api/auth/logout' || route.url === '/api/auth/password') continue;
      const { url, body } = requestFor(route, ids);
      await t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${admin.auth_token}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    }
    // A token in the URL where it does not belong is redacted too (file routes refuse it).
    const file = await uploadFile<{ id: string; url: string }>(t.app, '/api/files', admin.auth_token, PNG_1PX, 'log.png');
    await t.app.inject({ method: 'GET', url: `/api/files/${file.body.data.id}?at=${admin.auth_token}&token=${admin.auth_token}` });
    // A signed file link.
    const expiry = fileLinkExpiry(Date.now());
    const signature = fileLinkSignature(admin.file_key!, file.body.data.id, expiry);
    secrets.signature = signature;
    const link = await t.app.inject({ method: 'GET', url: `/api/files/${file.body.data.id}?l=${admin.file_link}&x=${expiry}&s=${signature}` });
    expect(link.statusCode).toBe(200);

    // /ws2 with the token in ?at=, a made-up one, and the display credential.
    const ws = await WsProbe.open(t.baseUrl, admin.auth_token);
    await ws.ping();
    ws.socket.close();
    await socketClosed(`${t.baseUrl.replace(/^http/, 'ws')}/ws2?at=made-up-token-for-the-log`);

    const start = await t.app.inject({ method: 'POST', url: '/api/screen/pairings', remoteAddress: '10.3.0.1' });
    const pairing = start.json<{ data: { code: string; secret: string } }>().data;
    secrets.pairingSecret = pairing.secret;
    expect((await api(t.app, 'POST', '/api/screen/displays', admin.auth_token, { name: 'Log wall', code: pairing.code })).body.code).toBe(0);
    const claimed = pairingClaimSchema.parse((await api(t.app, 'POST', '/api/screen/pairings/claim', null, { secret: pairing.secret })).body.data);
    if (claimed.status !== 'paired') throw new Error(`claim: ${claimed.status}`);
    secrets.displayCredential = claimed.session.auth_token;
    for (const route of allRoutes.filter((r) => r.auth === 'screen')) {
      await t.app.inject({ method: route.method, url: requestFor(route, ids).url, headers: { authorization: `Bearer ${claimed.session.auth_token}` } });
    }
    const display = await WsProbe.open(t.baseUrl, claimed.session.auth_token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    display.socket.close();

    // The Janus proxy: the token in the body, in ?token= and in the header; Janus is unreachable.
    await t.app.inject({ method: 'POST', url: '/janus', payload: { janus: 'create', transaction: 'a', token: admin.auth_token } });
    await t.app.inject({ method: 'GET', url: `/janus/1?maxev=1&token=${admin.auth_token}` });
    await t.app.inject({ method: 'POST', url: '/janus', headers: { authorization: `Bearer ${member.auth_token}` }, payload: { janus: 'create', transaction: 'b' } });

    // Logouts, then the dead tokens once more.
    await api(t.app, 'POST', '/api/auth/logout', admin.auth_token);
    await api(t.app, 'GET', '/api/auth/me', admin.auth_token);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The log really holds the traffic: requests at trace, the redacted URLs, the Janus warning.
    expect(logged.split('\n').filter((l) => l.includes('"incoming request"')).length).toBeGreaterThan(allRoutes.length);
    expect(logged).toContain('/ws2?at=***');
    expect(logged).toContain('s=***');
    expect(logged).toContain('token=***');
    // Uploads: @fastify/multipart logs the request's headers at trace, the token censored.
    expect(logged).toContain('"authorization":"***"');
    expect(leaks(logged, secrets)).toEqual([]);
  });
});

describe('no secret in a real server process log at info', () => {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-log-process-'));
  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints requests with redacted URLs and none of the secrets', async () => {
    server = await startServerProcess({ LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: '', MAP_TILES: 'offline' });
    const { baseUrl } = server;
    const call = async <T>(method: string, url: string, token: string | null, body?: unknown) => {
      const res = await fetch(baseUrl + url, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as { code: number; data: T };
    };
    const wrong = await call('POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'member2', password: PASSWORD });
    expect(wrong.code).not.toBe(0);
    const s = (await call<Session>('POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'dispatcher1', password: DEMO_PASSWORD })).data;
    expect((await call('GET', '/api/auth/me', s.auth_token)).code).toBe(0);
    expect((await call('GET', '/api/users?page=1&size=5', s.auth_token)).code).toBe(0);
    const form = new FormData();
    form.append('file', new Blob([PNG_1PX], { type: 'image/png' }), 'p.png');
    const up = (await (await fetch(`${baseUrl}/api/files`, { method: 'POST', headers: { authorization: `Bearer ${s.auth_token}` }, body: form })).json()) as { data: { id: string } };
    const expiry = fileLinkExpiry(Date.now());
    const signature = fileLinkSignature(s.file_key!, up.data.id, expiry);
    expect((await fetch(`${baseUrl}/api/files/${up.data.id}?l=${s.file_link}&x=${expiry}&s=${signature}`)).status).toBe(200);
    const ws = await WsProbe.open(baseUrl, s.auth_token);
    await ws.ping();
    ws.socket.close();
    await call('POST', '/api/auth/logout', s.auth_token);
    await call('GET', '/api/auth/me', s.auth_token);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const log = server.log();
    expect(log).toContain('incoming request');
    expect(log).toContain('/ws2?at=***');
    expect(log).toContain('s=***');
    // (The demo password is printed on purpose: the first start's banner tells it, README too.)
    expect(leaks(log, { token: s.auth_token, fileKey: s.file_key!, signature, password: PASSWORD })).toEqual([]);
  });
});
