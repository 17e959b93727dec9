import { ServerCode } from '@ptt/contracts';
import { CAPTCHAS_PER_ADDRESS } from '../src/auth/captcha';
import { UPLOADS_PER_USER } from '../src/http/upload-limit';
import { createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Floods of the routes that write: each captcha is a row, so one address may ask for
// CAPTCHAS_PER_ADDRESS a minute; past that it hears 429/600 "Too many captchas were asked for"
// and nothing is stored, while other addresses are served as before. Uploads, all kinds together,
// UPLOADS_PER_USER a minute per user: past that 429/600 "Too many uploads", before the file is read.

describe.each(DB_KINDS)('floods on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from captchas')).rows[0]!.n;
  const captcha = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/auth/captcha', remoteAddress });

  it('limits captchas per address and stores none past the limit', async () => {
    const before = await rows();
    const flood = await Promise.all(Array.from({ length: CAPTCHAS_PER_ADDRESS * 3 }, () => captcha('203.0.113.7')));
    const served = flood.filter((r) => r.statusCode === 200);
    const refused = flood.filter((r) => r.statusCode !== 200);
    expect(served).toHaveLength(CAPTCHAS_PER_ADDRESS);
    expect(refused.map((r) => [r.statusCode, r.json<{ code: number }>().code])).toEqual(refused.map(() => [429, ServerCode.ServiceBusy]));
    expect(refused[0]!.json<{ msg: string; data: unknown }>()).toMatchObject({ msg: 'Too many captchas were asked for, try again in a minute', data: { reason: 'rule.captchaBusy' } });
    expect(await rows()).toBe(before + CAPTCHAS_PER_ADDRESS);
    // Someone else still gets a captcha.
    const other = await captcha('198.51.100.20');
    expect([other.statusCode, other.json<{ code: number }>().code]).toEqual([200, 0]);
  });

  it('limits uploads per user, whichever upload route, and stores none past the limit', async () => {
    const [flooder, other] = await Promise.all([loginAs(t.app, 'member2'), loginAs(t.app, 'member3')]);
    const files = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from files where uploader_id = $1', [flooder.id])).rows[0]!.n;
    const before = await files();
    const flood = [];
    for (let i = 0; i < UPLOADS_PER_USER + 5; i++) flood.push(await uploadFile(t.app, '/api/files', flooder.auth_token, PNG_1PX, `f${i}.png`, 'image/png'));
    expect(flood.slice(0, UPLOADS_PER_USER).map((r) => r.status)).toEqual(Array.from({ length: UPLOADS_PER_USER }, () => 200));
    expect(flood.slice(UPLOADS_PER_USER).map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 5 }, () => [429, ServerCode.ServiceBusy]));
    expect(flood[UPLOADS_PER_USER]!.body).toMatchObject({ msg: 'Too many uploads, try again in a minute', data: { reason: 'rule.uploadBusy' } });
    expect(await files()).toBe(before + UPLOADS_PER_USER);
    // Another upload route counts in the same window; another user is served.
    expect((await uploadFile(t.app, '/api/me/avatar', flooder.auth_token, PNG_1PX, 'a.png', 'image/png')).status).toBe(429);
    expect((await uploadFile(t.app, '/api/files', other.auth_token, PNG_1PX, 'o.png', 'image/png')).status).toBe(200);
  });
});
