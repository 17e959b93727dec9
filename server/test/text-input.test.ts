import fc from 'fast-check';
import { ServerCode, isServerCode, storableText } from '@ptt/contracts';
import type { RouteDef } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { jsonSchemaOf, setPath, shaped, stringPaths, walk } from './schema-arbitrary';

// NUL (PostgreSQL stores it in neither text nor jsonb) and lone UTF-16 surrogates (not Unicode, no
// UTF-8 form) in every string a client can send: bodies, query strings, path parameters, headers
// and upload file names. The contracts' string schemas refuse them (400/2004 naming the field);
// nothing may answer 5xx. The seed is fixed so a failure replays.
const RUNS_PER_ROUTE = 12;
const SEED = 20261124;

const BAD_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800', '\u0000\ud83d'];
const badText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
// The same in a URL: NUL as %00; a surrogate can only arrive as its (invalid) UTF-8 bytes or %u.
const badUrlText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom('%00', '%ED%A0%80', '%ED%B0%80', '%uD800', '%C0%80', '%00%00'), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => `${encodeURIComponent(a)}${bad}${encodeURIComponent(b)}`);

interface Ids {
  user: number;
  channel: number;
  member: number;
  device: number;
  file: string;
  fence: number;
  tempChannel: number;
}

/** Valid bodies for routes where a generated one would fail before its strings are looked at. */
const EXAMPLES: Record<string, (ids: Ids) => unknown> = {
  'POST /api/chats/:chatId/messages': () => ({ type: 0, content: { text: 'hello' } }),
  'POST /api/users/:id/messages': () => ({ type: 0, content: { text: 'hello' } }),
  'POST /api/notices': () => ({ title: 'Notice', body: 'Hello' }),
  'PATCH /api/channels/:id/members/:userId': () => ({ remark: 'fine' }),
  'POST /api/auth/login': () => ({ entId: DEMO_ENT_ID, account: 'member1', password: 'wrong-but-fine' }),
};

function pathValue(route: RouteDef, name: string, ids: Ids): string {
  if (name === 'chatId') return `${DEMO_ENT_ID}-1-${ids.channel}`;
  if (name === 'userId') return String(ids.member);
  if (name === 'channelId') return String(ids.channel);
  if (name !== 'id') return '1';
  const prefix = ['channels', 'devices', 'files', 'fences', 'temp-channels'].find((p) => route.url.startsWith(`/api/${p}`));
  const byPrefix: Record<string, string | number> = { channels: ids.channel, devices: ids.device, files: ids.file, fences: ids.fence, 'temp-channels': ids.tempChannel };
  return String(prefix ? byPrefix[prefix] : ids.user);
}

interface Probe {
  method: RouteDef['method'];
  url: string;
  payload: string | undefined;
  /** Where the bad string went, for the message of a failure. */
  where: string;
}

function probes(route: RouteDef, ids: Ids): fc.Arbitrary<Probe> | null {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const queryKeys = Object.keys(jsonSchemaOf(route.query).properties ?? {});
  const bodySchema = route.body && !route.upload ? jsonSchemaOf(route.body) : null;
  const bodyPaths = bodySchema ? stringPaths(bodySchema) : [];
  const example = EXAMPLES[`${route.method} ${route.url}`]?.(ids) ?? {};
  const url = (badParam?: [string, string]) => route.url.replace(/:(\w+)/g, (_m, n: string) => (badParam?.[0] === n ? badParam[1] : pathValue(route, n, ids)));
  const goodBody = bodySchema ? JSON.stringify(example) : undefined;
  const kinds: fc.Arbitrary<Probe>[] = [];
  if (names.length) {
    kinds.push(fc.tuple(fc.constantFrom(...names), badUrlText).map(([n, bad]) => ({ method: route.method, url: url([n, bad]), payload: goodBody, where: `param ${n}` })));
  }
  if (queryKeys.length) {
    kinds.push(fc.tuple(fc.constantFrom(...queryKeys), badUrlText).map(([k, bad]) => ({ method: route.method, url: `${url()}?${k}=${bad}`, payload: goodBody, where: `query ${k}` })));
  }
  if (bodySchema && bodyPaths.length) {
    kinds.push(fc.tuple(fc.constantFrom(...bodyPaths), badText).map(([p, bad]) => ({ method: route.method, url: url(), payload: JSON.stringify(setPath(example, p, bad)), where: `body ${p.join('.')}` })));
    kinds.push(shaped(bodySchema, { text: () => badText }).map((b) => ({ method: route.method, url: url(), payload: JSON.stringify(b), where: 'generated body' })));
  }
  return kinds.length ? fc.oneof(...kinds) : null;
}

