import { PERMISSIONS, Role, ServerCode, WS_CLOSE } from '@ptt/contracts';
import type { FastifyRequest } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { routeAction, type RouteDef } from '../src/http/route';
import { JanusClient } from '../src/media/janus-client';
import { JanusRooms } from '../src/media/janus-rooms';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { RecordingLog } from './janus-harness';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';
import { exampleIds, extraUser, PLAIN_QUERIES, requestFor, ROLE_ACCOUNTS, snapshot, type Ids } from './route-examples';

// Issue 25, access: every route (REST and the /janus proxy) with a token that no longer opens a
// session answers the spec's code, 10000 (authorization failed) or 10001 (logged in elsewhere),
// with the reason the console shows, and changes nothing. A malformed Authorization header counts
// as no token, even around a live token. Then every role the matrix allows gets past the gate
// (token, matrix, params, query and body) into the handler, on writes and param routes too.

interface Target {
  method: RouteDef['method'];
  url: string;
  body: unknown;
}

/** The Janus proxy's routes (not in allRoutes): its own bodies, the same session check. */
const JANUS: Target[] = [
  { method: 'POST', url: '/janus', body: { janus: 'create', transaction: 't1' } },
  { method: 'POST', url: '/janus/1', body: { janus: 'attach', plugin: 'janus.plugin.audiobridge', transaction: 't2' } },
  { method: 'POST', url: '/janus/1/2', body: { janus: 'message', body: { request: 'list' }, transaction: 't3' } },
  { method: 'GET', url: '/janus/1?maxev=1', body: undefined },
];

type Refusal = { status: number; code: number; reason?: string };

