import {
  OperationType,
  ServerCode,
  pageSchema,
  userDetailSchema,
  userSummarySchema,
  type Page,
  type UserDetail,
  type UserSummary,
} from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { api, countOperations, createTestApp, lastOperationId, loginAs, PNG_1PX, postLogin, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

describe.each(DB_KINDS)('users on %s', (kind) => {
  let t: TestApp;
  let superTok: string;
  let adminTok: string;
  let dispTok: string;
  let memberTok: string;
  let otherEntTok: string;
  let seq = 0;

  const newAccount = () => `u${kind}${++seq}`;

  async function createUser(token: string, extra: Record<string, unknown> = {}) {
    return api<UserDetail>(t.app, 'POST', '/api/users', token, {
      account: newAccount(),
      nickname: 'New Person',
      password: 'secret1',
      ...extra,
    });
  }

  async function idOf(account: string, entId = DEMO_ENT_ID): Promise<number> {
    const r = await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [entId, account]);
    return r.rows[0]!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    superTok = (await loginAs(t.app, 'superadmin')).auth_token;
    adminTok = (await loginAs(t.app, 'admin')).auth_token;
    dispTok = (await loginAs(t.app, 'dispatcher1')).auth_token;
    memberTok = (await loginAs(t.app, 'member1')).auth_token;
    otherEntTok = (await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID)).auth_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('list', () => {
    it('pages, sorts and reports the total of the enterprise only', async () => {
      const first = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?page=1&size=3&sort=account&order=asc', dispTok);
      expect(first.status).toBe(200);
      const page = pageSchema(userSummarySchema).parse(first.body.data);
      expect(page.items).toHaveLength(3);
      expect(page.total).toBeGreaterThanOrEqual(10);
      const accounts = page.items.map((u) => u.account);
      expect(accounts).toEqual([...accounts].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      const second = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?page=2&size=3&sort=account&order=asc', dispTok);
      expect(second.body.data.items.map((u) => u.account)).not.toContain(accounts[0]);
      expect(page.items.some((u) => u.account === 'guard1')).toBe(false);
    });

    it('searches account and nickname and filters by role, tag and channel', async () => {
      const search = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?q=MEMBER', dispTok);
      expect(search.body.data.items.length).toBeGreaterThanOrEqual(6);
      expect(search.body.data.items.every((u) => /member/i.test(u.account + u.nickname))).toBe(true);
      const role = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?role=1', dispTok);
      expect(role.body.data.items.map((u) => u.account).sort()).toEqual(['dispatcher1', 'dispatcher2']);
      const m3 = await idOf('member3');
      await api(t.app, 'PUT', `/api/users/${m3}/tags`, adminTok, { tags: ['night'] });
      const tagged = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?tag=night', dispTok);
      expect(tagged.body.data.items.map((u) => u.id)).toEqual([m3]);
      expect(tagged.body.data.items[0]!.tags).toEqual(['night']);
      const ch = await t.db.query<{ id: number }>(`select id from channels where ent_id = $1 and name = 'Security'`, [DEMO_ENT_ID]);
      const inChannel = await api<Page<UserSummary>>(t.app, 'GET', `/api/users?channelId=${ch.rows[0]!.id}&role=0`, dispTok);
      expect(inChannel.body.data.items.map((u) => u.account).sort()).toEqual(['member1', 'member2', 'member3']);
    });

    it('treats % and _ in a search literally', async () => {
      const r = await api<Page<UserSummary>>(t.app, 'GET', '/api/users?q=%25', dispTok);
      expect(r.body.data.total).toBe(0);
    });

    it('refuses members (2001) and bad parameters (2004)', async () => {
      const member = await api(t.app, 'GET', '/api/users', memberTok);
      expect([member.status, member.body.code, member.body.msg]).toEqual([403, ServerCode.InsufficientPermissions, 'Insufficient permissions']);
      const bad = await api(t.app, 'GET', '/api/users?size=100000&sort=password_hash', dispTok);
      expect([bad.status, bad.body.code]).toEqual([400, ServerCode.ParameterError]);
    });
  });

  describe('create', () => {
    it('adds a user who joins the enterprise channel, writes UserAdd and can log in', async () => {
      const since = await lastOperationId(t.db);
      const account = newAccount();
      const r = await api<UserDetail>(t.app, 'POST', '/api/users', adminTok, {
        account,
        nickname: 'Night Guard',
        password: 'secret1',
        tags: ['night', 'gate'],
      });
      expect(r.status).toBe(200);
      const u = userDetailSchema.parse(r.body.data);
      expect(u).toMatchObject({ account, nickname: 'Night Guard', role: 0, locked: false, tags: ['gate', 'night'] });
      expect(u.channels.map((c) => c.name)).toEqual(['General']);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserAdd, since)).toBe(1);
      const login = await postLogin(t.app, { entId: DEMO_ENT_ID, account, password: 'secret1' });
      expect(login.body.code).toBe(0);
    });

    it('refuses a taken account (2000) whatever its case', async () => {
      const r = await createUser(adminTok, { account: 'MEMBER1' });
      expect([r.status, r.body.code, r.body.data]).toEqual([409, ServerCode.AlreadyExists, { reason: 'rule.accountExists' }]);
    });

    it('answers the nickname messages of section 5', async () => {
      const empty = await createUser(adminTok, { nickname: '  ' });
      expect(empty.body.data).toMatchObject({ issues: [{ path: 'nickname', message: 'validation.nicknameRequired' }] });
      const long = await createUser(adminTok, { nickname: 'x'.repeat(33) });
      expect(long.body.data).toMatchObject({ issues: [{ path: 'nickname', message: 'validation.nicknameTooLong' }] });
      const illegal = await createUser(adminTok, { nickname: '<script>' });
      expect(illegal.body.data).toMatchObject({ issues: [{ path: 'nickname', message: 'validation.nicknameIllegal' }] });
      expect(illegal.body.code).toBe(ServerCode.ParameterError);
    });

    it('lets only a super admin create an admin', async () => {
      const byAdmin = await createUser(adminTok, { role: 50 });
      expect(byAdmin.body.code).toBe(ServerCode.InsufficientPermissions);
      const bySuper = await createUser(superTok, { role: 50 });
      expect(bySuper.body.data).toMatchObject({ role: 50 });
      const byDispatcher = await createUser(dispTok);
      expect(byDispatcher.body.code).toBe(ServerCode.InsufficientPermissions);
    });

    it('answers 1003 when the member quota is used up', async () => {
      const count = await t.db.query<{ n: number }>('select count(*)::int as n from users where ent_id = $1', [DEMO_ENT_ID]);
      await t.db.query('update enterprises set max_members = $1 where id = $2', [count.rows[0]!.n, DEMO_ENT_ID]);
      try {
        const r = await createUser(adminTok);
        expect([r.status, r.body.code]).toEqual([403, ServerCode.MemberQuotaExceeded]);
      } finally {
        await t.db.query('update enterprises set max_members = 1000 where id = $1', [DEMO_ENT_ID]);
      }
    });
  });

  describe('edit, lock, delete', () => {
    it('keeps at least one dispatcher (2030)', async () => {
      const d2 = await idOf('dispatcher2');
      const first = await api(t.app, 'PATCH', `/api/users/${d2}`, superTok, { role: 0 });
      expect(first.body.code).toBe(0);
      try {
        const d1 = await idOf('dispatcher1');
        const last = await api(t.app, 'PATCH', `/api/users/${d1}`, superTok, { role: 0 });
        expect([last.status, last.body.code, last.body.msg]).toEqual([409, ServerCode.DispatcherRequired, 'at least one dispatcher needed']);
      } finally {
        await api(t.app, 'PATCH', `/api/users/${d2}`, superTok, { role: 1 });
      }
    });

    it('refuses to lock or delete a dispatcher (2029) with the spec wording', async () => {
      const d2 = await idOf('dispatcher2');
      const lock = await api(t.app, 'POST', `/api/users/${d2}/lock`, adminTok);
      expect([lock.body.code, lock.body.msg]).toEqual([ServerCode.DispatcherNotLockable, 'Dispatcher is not allowed to lock or delete']);
      const del = await api(t.app, 'DELETE', `/api/users/${d2}`, adminTok);
      expect([del.body.code, del.body.msg]).toEqual([ServerCode.DispatcherNotLockable, 'Dispatcher cannot delete']);
      const still = await t.db.query('select locked from users where id = $1', [d2]);
      expect(still.rows).toEqual([{ locked: false }]);
    });

    it('locking ends the sessions and refuses login with 2027; unlocking lets them back', async () => {
      const created = (await createUser(adminTok)).body.data;
      const login = await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' });
      const token = login.body.data!.auth_token;
      const since = await lastOperationId(t.db);
      const lock = await api<UserSummary>(t.app, 'POST', `/api/users/${created.id}/lock`, adminTok);
      expect(lock.body.data.locked).toBe(true);
      expect((await api(t.app, 'GET', '/api/auth/me', token)).body).toMatchObject({ code: ServerCode.AuthorizationFailed, data: { reason: 'accountChanged' } });
      const refused = await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' });
      expect(refused.body.code).toBe(ServerCode.UserLocked);
      await api(t.app, 'POST', `/api/users/${created.id}/unlock`, adminTok);
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' })).body.code).toBe(0);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserLock, since)).toBe(1);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserUnlock, since)).toBe(1);
    });

    it('an admin cannot touch an admin or super admin; nobody changes their own role or locks themselves', async () => {
      const superId = await idOf('superadmin');
      const r = await api(t.app, 'PATCH', `/api/users/${superId}`, adminTok, { nickname: 'Hacked' });
      expect(r.body.code).toBe(ServerCode.InsufficientPermissions);
      const self = await api(t.app, 'POST', `/api/users/${superId}/lock`, superTok);
      expect(self.body).toMatchObject({ code: ServerCode.InsufficientPermissions, data: { reason: 'rule.cannotChangeSelf' } });
      const nick = await t.db.query('select nickname from users where id = $1', [superId]);
      expect(nick.rows).toEqual([{ nickname: 'Super Admin' }]);
    });

    it('edits nickname, dispatcher and remark; a role change ends the sessions', async () => {
      const created = (await createUser(adminTok)).body.data;
      const token = (await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' })).body.data!.auth_token;
      const d1 = await idOf('dispatcher1');
      const r = await api<UserDetail>(t.app, 'PATCH', `/api/users/${created.id}`, adminTok, {
        nickname: 'Renamed',
        dispatcherId: d1,
        channelRemark: 'gate 3',
      });
      expect(r.body.data).toMatchObject({ nickname: 'Renamed', dispatcherId: d1, dispatcherNickname: 'Dispatcher 1', channelRemark: 'gate 3' });
      expect((await api(t.app, 'GET', '/api/auth/me', token)).body.code).toBe(0);
      await api(t.app, 'PATCH', `/api/users/${created.id}`, adminTok, { role: 1 });
      expect((await api(t.app, 'GET', '/api/auth/me', token)).body).toMatchObject({ code: ServerCode.AuthorizationFailed, data: { reason: 'accountChanged' } });
    });

    it('deletes a member, writes UserDelete, and a second delete is 404', async () => {
      const created = (await createUser(adminTok)).body.data;
      const since = await lastOperationId(t.db);
      expect((await api(t.app, 'DELETE', `/api/users/${created.id}`, adminTok)).body.code).toBe(0);
      expect(await countOperations(t.db, DEMO_ENT_ID, OperationType.UserDelete, since)).toBe(1);
      const again = await api(t.app, 'DELETE', `/api/users/${created.id}`, adminTok);
      expect([again.status, again.body.code]).toEqual([404, ServerCode.NotFound]);
    });

    it('resets a password: the old one stops working and sessions end', async () => {
      const created = (await createUser(adminTok)).body.data;
      const token = (await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' })).body.data!.auth_token;
      const short = await api(t.app, 'POST', `/api/users/${created.id}/password`, adminTok, { password: '123' });
      expect(short.body.data).toMatchObject({ issues: [{ message: 'validation.passwordInvalid' }] });
      expect((await api(t.app, 'POST', `/api/users/${created.id}/password`, adminTok, { password: 'another1' })).body.code).toBe(0);
      expect((await api(t.app, 'GET', '/api/auth/me', token)).body.code).toBe(ServerCode.AuthorizationFailed);
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'secret1' })).body.code).toBe(ServerCode.WrongCredentials);
      expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: 'another1' })).body.code).toBe(0);
    });
  });

  describe('tenant isolation', () => {
    it('another enterprise sees 404 and changes nothing', async () => {
      const m2 = await idOf('member2');
      for (const [method, url, body] of [
        ['GET', `/api/users/${m2}`, undefined],
        ['PATCH', `/api/users/${m2}`, { nickname: 'Stolen' }],
        ['POST', `/api/users/${m2}/lock`, undefined],
        ['DELETE', `/api/users/${m2}`, undefined],
      ] as const) {
        const r = await api(t.app, method, url, otherEntTok, body);
        // dispatcher1 of 100002 may read users (404) but not change them (2001): either way nothing leaks.
        expect([ServerCode.NotFound, ServerCode.InsufficientPermissions]).toContain(r.body.code);
        expect(JSON.stringify(r.body)).not.toContain('member2');
      }
      const row = await t.db.query('select nickname, locked from users where id = $1', [m2]);
      expect(row.rows).toEqual([{ nickname: 'Member 2', locked: false }]);
    });
  });

  describe('blacklist', () => {
    it('adds, lists and removes; a member manages only their own', async () => {
      const m1 = await idOf('member1');
      const m2 = await idOf('member2');
      const add = await api<{ userId: number }[]>(t.app, 'POST', `/api/users/${m1}/blacklist`, memberTok, { userId: m2 });
      expect(add.body.data.map((e) => e.userId)).toEqual([m2]);
      const dup = await api(t.app, 'POST', `/api/users/${m1}/blacklist`, memberTok, { userId: m2 });
      expect(dup.body).toMatchObject({ code: ServerCode.AlreadyExists, data: { reason: 'rule.alreadyBlacklisted' } });
      const others = await api(t.app, 'GET', `/api/users/${m2}/blacklist`, memberTok);
      expect(others.body.code).toBe(ServerCode.InsufficientPermissions);
      const byAdmin = await api<{ userId: number }[]>(t.app, 'GET', `/api/users/${m1}/blacklist`, adminTok);
      expect(byAdmin.body.data).toHaveLength(1);
      const removed = await api<unknown[]>(t.app, 'DELETE', `/api/users/${m1}/blacklist/${m2}`, memberTok);
      expect(removed.body.data).toEqual([]);
    });
  });

  describe('me', () => {
    it('changes the own nickname with the section 5 messages', async () => {
      const long = await api(t.app, 'PATCH', '/api/me', memberTok, { nickname: 'y'.repeat(40) });
      expect(long.body.data).toMatchObject({ issues: [{ message: 'validation.nicknameTooLong' }] });
      const ok = await api<UserSummary>(t.app, 'PATCH', '/api/me', memberTok, { nickname: 'Member One' });
      expect(ok.body.data.nickname).toBe('Member One');
      const me = await api<UserDetail>(t.app, 'GET', '/api/me', memberTok);
      expect(me.body.data).toMatchObject({ account: 'member1', nickname: 'Member One' });
    });

    it('uploads an avatar image and refuses other types', async () => {
      const good = await uploadFile<UserSummary>(t.app, '/api/me/avatar', memberTok, PNG_1PX, '../../evil.png', 'image/png');
      expect(good.body.code).toBe(0);
      const file = await api<{ mime: string; name: string }>(t.app, 'GET', `/api/files/${good.body.data.avatar}/meta`, memberTok);
      expect(file.body.data).toMatchObject({ mime: 'image/png', name: 'evil.png' });
      const refused = await uploadFile(t.app, '/api/me/avatar', memberTok, Buffer.from('<html>not an image</html>'), 'x.png', 'image/png');
      expect(refused.body).toMatchObject({ code: ServerCode.ParameterError, data: { reason: 'rule.fileTypeNotAllowed' } });
    });
  });

  it('uses the password given at login, not the demo default, for new users', async () => {
    const created = (await createUser(adminTok)).body.data;
    expect((await postLogin(t.app, { entId: DEMO_ENT_ID, account: created.account, password: DEMO_PASSWORD })).body.code).toBe(
      ServerCode.WrongCredentials,
    );
  });
});
