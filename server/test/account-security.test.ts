import {
  OperationType,
  ServerCode,
  WS_CLOSE,
  captchaSchema,
  enterpriseSchema,
  loginRecordSchema,
  operationRecordSchema,
  pageSchema,
  type Captcha,
  type Enterprise,
  type LoginRecord,
  type OperationRecord,
  type Page,
} from '@ptt/contracts';
import { isAbnormalPosition } from '../src/auth/login-record.repository';
import { loadConfig } from '../src/config';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';
import { api, createTestApp, loginAs, postLogin, TEST_CAPTCHA, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

describe('isAbnormalPosition', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it('flags null island and impossible travel, not a plausible trip', () => {
    expect(isAbnormalPosition({ lng: 0, lat: 0 }, null, now)).toBe(true);
    expect(isAbnormalPosition({ lng: 116.4, lat: 39.9 }, null, now)).toBe(false);
    // Beijing -> Shanghai (~1070 km) in one hour: no; in three hours: yes.
    expect(isAbnormalPosition({ lng: 121.47, lat: 31.23 }, { lng: 116.4, lat: 39.9, at: hoursAgo(1) }, now)).toBe(true);
    expect(isAbnormalPosition({ lng: 121.47, lat: 31.23 }, { lng: 116.4, lat: 39.9, at: hoursAgo(3) }, now)).toBe(false);
  });
});

