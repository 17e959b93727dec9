import { ServerCode } from '@ptt/contracts';
import { CAPTCHAS_PER_ADDRESS } from '../src/auth/captcha';
import { createTestApp, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Floods of the public routes that write: each captcha is a row, so one address may ask for
// CAPTCHAS_PER_ADDRESS a minute; past that it hears 429/600 "Too many captchas were asked for"
// and nothing is stored, while other addresses are served as before.

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
});
