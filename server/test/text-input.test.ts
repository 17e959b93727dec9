import fc from 'fast-check';
import { ServerCode, isServerCode, storableText } from '@ptt/contracts';
import { z } from 'zod';
import type { RouteDef } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// NUL (PostgreSQL stores it in neither text nor jsonb) and lone UTF-16 surrogates (not Unicode, no
// UTF-8 form) in every string a client can send: bodies, query strings, path parameters, headers
// and upload file names. The contracts' string schemas refuse them (400/2004 naming the field);
// nothing may answer 5xx. The seed is fixed so a failure replays.
const RUNS_PER_ROUTE = 12;
const SEED = 20261124;

type Json = Record<string, unknown>;
type Path = (string | number)[];

const BAD_CHARS = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800', '\u0000\ud83d'];
const badText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
// The same in a URL: NUL as %00; a surrogate can only arrive as its (invalid) UTF-8 bytes or %u.
const badUrlText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.constantFrom('%00', '%ED%A0%80', '%ED%B0%80', '%uD800', '%C0%80', '%00%00'), fc.string({ maxLength: 6 }))
  .map(([a, bad, b]) => `${encodeURIComponent(a)}${bad}${encodeURIComponent(b)}`);

function jsonSchemaOf(schema: z.ZodType | undefined): Json {
  return schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : {};
}

const isFreeString = (js: Json) => js.type === 'string' && js.enum === undefined && js.const === undefined;

/** Paths to every free-text position of a body's JSON schema (array items at index 0). */
function stringPaths(js: Json, at: Path = [], depth = 0): Path[] {
  if (depth > 6) return [];
  if (isFreeString(js)) return [at];
  const alternatives = [...((js.anyOf ?? js.oneOf ?? js.allOf ?? []) as Json[])];
  const out = alternatives.flatMap((alt) => stringPaths(alt, at, depth + 1));
  for (const [key, sub] of Object.entries((js.properties ?? {}) as Record<string, Json>)) out.push(...stringPaths(sub, [...at, key], depth + 1));
  if (js.items && typeof js.items === 'object') out.push(...stringPaths(js.items as Json, [...at, 0], depth + 1));
  if (js.additionalProperties && typeof js.additionalProperties === 'object') out.push(...stringPaths(js.additionalProperties as Json, [...at, 'k'], depth + 1));
  return out;
}

/** A value shaped by the schema whose every free-text position holds a bad string. */
function shaped(js: Json, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 5) return badText;
  if ('const' in js) return fc.constant(js.const);
  if (Array.isArray(js.enum)) return fc.constantFrom(...(js.enum as unknown[]));
  const alternatives = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => shaped(a, depth + 1)));
  if (Array.isArray(js.allOf)) {
    return fc.tuple(...(js.allOf as Json[]).map((a) => shaped(a, depth + 1))).map((parts): unknown => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  }
  switch (js.type) {
    case 'object': {
      const props = (js.properties ?? {}) as Record<string, Json>;
      const required = ((js.required ?? []) as string[]).filter((k) => k in props);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shaped(v, depth + 1)])), { requiredKeys: required });
    }
    case 'array':
      return fc.array(shaped((js.items ?? {}) as Json, depth + 1), { minLength: Math.min(Number(js.minItems ?? 0), 3), maxLength: 3 });
    case 'integer':
    case 'number': {
      const low = typeof js.exclusiveMinimum === 'number' ? js.exclusiveMinimum + 1 : Number(js.minimum ?? 1);
      const high = Math.min(Number(js.maximum ?? low + 10), low + 10);
      return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return js.format === 'date-time' ? fc.constant(new Date().toISOString()) : badText;
    default:
      return fc.oneof(badText, fc.dictionary(badText, badText, { maxKeys: 2 }));
  }
}

function setPath(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base = typeof head === 'number' ? (Array.isArray(root) ? [...(root as unknown[])] : []) : root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Json) } : {};
  (base as Record<string | number, unknown>)[head!] = setPath((base as Record<string | number, unknown>)[head!], rest, value);
  return base;
}

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
    kinds.push(shaped(bodySchema).map((b) => ({ method: route.method, url: url(), payload: JSON.stringify(b), where: 'generated body' })));
  }
  return kinds.length ? fc.oneof(...kinds) : null;
}

/** Every zod node of a schema with the checks of its ancestors (to find strings without the shared check). */
function* walk(schema: z.ZodType, path: string): Generator<{ schema: z.ZodType; path: string }> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  yield { schema, path };
  const child = (s: unknown, p: string) => walk(s as z.ZodType, p);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) yield* child(v, `${path}.${k}`);
      break;
    case 'array':
      yield* child(def.element, `${path}[]`);
      break;
    case 'union':
      for (const [i, o] of (def.options as z.ZodType[]).entries()) yield* child(o, `${path}|${i}`);
      break;
    case 'intersection':
      yield* child(def.left, path);
      yield* child(def.right, path);
      break;
    case 'record':
      yield* child(def.keyType, `${path}{key}`);
      yield* child(def.valueType, `${path}{}`);
      break;
    case 'tuple':
      for (const [i, o] of (def.items as z.ZodType[]).entries()) yield* child(o, `${path}[${i}]`);
      break;
    case 'pipe':
      yield* child(def.in, path);
      yield* child(def.out, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      yield* child(def.innerType, path);
      break;
    case 'lazy':
      yield* child((def.getter as () => z.ZodType)(), path);
      break;
  }
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