describe.each(DB_KINDS)('access with dead and malformed tokens on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let superTok = '';
  let media: JanusRooms;
  const nonPublic = allRoutes.filter((r) => r.auth !== 'public');

  function targets(): Target[] {
    return [...nonPublic.map((r) => ({ method: r.method, ...requestFor(r, ids) })), ...JANUS];
  }

  /** Sends every target with this Authorization header; returns the answers that are not `want`. */
  async function walk(authorization: string, want: Refusal): Promise<string[]> {
    const wrong: string[] = [];
    for (const { method, url, body } of targets()) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization },
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      const got = res.json<{ code: number; data: { reason?: string } | null }>();
      const seen: Refusal = { status: res.statusCode, code: got.code, ...(got.data?.reason ? { reason: got.data.reason } : {}) };
      if (JSON.stringify(seen) !== JSON.stringify(want)) wrong.push(`${method} ${url}: ${JSON.stringify(seen)}`);
    }
    return wrong;
  }

  /** Each dead token walked, with its refusal: /ws2 is asked with them at the end. */
  const dead: [string, Refusal][] = [];

  /** Walks with the token and checks that no table of the enterprise changed. */
  async function walkUnchanged(authorization: string, want: Refusal): Promise<void> {
    if (authorization.startsWith('Bearer ') && want.reason) dead.push([authorization.slice('Bearer '.length), want]);
    const before = await snapshot(t);
    expect(await walk(authorization, want)).toEqual([]);
    expect(await snapshot(t)).toEqual(before);
  }

  beforeAll(async () => {
    // A Janus that is never reached: every request below is refused (or let through) before the
    // proxy would talk to it, and the /janus routes exist only with Janus media.
    const log = new RecordingLog();
    const client = new JanusClient({ url: 'http://127.0.0.1:9/janus', apiSecret: 'never-used', log, timeoutMs: 500 });
    media = new JanusRooms({ client, adminKey: 'never-used', recordDir: path.join(os.tmpdir(), 'ptt-access-rec'), log });
    t = await createTestApp(kind, { media });
    superTok = (await loginAs(t.app, 'superadmin')).auth_token;
    ids = await exampleIds(t, superTok);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 10000 (logout) to a logged-out super admin token on every route', async () => {
    const token = await extraUser(t, 'gone', Role.SuperAdmin);
    expect((await api(t.app, 'POST', '/api/auth/logout', token)).body.code).toBe(0);
    await walkUnchanged(`Bearer ${token}`, { status: 401, code: ServerCode.AuthorizationFailed, reason: 'logout' });
  });

  it("answers 10000 (account changed) to a locked admin's token on every route", async () => {
    const token = await extraUser(t, 'lockme', Role.Admin);
    const id = (await t.db.query<{ id: number }>('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'lockme'])).rows[0]!.id;
    expect((await api(t.app, 'POST', `/api/users/${id}/lock`, superTok)).body.code).toBe(0);
    await walkUnchanged(`Bearer ${token}`, { status: 401, code: ServerCode.AuthorizationFailed, reason: 'accountChanged' });
    // And the account itself: 2027 at the login, as the spec says.
    const login = await api(t.app, 'POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'lockme', password: 'demo123' });
    expect([login.status, login.body.code]).toEqual([403, ServerCode.UserLocked]);
  });

  it('answers 10001 (logged in elsewhere) to the older web token of an account on every route', async () => {
    const older = await extraUser(t, 'twice', Role.SuperAdmin);
    await loginAs(t.app, 'twice');
    await walkUnchanged(`Bearer ${older}`, { status: 401, code: ServerCode.LoggedInElsewhere, reason: 'loginElsewhere' });
  });

  it('answers 10000 to a super admin token of an enterprise past its validity on every route; 1002 at the login', async () => {
    // Never used before the date passes, so no node holds it in its short session cache.
    const token = await extraUser(t, 'lapsed', Role.SuperAdmin);
    await t.db.query(`update enterprises set valid_until = now() - interval '1 day' where id = $1`, [DEMO_ENT_ID]);
    try {
      await walkUnchanged(`Bearer ${token}`, { status: 401, code: ServerCode.AuthorizationFailed });
      const login = await api(t.app, 'POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account: 'lapsed', password: 'demo123' });
      expect([login.status, login.body.code]).toEqual([403, ServerCode.OrgExpired]);
    } finally {
      await t.db.query(`update enterprises set valid_until = now() + interval '10 years' where id = $1`, [DEMO_ENT_ID]);
    }
    // The date moved on again: the same token opens its session once more (it was never revoked).
    expect((await api(t.app, 'GET', '/api/auth/me', token)).body.code).toBe(0);
  });

  it('counts a malformed Authorization header as no token, even around a live super admin token (10000)', async () => {
    const noToken = { status: 401, code: ServerCode.AuthorizationFailed };
    const headers = [
      `Basic ${Buffer.from('superadmin:demo123').toString('base64')}`,
      'Bearer',
      `Bearer ${superTok} extra`,
      superTok,
      `Token ${superTok}`,
      `Bearer ${'A'.repeat(600)}`,
      `Bearer ${superTok.slice(0, -1)}`,
    ];
    for (const header of headers) await walkUnchanged(header, noToken);
    // The token itself was fine all along.
    expect((await api(t.app, 'GET', '/api/auth/me', superTok)).body.code).toBe(0);
  });

  it('closes /ws2 opened with each dead token with the same code and reason as REST', async () => {
    const baseUrl = await t.listen();
    expect(dead.map(([, w]) => w.reason)).toEqual(['logout', 'accountChanged', 'loginElsewhere']);
    for (const [token, want] of dead) {
      const ws = await WsProbe.open(baseUrl, token);
      const close = await ws.waitForClose();
      const last = ws.frames.at(-1);
      expect([want.reason, close, last?.code, (last?.data as { reason?: string } | undefined)?.reason]).toEqual([
        want.reason,
        want.code === ServerCode.LoggedInElsewhere ? WS_CLOSE.LoggedInElsewhere : WS_CLOSE.AuthFailed,
        want.code,
        want.reason,
      ]);
    }
  });

  // Last: the allowed roles really write, so this runs after every "changes nothing" walk.
  it('lets every allowed role through the gate into the handler, on writes and param routes too', async () => {
    const tokens = new Map<string, Role>();
    for (const [role, account] of ROLE_ACCOUNTS) tokens.set((await loginAs(t.app, account)).auth_token, role);
    const reached: string[] = [];
    const guarded = allRoutes.filter((r) => routeAction(r.auth) !== null);
    const originals = new Map<RouteDef, RouteDef['handler']>();
    // registerRoutes calls `route.handler` at request time: a wrapper sees who got that far.
    for (const route of guarded) {
      const original = route.handler;
      originals.set(route, original);
      route.handler = (ctx) => {
        const auth = (ctx as { req: FastifyRequest }).req.headers.authorization ?? '';
        reached.push(`${route.method} ${route.url} as ${tokens.get(auth.slice('Bearer '.length))}`);
        return original(ctx);
      };
    }
    try {
      const expected: string[] = [];
      const stopped: string[] = [];
      for (const route of guarded) {
        for (const role of PERMISSIONS[routeAction(route.auth)!] as readonly Role[]) {
          const token = [...tokens].find(([, r]) => r === role)![0];
          const { url, body } = requestFor(route, ids);
          const query = route.method === 'GET' && !url.includes('?') ? (PLAIN_QUERIES[route.url] ?? '') : '';
          const key = `${route.method} ${route.url} as ${role}`;
          expected.push(key);
          const res = await t.app.inject({
            method: route.method,
            url: url + query,
            headers: { authorization: `Bearer ${token}` },
            ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
          });
          if (!reached.includes(key)) stopped.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      expect(stopped).toEqual([]);
      expect(expected.length).toBeGreaterThan(300);
    } finally {
      for (const [route, handler] of originals) route.handler = handler;
    }
  });
});
