import { PERMISSIONS, Role, ServerCode } from '@ptt/contracts';
import { routeAction } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { EXAMPLES, exampleIds, extraUser, MARKERS, PLAIN_QUERIES, requestFor, ROLE_ACCOUNTS, snapshot as digest, type Ids } from './route-examples';

// Walks the whole matrix: every endpoint x every role, without a token, and with a super admin
// token of another enterprise aimed at this enterprise's ids. Forbidden cases are refused,
// nothing leaks, nothing changes.

describe.each(DB_KINDS)('permission matrix on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  const tokens = new Map<Role, string>();
  let boss2 = '';
  const routes = allRoutes;
  // 'screen' routes (ADR 026) are checked against screen.read for console sessions.
  const guarded = routes.filter((r) => routeAction(r.auth) !== null);

  const snapshot = () => digest(t);

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [role, account] of ROLE_ACCOUNTS) tokens.set(role, (await loginAs(t.app, account)).auth_token);
    boss2 = await extraUser(t, 'boss2', Role.SuperAdmin, SECOND_ENT_ID);
    ids = await exampleIds(t, tokens.get(Role.SuperAdmin)!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a valid example for every route with a body', () => {
    const missing = routes.filter((r) => r.body && r.auth !== 'public' && !EXAMPLES[`${r.method} ${r.url}`]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses every role the matrix does not allow with 2001, and changes nothing', async () => {
    const before = await snapshot();
    const refusals: string[] = [];
    for (const route of guarded) {
      const allowed = PERMISSIONS[routeAction(route.auth)!] as readonly number[];
      for (const [role] of ROLE_ACCOUNTS) {
        if (allowed.includes(role)) continue;
        const { url, body } = requestFor(route, ids);
        const r = await api(t.app, route.method, url, tokens.get(role)!, body);
        if (r.status !== 403 || r.body.code !== ServerCode.InsufficientPermissions || r.body.msg !== 'Insufficient permissions') {
          refusals.push(`${route.method} ${route.url} as role ${role}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets every allowed role past the matrix (the answer is never the matrix refusal for a plain read)', async () => {
    const reads = guarded.filter((r) => r.method === 'GET' && !r.url.includes(':'));
    for (const route of reads) {
      for (const role of PERMISSIONS[routeAction(route.auth)!] as readonly Role[]) {
        const res = await t.app.inject({ method: 'GET', url: route.url + (PLAIN_QUERIES[route.url] ?? ''), headers: { authorization: `Bearer ${tokens.get(role)!}` } });
        // Downloads answer with their content (or 400 when a required query is missing); reads
        // with code 0. Never the matrix refusal.
        const outcome = route.raw ? res.statusCode : res.json<{ code: number }>().code;
        const fine = route.raw ? [200, 400] : [0];
        expect({ url: route.url, role, fine: fine.includes(outcome) }).toEqual({ url: route.url, role, fine: true });
      }
    }
  });

  it('answers 10000 to every non-public route without a token, and changes nothing', async () => {
    const before = await snapshot();
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      const { url, body } = requestFor(route, ids);
      const r = await api(t.app, route.method, url, null, body);
      expect([route.method, route.url, r.status, r.body.code]).toEqual([route.method, route.url, 401, ServerCode.AuthorizationFailed]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("never lets another enterprise's super admin see or change this enterprise", async () => {
    const before = await snapshot();
    const problems: string[] = [];
    // Logout and password change act on the caller's own session only; they are walked last-free.
    const walk = routes.filter((r) => r.auth !== 'public' && !r.url.startsWith('/api/auth/'));
    for (const route of walk) {
      const { url, body } = requestFor(route, ids);
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${boss2}` },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const text = res.body;
      const leaked = MARKERS.filter((m) => text.includes(m));
      if (leaked.length) problems.push(`${route.method} ${route.url} leaked ${leaked.join(', ')}`);
      if (url.split('?')[0] !== route.url) {
        // The id belongs to 100001: the answer is "not found", never success.
        const code = res.json<{ code: number }>().code;
        // A chat id names its enterprise: another enterprise's is a wrong chat id (2008), which the
        // caller can tell from the id itself, so it leaks nothing.
        const expected: number[] = [ServerCode.NotFound, ServerCode.ChannelNotFound, ...(route.url.includes(':chatId') ? [ServerCode.ChatIdError] : [])];
        if (!expected.includes(code)) {
          problems.push(`${route.method} ${route.url} answered ${code} for another enterprise's id`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // Still the same session: nothing above logged boss2 out, so the walk really ran as a super admin.
    expect((await api(t.app, 'GET', '/api/auth/me', boss2)).body.code).toBe(0);
  });
});