describe.each(DB_KINDS)('account security on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let superTok: string;
  let adminTok: string;
  let memberTok: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
    superTok = (await loginAs(t.app, 'superadmin')).auth_token;
    adminTok = (await loginAs(t.app, 'admin')).auth_token;
    memberTok = (await loginAs(t.app, 'member5')).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const captcha = async (): Promise<Captcha> => captchaSchema.parse((await api<Captcha>(t.app, 'GET', '/api/auth/captcha', null)).body.data);

  describe('captcha after repeated failures', () => {
    it('asks for a captcha (2005) after three wrong passwords, refuses a wrong one (2018), accepts the right one', async () => {
      const wrong = { entId: DEMO_ENT_ID, account: 'member6', password: 'wrong' };
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await postLogin(t.app, wrong)).body);
      expect(answers.map((a) => a.code)).toEqual([2006, 2006, 2006]);
      expect(answers[2]!.data).toEqual({ captchaRequired: true });

      const right = { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD };
      const needed = await postLogin(t.app, right);
      expect([needed.status, needed.body.code]).toEqual([400, ServerCode.ImageCodeNeeded]);

      const c1 = await captcha();
      expect(c1.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const bad = await postLogin(t.app, { ...right, captchaId: c1.id, captcha: 'NOPE' });
      expect(bad.body.code).toBe(ServerCode.ImageCodeWrong);
      // Spent: the same captcha cannot be tried again, even with the right answer.
      const reused = await postLogin(t.app, { ...right, captchaId: c1.id, captcha: TEST_CAPTCHA });
      expect(reused.body.code).toBe(ServerCode.ImageCodeWrong);

      const c2 = await captcha();
      const ok = await postLogin(t.app, { ...right, captchaId: c2.id, captcha: TEST_CAPTCHA.toLowerCase() });
      expect(ok.body.code).toBe(0);
      // Success clears the account's failures: no captcha next time.
      expect((await postLogin(t.app, right)).body.code).toBe(0);
    });
  });

  describe('throttle per resolved account', () => {
    it('counts failures of one account however it is named: with or without the organisation id, no fresh guesses', async () => {
      await t.db.query('delete from login_failures');
      const needsCaptcha = async (body: object) => {
        const r = await postLogin(t.app, body);
        expect([r.status, r.body.code, r.body.data]).toEqual([400, ServerCode.ImageCodeNeeded, expect.objectContaining({ captchaRequired: true })]);
      };
      // Three wrong guesses with the organisation id, then the same account without it.
      const withEnt = { entId: DEMO_ENT_ID, account: 'member1', password: 'wrong' };
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await postLogin(t.app, withEnt)).body.code);
      expect(codes).toEqual([ServerCode.WrongCredentials, ServerCode.WrongCredentials, ServerCode.WrongCredentials]);
      const withoutEnt = { account: 'member1', password: 'wrong' };
      await needsCaptcha(withoutEnt);
      await needsCaptcha({ ...withoutEnt, password: DEMO_PASSWORD });
      // And the other way round.
      for (let i = 0; i < 3; i++) expect((await postLogin(t.app, { account: 'member2', password: 'wrong' })).body.code).toBe(ServerCode.WrongCredentials);
      await needsCaptcha({ entId: DEMO_ENT_ID, account: 'member2', password: DEMO_PASSWORD });

      // The captcha flow is unchanged: with the right captcha the account logs in, either way.
      const c = await captcha();
      expect((await postLogin(t.app, { ...withoutEnt, password: DEMO_PASSWORD, captchaId: c.id, captcha: TEST_CAPTCHA })).body.code).toBe(0);
      // Success cleared the account, also for the form with the id.
      expect((await postLogin(t.app, { ...withEnt, password: DEMO_PASSWORD })).body.code).toBe(0);
      // Only the accounts were throttled: the address (10 failures) was not, so others log in freely.
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD })).body.code).toBe(0);
      await t.db.query('delete from login_failures');
    });

    it('still asks every account for a captcha after 10 failures from one address', async () => {
      await t.db.query('delete from login_failures');
      for (let i = 0; i < 10; i++) await postLogin(t.app, { entId: DEMO_ENT_ID, account: `nobody${i}`, password: 'wrong' });
      const r = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD });
      expect(r.body.code).toBe(ServerCode.ImageCodeNeeded);
      await t.db.query('delete from login_failures');
    });
  });

  describe('brute force: a captcha, never a wall', () => {
    const ROUNDS = 40;
    const loginWithCaptcha = async (body: object, headers: Record<string, string> = {}) => {
      const c = await captcha();
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { ...body, captchaId: c.id, captcha: TEST_CAPTCHA } });
      return res.json<{ code: number }>().code;
    };

    it(`lets the real user in with the captcha after ${ROUNDS} failures on their account`, async () => {
      await t.db.query('delete from login_failures');
      const wrong = { entId: DEMO_ENT_ID, account: 'member6', password: 'guess' };
      const codes = new Set<number>();
      for (let i = 0; i < ROUNDS; i++) codes.add((await postLogin(t.app, wrong)).body.code);
      // Wrong guesses go on being wrong guesses (2006) or captcha requests (2005), never a lock.
      expect([...codes].every((c) => c === ServerCode.WrongCredentials || c === ServerCode.ImageCodeNeeded)).toBe(true);
      const right = { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD };
      expect((await postLogin(t.app, right)).body.code).toBe(ServerCode.ImageCodeNeeded);
      expect(await loginWithCaptcha(right)).toBe(0);
      await t.db.query('delete from login_failures');
    });

    it(`lets every real user in with the captcha after ${ROUNDS} failures from their address`, async () => {
      await t.db.query('delete from login_failures');
      for (let i = 0; i < ROUNDS; i++) await postLogin(t.app, { entId: DEMO_ENT_ID, account: `sprayed${i % 7}`, password: 'guess' });
      for (const account of ['member6', 'member1']) {
        const right = { entId: DEMO_ENT_ID, account, password: DEMO_PASSWORD };
        expect((await postLogin(t.app, right)).body.code).toBe(ServerCode.ImageCodeNeeded);
        expect(await loginWithCaptcha(right)).toBe(0);
      }
      // The address stays counted (a success clears only its account): the next guess still needs one.
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member2', password: 'guess' })).body.code).toBe(ServerCode.ImageCodeNeeded);
      await t.db.query('delete from login_failures');
    });

    it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick a fresh address per guess', async () => {
      await t.db.query('delete from login_failures');
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { entId: DEMO_ENT_ID, account: `spoof${i}`, password: 'guess' },
        });
      }
      const fresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': '198.51.100.200' },
        payload: { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD },
      });
      expect(fresh.json<{ code: number }>().code).toBe(ServerCode.ImageCodeNeeded);
      const keys = await t.db.query<{ key: string }>(`select key from login_failures where key like 'ip:%'`);
      expect(keys.rows).toEqual([{ key: 'ip:127.0.0.1' }]);
      await t.db.query('delete from login_failures');
    });
  });

  describe('change password', () => {
    it('needs the old password, a matching confirmation and a captcha; other sessions end', async () => {
      const first = await loginAs(t.app, 'member4');
      const secondDevice = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member4', password: DEMO_PASSWORD, platform: 'android' });
      const other = secondDevice.body.data!.auth_token;
      const body = { oldPassword: DEMO_PASSWORD, newPassword: 'newpass1', confirmPassword: 'newpass1' };

      const mismatch = await api(t.app, 'POST', '/api/auth/password', first.auth_token, { ...body, confirmPassword: 'x', captchaId: 'a', captcha: 'b' });
      expect(mismatch.body.data).toMatchObject({ issues: [{ path: 'confirmPassword', message: 'validation.passwordMismatch' }] });
      const noCaptcha = await api(t.app, 'POST', '/api/auth/password', first.auth_token, body);
      expect(noCaptcha.body.code).toBe(ServerCode.ParameterError);
      const wrongCaptcha = await api(t.app, 'POST', '/api/auth/password', first.auth_token, { ...body, captchaId: (await captcha()).id, captcha: 'NOPE' });
      expect(wrongCaptcha.body.code).toBe(ServerCode.ImageCodeWrong);
      const wrongOld = await api(t.app, 'POST', '/api/auth/password', first.auth_token, {
        ...body,
        oldPassword: 'bad-old',
        captchaId: (await captcha()).id,
        captcha: TEST_CAPTCHA,
      });
      expect(wrongOld.body).toMatchObject({ code: ServerCode.WrongCredentials, data: { reason: 'rule.oldPasswordWrong' } });

      const ok = await api(t.app, 'POST', '/api/auth/password', first.auth_token, { ...body, captchaId: (await captcha()).id, captcha: TEST_CAPTCHA });
      expect(ok.body.code).toBe(0);
      expect((await api(t.app, 'GET', '/api/auth/me', first.auth_token)).body.code).toBe(0);
      // The other session hears why on REST, as its socket would.
      expect((await api(t.app, 'GET', '/api/auth/me', other)).body).toMatchObject({ code: ServerCode.AuthorizationFailed, data: { reason: 'accountChanged' } });
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member4', password: 'newpass1' })).body.code).toBe(0);
      const ops = await t.db.query('select 1 from operation_logs where type = $1 and account = $2', [OperationType.UserPasswordChange, 'member4']);
      expect(ops.rows).toHaveLength(1);
    });
  });

  describe('a login elsewhere', () => {
    it('ends the older web session with 10001 on its socket; a handset login does not', async () => {
      const older = await loginAs(t.app, 'member3');
      const socket = await WsProbe.open(baseUrl, older.auth_token);
      await socket.ping();
      const handset = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member3', password: DEMO_PASSWORD, platform: 'ios' });
      expect(handset.body.code).toBe(0);
      expect((await api(t.app, 'GET', '/api/auth/me', older.auth_token)).body.code).toBe(0);

      await loginAs(t.app, 'member3');
      expect(await socket.waitForClose()).toBe(WS_CLOSE.LoggedInElsewhere);
      expect(socket.frames.at(-1)).toMatchObject({ code: ServerCode.LoggedInElsewhere, topic: 'sys/auth', t: 'LoggedInElsewhere' });
      // REST and a reconnecting socket answer the older token the same: 10001, logged in elsewhere.
      expect((await api(t.app, 'GET', '/api/auth/me', older.auth_token)).body).toMatchObject({ code: ServerCode.LoggedInElsewhere, data: { reason: 'loginElsewhere' } });
      const again = await WsProbe.open(baseUrl, older.auth_token);
      expect(await again.waitForClose()).toBe(WS_CLOSE.LoggedInElsewhere);
      expect(again.frames.at(-1)).toMatchObject({ code: ServerCode.LoggedInElsewhere, data: { reason: 'loginElsewhere' } });
      expect((await api(t.app, 'GET', '/api/auth/me', handset.body.data!.auth_token)).body.code).toBe(0);
    });
  });

  describe('login records', () => {
    it('keeps platform, device, ip and GPS with the abnormal flag', async () => {
      const base = { entId: DEMO_ENT_ID, account: 'member2', password: DEMO_PASSWORD, platform: 'android' as const };
      await postLogin(t.app, { ...base, lng: 116.4, lat: 39.9 });
      await postLogin(t.app, { ...base, lng: -74.0, lat: 40.7 });
      const mine = (await loginAs(t.app, 'member2')).auth_token;
      const own = await api<Page<LoginRecord>>(t.app, 'GET', '/api/me/login-records?sort=time&order=desc', mine);
      const page = pageSchema(loginRecordSchema).parse(own.body.data);
      expect(page.items.slice(0, 3).map((r) => [r.platform, r.lng, r.abnormal])).toEqual([
        ['web', null, false],
        ['android', -74, true],
        ['android', 116.4, false],
      ]);
      const abnormal = await api<Page<LoginRecord>>(t.app, 'GET', '/api/records/logins?abnormal=true', adminTok);
      expect(abnormal.body.data.items.map((r) => r.account)).toContain('member2');
      expect((await api(t.app, 'GET', '/api/records/logins', memberTok)).body.code).toBe(ServerCode.InsufficientPermissions);
    });
  });

  describe('enterprise', () => {
    it('shows validity, quotas and usage; only a super admin changes them', async () => {
      const r = await api<Enterprise>(t.app, 'GET', '/api/enterprise', memberTok);
      const ent = enterpriseSchema.parse(r.body.data);
      expect(ent).toMatchObject({ id: DEMO_ENT_ID, name: 'Demo Organisation', maxMembers: 1000 });
      expect(ent.members).toBeGreaterThanOrEqual(10);
      expect(ent.enterpriseChannelId).not.toBeNull();
      expect((await api(t.app, 'PATCH', '/api/enterprise', adminTok, { maxChannels: 5 })).body.code).toBe(ServerCode.InsufficientPermissions);
      const bad = await api(t.app, 'PATCH', '/api/enterprise', superTok, { maxChannels: -1 });
      expect(bad.body.data).toMatchObject({ issues: [{ message: 'validation.quotaInvalid' }] });
      const ok = await api<Enterprise>(t.app, 'PATCH', '/api/enterprise', superTok, { maxChannels: 300 });
      expect(ok.body.data.maxChannels).toBe(300);
      const ops = await api<Page<OperationRecord>>(t.app, 'GET', `/api/records/operations?type=${OperationType.EnterpriseUpdate}`, adminTok);
      const page = pageSchema(operationRecordSchema).parse(ops.body.data);
      expect(page.items[0]).toMatchObject({ account: 'superadmin', type: OperationType.EnterpriseUpdate });
    });

    it('refuses logins of an expired enterprise with 1002 and ends its sessions', async () => {
      const live = (await loginAs(t.app, 'dispatcher2')).auth_token;
      await t.db.query(`update enterprises set valid_until = now() - interval '1 day' where id = $1`, [DEMO_ENT_ID]);
      try {
        const r = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'dispatcher2', password: DEMO_PASSWORD });
        expect([r.status, r.body.code]).toEqual([403, ServerCode.OrgExpired]);
        expect((await api(t.app, 'GET', '/api/auth/me', live)).body.code).toBe(ServerCode.AuthorizationFailed);
      } finally {
        await t.db.query(`update enterprises set valid_until = now() + interval '10 years' where id = $1`, [DEMO_ENT_ID]);
      }
    });
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, true or proxy addresses, and refuses anything else', () => {
    const read = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(loadConfig({}).trustProxy).toBe(false);
    expect([read('false'), read('true'), read('10.0.0.7, 10.1.0.0/16,fd00::/8')]).toEqual([false, true, ['10.0.0.7', '10.1.0.0/16', 'fd00::/8']]);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '2', '-1', '10.0.0.1/8/1']) {
      expect(() => read(bad)).toThrow(/TRUST_PROXY/);
    }
  });

  describe('behind a proxy (TRUST_PROXY=127.0.0.1) on pglite', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(async () => {
      await t?.close();
    });
    const login = (forwardedFor: string | null, account: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'user-agent': 'proxied' } : { 'user-agent': 'proxied' },
        payload: { entId: DEMO_ENT_ID, account, password },
      });

    it("counts failures per client address from the proxy's X-Forwarded-For, so one client's guesses ask nobody else for a captcha", async () => {
      // A client behind the proxy sprays guesses: its address needs a captcha...
      for (let i = 0; i < 10; i++) await login('203.0.113.5', `nobody${i}`, 'guess');
      expect((await login('203.0.113.5', 'member6', DEMO_PASSWORD)).json<{ code: number }>().code).toBe(ServerCode.ImageCodeNeeded);
      // ...another client of the same proxy does not, and the login record keeps the client's address.
      const other = await login('198.51.100.7', 'member6', DEMO_PASSWORD);
      expect(other.json<{ code: number }>().code).toBe(0);
      const rec = await t.db.query<{ ip: string }>(
        `select ip from login_records where device = 'proxied' and user_id = (select id from users where ent_id = $1 and account = 'member6')`,
        [DEMO_ENT_ID],
      );
      expect(rec.rows).toEqual([{ ip: '198.51.100.7' }]);
      // Only the last hop the proxy saw counts: a client's own X-Forwarded-For in front of it is not believed.
      for (let i = 0; i < 10; i++) await login(`192.0.2.${i + 1}, 203.0.113.9`, `nobody${i}`, 'guess');
      expect((await login('203.0.113.9', 'member1', DEMO_PASSWORD)).json<{ code: number }>().code).toBe(ServerCode.ImageCodeNeeded);
    });
  });
});
