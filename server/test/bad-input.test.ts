import fc from 'fast-check';
import { z } from 'zod';
import { isServerCode } from '@ptt/contracts';
import type { RouteDef } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';

// Generated malformed input for every endpoint: wrong types, odd path ids, unknown query keys,
// garbage bodies and content types. Whatever arrives, the answer is a clear server code, never a
// 500 and never a crash. The seed is fixed so a failure can be replayed.
const RUNS_PER_ROUTE = 25;
const SEED = 20261121;

function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(js.properties ?? {});
}

const oddText = fc.oneof(
  fc.constantFrom('0', '-1', 'abc', '1e3', '99999999999999999999', '1.5', 'null', 'true', '%00', '../etc/passwd', ' ', '[]', '{}'),
  fc.string({ maxLength: 16 }),
  fc.integer().map(String),
);

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, '', -1, 0, 1.5, 2 ** 31, 'x'.repeat(300), [], {}, [1, 'a'], { id: -1 }),
);

interface BadRequest {
  url: string;
  payload: string | undefined;
  contentType: string | undefined;
}

function badRequest(route: RouteDef): fc.Arbitrary<BadRequest> {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const queryKeys = [...keysOf(route.query), 'x'];
  const bodyKeys = keysOf(route.body);
  const body = fc.oneof(
    jsonish.map((v) => JSON.stringify(v)),
    // Known keys with wrong values get past "not an object" and into each field's rules.
    fc.dictionary(fc.constantFrom(...(bodyKeys.length ? bodyKeys : ['x'])), jsonish).map((v) => JSON.stringify(v)),
    fc.constantFrom('{', 'not json', '{"a":1}}', '\u0000', '[' .repeat(50)),
  );
  return fc.record({
    params: fc.tuple(...names.map(() => oddText)),
    query: fc.dictionary(fc.constantFrom(...queryKeys), oddText, { maxKeys: 4 }),
    body: fc.option(body, { nil: undefined }),
    contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'multipart/form-data; boundary=x', undefined),
  }).map(({ params, query, body: payload, contentType }) => {
    let url = route.url;
    names.forEach((name, i) => (url = url.replace(`:${name}`, encodeURIComponent(params[i] ?? '') || '0')));
    const qs = new URLSearchParams(query).toString();
    return { url: qs ? `${url}?${qs}` : url, payload: route.method === 'GET' ? undefined : payload, contentType };
  });
}

describe.each(DB_KINDS)('malformed input on %s', (kind) => {
  let t: TestApp;
  let token = '';

  async function freshToken(): Promise<string> {
    // Fuzzing the login route counts failures for this address; start clean so no captcha is asked.
    await t.db.query('delete from login_failures');
    await t.db.query(`update enterprises set valid_until = now() + interval '10 years' where id = 100001`);
    await t.db.query(`update users set locked = false, role = 99 where account = 'superadmin' and ent_id = 100001`);
    return (await loginAs(t.app, 'superadmin')).auth_token;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await freshToken();
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = allRoutes;

  it('covers every route', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s answers a clear code, never a 500', async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(badRequest(route), async (req) => {
        const res = await t.app.inject({
          method: route.method,
          url: req.url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(req.contentType && req.payload !== undefined ? { 'content-type': req.contentType } : {}),
          },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        expect(res.statusCode).toBeLessThan(500);
        if (route.raw && res.statusCode === 200) return;
        const body = res.json<{ code: unknown; msg: unknown }>();
        expect(isServerCode(body.code)).toBe(true);
        expect(typeof body.msg).toBe('string');
        if (body.code === 10000) token = await freshToken();
      }),
      { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
    );
  });
});
