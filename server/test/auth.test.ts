import { ServerCode, sessionSchema } from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { createTestApp, loginAs, postLogin, type Envelope, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('login', () => {
    it('returns the session shape and stores only a hash of the token', async () => {
      const { status, body } = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'dispatcher1', password: DEMO_PASSWORD });
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      const session = sessionSchema.parse(body.data);
      expect(session).toMatchObject({ ent: { id: DEMO_ENT_ID, name: 'Demo Organisation' }, account: 'dispatcher1', role: 1 });

      const stored = await t.db.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [session.id]);
      expect(stored.rows.length).toBeGreaterThan(0);
      expect(stored.rows.map((r) => r.token_hash)).not.toContain(session.auth_token);
      expect(stored.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it('writes a login record with the ip and the user agent', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': 'jest-agent/1.0' },
        payload: { entId: DEMO_ENT_ID, account: 'member2', password: DEMO_PASSWORD },
      });
      const session = res.json<Envelope<{ id: number }>>().data;
      const records = await t.db.query<{ device: string; ip: string; ent_id: number }>(
        'select device, ip, ent_id from login_records where user_id = $1',
        [session.id],
      );
      expect(records.rows).toEqual([{ device: 'jest-agent/1.0', ip: '127.0.0.1', ent_id: DEMO_ENT_ID }]);
    });

    it('refuses a wrong password with 2006 (HTTP 401)', async () => {
      const { status, body } = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'dispatcher1', password: 'nope' });
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: ServerCode.WrongCredentials, data: { captchaRequired: false } });
    });

    it('answers an unknown account exactly like a wrong password', async () => {
      const { status, body } = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'nobody', password: DEMO_PASSWORD });
      expect(status).toBe(401);
      expect(body.code).toBe(ServerCode.WrongCredentials);
    });

    it('refuses an unknown organisation id with 1001', async () => {
      const { body } = await postLogin(t.app, { entId: 999_999, account: 'dispatcher1', password: DEMO_PASSWORD });
      expect(body.code).toBe(ServerCode.OrgInfoMissing);
    });

    it('asks for the organisation id (1001) when the account exists in several organisations', async () => {
      const { body } = await postLogin(t.app, { account: 'dispatcher1', password: DEMO_PASSWORD });
      expect(body.code).toBe(ServerCode.OrgInfoMissing);
    });

    it('logs in without an organisation id when the account is unambiguous', async () => {
      const { body } = await postLogin(t.app, { account: 'guard1', password: DEMO_PASSWORD });
      expect(body.code).toBe(0);
      expect(body.data?.ent).toEqual({ id: SECOND_ENT_ID, name: 'Second Organisation' });
    });

    it('refuses a locked user with 2027', async () => {
      await t.db.query(`update users set locked = true where ent_id = $1 and account = 'member6'`, [DEMO_ENT_ID]);
      try {
        const { body } = await postLogin(t.app, { entId: DEMO_ENT_ID, account: 'member6', password: DEMO_PASSWORD });
        expect(body.code).toBe(ServerCode.UserLocked);
      } finally {
        await t.db.query(`update users set locked = false where ent_id = $1 and account = 'member6'`, [DEMO_ENT_ID]);
      }
    });

    it('refuses a user of an expired organisation with 1002', async () => {
      await t.db.query(`update enterprises set valid_until = now() - interval '1 day' where id = $1`, [SECOND_ENT_ID]);
      try {
        const { body } = await postLogin(t.app, { entId: SECOND_ENT_ID, account: 'guard1', password: DEMO_PASSWORD });
        expect(body.code).toBe(ServerCode.OrgExpired);
      } finally {
        await t.db.query(`update enterprises set valid_until = now() + interval '1 year' where id = $1`, [SECOND_ENT_ID]);
      }
    });
  });

  describe('me and logout', () => {
    it('/api/auth/me without a token answers 401 with code 10000', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: ServerCode.AuthorizationFailed });
    });

    it('/api/auth/me with a made-up token answers 10000', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer made-up' } });
      expect(res.json()).toMatchObject({ code: ServerCode.AuthorizationFailed });
    });

    it('/api/auth/me with a token returns that session', async () => {
      const session = await loginAs(t.app, 'admin');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.auth_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<Envelope>().data).toEqual(session);
    });

    it('logout revokes the token', async () => {
      const session = await loginAs(t.app, 'member3');
      const headers = { authorization: `Bearer ${session.auth_token}` };
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(out.json()).toMatchObject({ code: 0 });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(me.statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(again.json()).toMatchObject({ code: ServerCode.AuthorizationFailed });
    });
  });

  describe('health', () => {
    it('reports ok and which database it uses', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: 'success', data: { status: 'ok', db: kind } });
    });
  });
});