describe('route input schemas', () => {
  it('give every string the one shared check that refuses NUL and lone surrogates', () => {
    const missing: string[] = [];
    for (const route of allRoutes) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = route[part];
        if (!schema) continue;
        for (const node of walk(schema, `${route.method} ${route.url} ${part}`)) {
          const def = node.schema._zod.def as { type: string; checks?: unknown[] };
          if (def.type === 'string' && !def.checks?.includes(storableText)) missing.push(node.path);
          if (def.type === 'unknown' || def.type === 'any') missing.push(`${node.path} (unchecked ${def.type})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe.each(DB_KINDS)('NUL and lone surrogates on %s', (kind) => {
  let t: TestApp;
  let ids: Ids;
  let token = '';
  let memberToken = '';
  const routes = allRoutes;

  async function freshToken(): Promise<string> {
    await t.db.query('delete from login_failures');
    await t.db.query(`update users set locked = false, role = 99 where account = 'superadmin' and ent_id = $1`, [DEMO_ENT_ID]);
    return (await loginAs(t.app, 'superadmin')).auth_token;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await freshToken();
    memberToken = (await loginAs(t.app, 'member1')).auth_token;
    const one = async (sql: string, params: (string | number)[]) => (await t.db.query<{ id: number }>(sql, params)).rows[0]!.id;
    const user = await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member2']);
    ids = {
      user,
      channel: await one('select id from channels where ent_id = $1 and name = $2', [DEMO_ENT_ID, 'Security']),
      member: await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member1']),
      device: await one('select id from devices where ent_id = $1 and user_id = $2', [DEMO_ENT_ID, user]),
      file: (await uploadFile<{ id: string }>(t.app, '/api/files', token, PNG_1PX, 'a.png')).body.data.id,
      fence: await one(`insert into fences (ent_id, name, rule, shape) values ($1, 'Perimeter', 'leave', '{"type":"circle","center":{"lng":116.4,"lat":39.9},"radius":300}') returning id`, [DEMO_ENT_ID]),
      tempChannel: await one('insert into temp_channels (ent_id, created_by) select ent_id, id from users where ent_id = $1 and account = $2 returning id', [DEMO_ENT_ID, 'dispatcher2']),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  type Issues = { issues?: { path: string; message: string }[] };
  const expectRefused = (r: { status: number; body: { code: number; data: Issues } }, field: string) => {
    expect([r.status, r.body.code]).toEqual([400, ServerCode.ParameterError]);
    expect(r.body.data.issues).toContainEqual(expect.objectContaining({ path: field, message: 'validation.textInvalid' }));
  };

  it('refuses the reported cases with 400/2004 naming the field', async () => {
    for (const [who, url] of [
      [token, '/api/users?q=%00'],
      [memberToken, '/api/channels?q=a%00b'],
      [memberToken, '/api/me/login-records?q=%00'],
    ] as const) {
      expectRefused(await api<Issues>(t.app, 'GET', url, who), 'q');
    }
    expectRefused(await api<Issues>(t.app, 'PATCH', `/api/channels/${ids.channel}/members/${ids.member}`, token, { remark: '\ud800' }), 'remark');
    expectRefused(await api<Issues>(t.app, 'POST', '/api/notices', token, { title: 'a\u0000', body: '' }), 'title');
    expectRefused(await api<Issues>(t.app, 'PATCH', '/api/enterprise', token, { name: 'Demo\u0000Org' }), 'name');
    expectRefused(await api<Issues>(t.app, 'POST', `/api/chats/${DEMO_ENT_ID}-1-${ids.channel}/messages`, memberToken, { type: 0, content: { text: 'x\udc00' } }), 'content.text');
  });

  it('keeps a strange user agent, token or upload file name from turning into a 500', async () => {
    for (const ua of ['a\u0000b', 'a\ud800b']) {
      const r = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { authorization: `Bearer ${memberToken}`, 'user-agent': ua }, payload: { nickname: 'Member One' } });
      expect([r.statusCode, r.json<{ code: number }>().code]).toEqual([200, 0]);
    }
    for (const bearer of ['\u0000', 'x\ud800']) {
      const r = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${bearer}` } });
      expect(r.statusCode).toBe(401);
    }
    for (const name of ['a\u0000.png', 'b\ud800.png']) {
      const r = await uploadFile(t.app, '/api/files', memberToken, PNG_1PX, name);
      expect(r.status).toBeLessThan(500);
    }
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s never answers 5xx', async (_name, route) => {
    const arb = probes(route, ids);
    if (!arb) return;
    await fc.assert(
      fc.asyncProperty(arb, async (p) => {
        const res = await t.app.inject({
          method: p.method,
          url: p.url,
          headers: { authorization: `Bearer ${token}`, ...(p.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(p.payload !== undefined ? { payload: p.payload } : {}),
        });
        expect({ where: p.where, status: res.statusCode < 500 ? 'not 5xx' : res.statusCode, body: res.statusCode < 500 ? '' : res.body }).toEqual({ where: p.where, status: 'not 5xx', body: '' });
        if (route.raw && res.statusCode === 200) return;
        const body = res.json<{ code: unknown }>();
        expect(isServerCode(body.code)).toBe(true);
        if (body.code === ServerCode.AuthorizationFailed) token = await freshToken();
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
    );
  });
});
