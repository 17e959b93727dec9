import { PassThrough } from 'node:stream';
import { FILE_LINK_MAX_LIFE_S, ServerCode, WS_CLOSE, fileLinkExpiry, type FileMeta, type Session } from '@ptt/contracts';
import { expiryAcceptable, fileLinkSignature, signatureMatches } from '../src/files/file-links';
import { loggerOptions, redactUrl } from '../src/http/log-options';
import { SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Signed file URLs (issue 15, item 10; ADR 012): the session token never rides in a file URL.

// The same vector as the console's signer (shared/event-bus/src/file-url.test.ts), computed apart
// (Python's hmac), so server and client agree on key bytes, message and encoding.
const VECTOR = {
  key: 'test-file-key_0123456789abcdefghijklmnopqrstu',
  fileId: 'AbCdEfGhIjKlMnOpQrStUvWx',
  expiry: 1767232800,
  signature: 'VD0CCKTaEmebND1nGg2E9puvNtpxNFBrj49KAeUwF2U',
};

describe('file link signatures', () => {
  it('match the known vector, in constant time, for that file and expiry only', () => {
    expect(fileLinkSignature(VECTOR.key, VECTOR.fileId, VECTOR.expiry)).toBe(VECTOR.signature);
    expect(signatureMatches(VECTOR.key, VECTOR.fileId, VECTOR.expiry, VECTOR.signature)).toBe(true);
    expect(signatureMatches(VECTOR.key, VECTOR.fileId, VECTOR.expiry + 3600, VECTOR.signature)).toBe(false);
    expect(signatureMatches(VECTOR.key, `${VECTOR.fileId}x`, VECTOR.expiry, VECTOR.signature)).toBe(false);
    expect(signatureMatches(`${VECTOR.key}x`, VECTOR.fileId, VECTOR.expiry, VECTOR.signature)).toBe(false);
    expect(signatureMatches(VECTOR.key, VECTOR.fileId, VECTOR.expiry, VECTOR.signature.slice(1))).toBe(false);
  });

  it('expire at the hour boundary after next; nothing later than two hours and the clock tolerance is taken', () => {
    const now = Date.UTC(2026, 0, 1, 0, 30);
    expect(fileLinkExpiry(now)).toBe(VECTOR.expiry);
    expect(fileLinkExpiry(Date.UTC(2026, 0, 1, 0, 0))).toBe(VECTOR.expiry);
    expect(fileLinkExpiry(Date.UTC(2026, 0, 1, 0, 59, 59, 999))).toBe(VECTOR.expiry);
    expect(expiryAcceptable(fileLinkExpiry(now), now)).toBe(true);
    expect(expiryAcceptable(now / 1000, now)).toBe(false);
    expect(expiryAcceptable(now / 1000 - 1, now)).toBe(false);
    expect(expiryAcceptable(now / 1000 + FILE_LINK_MAX_LIFE_S + 5 * 60, now)).toBe(true);
    expect(expiryAcceptable(now / 1000 + FILE_LINK_MAX_LIFE_S + 5 * 60 + 1, now)).toBe(false);
    expect(expiryAcceptable(Number.NaN, now)).toBe(false);
  });

  it('never reach the log, nor do session tokens', () => {
    expect(redactUrl('/api/files/abc?l=link&x=123&s=SIG')).toBe('/api/files/abc?l=link&x=123&s=***');
    expect(redactUrl('/ws2?at=TOKEN')).toBe('/ws2?at=***');
    expect(redactUrl('/janus/1?maxev=1&token=TOKEN&x=1')).toBe('/janus/1?maxev=1&token=***&x=1');
    expect(redactUrl('/api/files/abc?AT=TOKEN#s=1')).toBe('/api/files/abc?AT=***#s=1');
    expect(redactUrl('/api/users?sort=s&size=10')).toBe('/api/users?sort=s&size=10');
  });
});

describe.each(DB_KINDS)('signed file URLs on %s', (kind) => {
  let t: TestApp;
  let member: Session;
  let guard: Session;
  let image: FileMeta;
  let other: FileMeta;
  const log = new PassThrough();
  let logged = '';
  log.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));

  function signed(s: Pick<Session, 'file_link' | 'file_key'>, fileId: string, expiry = fileLinkExpiry(Date.now()), signAs = fileId): string {
    return `/api/files/${fileId}?l=${s.file_link}&x=${expiry}&s=${fileLinkSignature(s.file_key!, signAs, expiry)}`;
  }

  async function get(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    const body = res.headers['content-type']?.toString().startsWith('application/json') ? res.json<{ code: number; data: unknown }>() : null;
    return { status: res.statusCode, code: body?.code ?? null, data: body?.data ?? null, raw: res.rawPayload };
  }

  async function upload(token: string, name: string): Promise<FileMeta> {
    return (await uploadFile<FileMeta>(t.app, '/api/files', token, PNG_1PX, name)).body.data;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: loggerOptions('info', log) });
    member = await loginAs(t.app, 'member1');
    guard = await loginAs(t.app, 'guard1', SECOND_ENT_ID);
    image = await upload(member.auth_token, 'a.png');
    other = await upload(member.auth_token, 'b.png');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each login a public link id and a secret file key, neither of them the token', async () => {
    expect(member.file_link).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(member.file_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([member.auth_token, member.file_link, member.file_key, guard.file_link, guard.file_key]).size).toBe(5);
    const me = await api<Session>(t.app, 'GET', '/api/auth/me', member.auth_token);
    expect(me.body.data).toMatchObject({ file_link: member.file_link, file_key: member.file_key });
  });

  it('serves a file to a URL signed with the session file key, with no token in it', async () => {
    const url = signed(member, image.id);
    expect(url).not.toContain(member.auth_token);
    const r = await get(url);
    expect(r.status).toBe(200);
    expect(r.raw.equals(PNG_1PX)).toBe(true);
    // The Bearer header still works for API clients.
    expect((await get(image.url, { authorization: `Bearer ${member.auth_token}` })).status).toBe(200);
  });

  it('refuses a wrong signature, another file\'s, a partial set and one made with another key (401/10000)', async () => {
    const expiry = fileLinkExpiry(Date.now());
    const good = fileLinkSignature(member.file_key!, image.id, expiry);
    const wrong = `${good.slice(0, 42)}${good.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      `/api/files/${image.id}?l=${member.file_link}&x=${expiry}&s=${wrong}`,
      signed(member, other.id, expiry, image.id),
      signed(member, image.id, expiry + 1, image.id).replace(`x=${expiry + 1}`, `x=${expiry}`),
      `/api/files/${image.id}?l=${member.file_link}&x=${expiry}`,
      `/api/files/${image.id}?x=${expiry}&s=${good}`,
      `/api/files/${image.id}?l=${member.file_link}&s=${good}`,
      `/api/files/${image.id}?l=${guard.file_link}&x=${expiry}&s=${good}`,
      `/api/files/${image.id}?l=${member.file_link}&x=${expiry}&s=${fileLinkSignature(guard.file_key!, image.id, expiry)}`,
    ];
    for (const url of refused) {
      expect([url, (await get(url)).status, (await get(url)).code]).toEqual([url, 401, ServerCode.AuthorizationFailed]);
    }
  });

  it('refuses an expired signature and one further ahead than a client signs', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const expired = await get(signed(member, image.id, nowS - 1));
    expect([expired.status, expired.code, expired.data]).toEqual([401, ServerCode.AuthorizationFailed, { reason: 'fileLinkExpired' }]);
    const dayAhead = await get(signed(member, image.id, nowS + 24 * 3600));
    expect([dayAhead.status, dayAhead.code]).toEqual([401, ServerCode.AuthorizationFailed]);
  });

  it('no longer takes the session token as ?at= (401, as without a token)', async () => {
    const r = await get(`${image.url}?at=${encodeURIComponent(member.auth_token)}`);
    expect([r.status, r.code]).toEqual([401, ServerCode.AuthorizationFailed]);
    const none = await get(image.url);
    expect([none.status, none.code]).toEqual([401, ServerCode.AuthorizationFailed]);
  });

  it("serves another enterprise's file to nobody: a valid signature gets 404, as the Bearer header does", async () => {
    const r = await get(signed(guard, image.id));
    expect([r.status, r.code]).toEqual([404, ServerCode.NotFound]);
  });

  it('never opens a session: the link id, the key and a signature are refused as tokens everywhere', async () => {
    const signature = fileLinkSignature(member.file_key!, image.id, fileLinkExpiry(Date.now()));
    for (const secret of [member.file_link!, member.file_key!, signature]) {
      for (const url of ['/api/auth/me', `/api/files/${image.id}/meta`, image.url, `${image.url}?l=${member.file_link}`]) {
        const r = await get(url, { authorization: `Bearer ${secret}` });
        expect([url, r.status, r.code]).toEqual([url, 401, ServerCode.AuthorizationFailed]);
      }
    }
    await t.listen();
    for (const secret of [member.file_link!, member.file_key!]) {
      const ws = await WsProbe.open(t.baseUrl, secret);
      expect(await ws.waitForClose()).toBe(WS_CLOSE.AuthFailed);
    }
  });

  it('ends the links of a session at once when it logs out, is replaced or its user is locked', async () => {
    const admin = await loginAs(t.app, 'admin');
    // Logout.
    const a = await loginAs(t.app, 'member2');
    const aUrl = signed(a, image.id);
    expect((await get(aUrl)).status).toBe(200);
    await api(t.app, 'POST', '/api/auth/logout', a.auth_token);
    expect((await get(aUrl)).status).toBe(401);
    // A newer login of the same account.
    const b = await loginAs(t.app, 'member3');
    const bUrl = signed(b, image.id);
    expect((await get(bUrl)).status).toBe(200);
    const b2 = await loginAs(t.app, 'member3');
    expect((await get(bUrl)).status).toBe(401);
    expect((await get(signed(b2, image.id))).status).toBe(200);
    // Locked by an admin.
    const c = await loginAs(t.app, 'member4');
    const cUrl = signed(c, image.id);
    expect((await get(cUrl)).status).toBe(200);
    const lock = await api(t.app, 'POST', `/api/users/${c.id}/lock`, admin.auth_token);
    expect(lock.body.code).toBe(0);
    try {
      expect((await get(cUrl)).status).toBe(401);
    } finally {
      await api(t.app, 'POST', `/api/users/${c.id}/unlock`, admin.auth_token);
    }
  });

  it('gives a session from before file links a link and key through GET /api/auth/me', async () => {
    const s = await loginAs(t.app, 'member5');
    await t.db.query('update sessions set file_link = null, file_key = null where file_link = $1', [s.file_link!]);
    expect((await get(signed(s, image.id))).status).toBe(401);
    const me = await api<Session>(t.app, 'GET', '/api/auth/me', s.auth_token);
    const fresh = me.body.data;
    expect(fresh.file_link).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh.file_link).not.toBe(s.file_link);
    expect((await get(signed(fresh, image.id))).status).toBe(200);
    // Asked again: the same pair, not a new one each time.
    expect((await api<Session>(t.app, 'GET', '/api/auth/me', s.auth_token)).body.data).toMatchObject({ file_link: fresh.file_link, file_key: fresh.file_key });
  });

  it('logs requests without the signature or any token', async () => {
    const url = signed(member, other.id);
    expect((await get(url)).status).toBe(200);
    await get(`${image.url}?at=${encodeURIComponent(member.auth_token)}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toContain(`/api/files/${other.id}?l=${member.file_link}`);
    expect(logged).toContain('s=***');
    expect(logged).not.toContain(new URL(url, 'http://x').searchParams.get('s')!);
    expect(logged).not.toContain(member.auth_token);
    expect(logged).not.toContain(member.file_key);
  });
});
