import fc from 'fast-check';
import type { z } from 'zod';
import { Role, ServerCode, can, isServerCode } from '@ptt/contracts';
import { routeAction, type RouteDef } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { DEMO_ENT_ID, DEMO_PASSWORD, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, PNG_1PX, uploadFile, type TestApp } from './test-app';
import { createTestDb, DB_KINDS } from './test-db';
import { jsonSchemaOf, justInvalid, leafPaths, setPath, shaped, validLeaves, type IdPool, type Json, type Path } from './schema-arbitrary';

// Requests drawn from every route's own zod schemas (params, query, body): valid-shaped values
// with unicode, boundary numbers and lengths, real ids of this and another enterprise, and
// just-invalid variants (one position one step out of bounds or of the wrong type), sent as a
// super admin, an admin, a dispatcher, a member and another enterprise's dispatcher. Whatever
// arrives: never a 5xx, always a known code; a success matches the route's response schema; an
// input the schemas accept is never refused as malformed, and one they refuse always is
// (400/2004) once the caller may use the route. The seed is fixed so a failure replays;
// PTT_FUZZ_RUNS raises the runs per route (docs/reliability.md has a long run's figures).
const RUNS_PER_ROUTE = Number(process.env.PTT_FUZZ_RUNS ?? 6);
const SEED = Number(process.env.PTT_FUZZ_SEED ?? 20261128);
/** Routes per fresh database: what one chunk's fuzz leaves behind does not pile up for the next. */
const CHUNK = Number(process.env.PTT_FUZZ_CHUNK ?? 90);

interface Caller {
  name: string;
  account: string;
  entId: number;
  role: Role;
}

const CALLERS: Caller[] = [
  { name: 'superadmin', account: 'superadmin', entId: DEMO_ENT_ID, role: Role.SuperAdmin },
  { name: 'admin', account: 'admin', entId: DEMO_ENT_ID, role: Role.Admin },
  { name: 'dispatcher', account: 'dispatcher1', entId: DEMO_ENT_ID, role: Role.Dispatcher },
  { name: 'member', account: 'member1', entId: DEMO_ENT_ID, role: Role.User },
  { name: 'foreign dispatcher', account: 'dispatcher1', entId: SECOND_ENT_ID, role: Role.Dispatcher },
];

interface Draw {
  caller: Caller;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Where a just-invalid value was put, or null for a valid-shaped draw. */
  broken: string | null;
}

/** What a path or query value looks like on the wire. */
const wire = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

const stringRecord = (v: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((v ?? {}) as Record<string, unknown>).filter(([, x]) => x !== undefined).map(([k, x]) => [k, wire(x)]));

function draws(route: RouteDef, pool: IdPool): fc.Arbitrary<Draw> {
  const leaves = validLeaves(pool);
  const paramsJs = jsonSchemaOf(route.params);
  const queryJs = jsonSchemaOf(route.query);
  const bodyJs = route.body && !route.upload ? jsonSchemaOf(route.body) : null;
  const valid = fc.record({
    caller: fc.constantFrom(...CALLERS),
    params: route.params ? shaped(paramsJs, leaves).map(stringRecord) : fc.constant({}),
    query: route.query ? shaped(queryJs, leaves).map(stringRecord) : fc.constant({}),
    body: bodyJs ? shaped(bodyJs, leaves) : fc.constant(undefined),
    broken: fc.constant(null),
  });
  // One position of one part, one step out: a wrong type, a bound plus one, a missing list.
  const targets: { part: 'params' | 'query' | 'body'; path: Path; js: Json }[] = [
    ...(route.params ? leafPaths(paramsJs).map((l) => ({ part: 'params' as const, ...l })) : []),
    ...(route.query ? leafPaths(queryJs).filter((l) => l.path.length === 1).map((l) => ({ part: 'query' as const, ...l })) : []),
    ...(bodyJs ? leafPaths(bodyJs).map((l) => ({ part: 'body' as const, ...l })) : []),
  ];
  if (!targets.length) return valid;
  const broken = fc
    .tuple(valid, fc.constantFrom(...targets).chain((target) => justInvalid(target.js).map((value) => ({ target, value }))))
    .map(([d, { target, value }]): Draw => {
      const where = `${target.part} ${target.path.join('.')}`;
      if (target.part === 'body') return { ...d, body: setPath(d.body, target.path, value), broken: where };
      const key = String(target.path[0]);
      return { ...d, [target.part]: { ...d[target.part], [key]: wire(value) }, broken: where };
    });
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: broken, weight: 1 });
}

/** What the server's zod sees: path strings, the query as it parses it, the body through JSON. */
function acceptedLocally(route: RouteDef, d: Draw, url: string): boolean {
  const ok = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;
  const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
  const body = d.body === undefined ? {} : (JSON.parse(JSON.stringify(d.body)) as unknown);
  return ok(route.params, d.params) && ok(route.query, query) && (route.upload === true || ok(route.body, body));
}

const mayUse = (route: RouteDef, role: Role) => {
  const action = routeAction(route.auth);
  return action === null || can(role, action);
};

interface Tally {
  sent: number;
  ok: number;
  refusedAsMalformed: number;
  codes: Map<number, number>;
}

describe.each(DB_KINDS)('schema-driven fuzz of every route on %s', (kind) => {
  const chunks: RouteDef[][] = [];
  for (let i = 0; i < allRoutes.length; i += CHUNK) chunks.push(allRoutes.slice(i, i + CHUNK));
  const tally: Tally = { sent: 0, ok: 0, refusedAsMalformed: 0, codes: new Map() };

  afterAll(() => {
    if (process.env.PTT_FUZZ_RUNS) {
      const codes = [...tally.codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c}:${n}`).join(' ');
      process.stdout.write(`fuzz ${kind}: ${tally.sent} requests, ${tally.ok} answered 0, ${tally.refusedAsMalformed} refused 2004; codes ${codes}\n`);
    }
  });

  it('covers every route', () => {
    expect(chunks.flat()).toHaveLength(allRoutes.length);
  });

  describe.each(chunks.map((routes, i) => [i + 1, routes] as const))('routes chunk %i', (_n, routes) => {
    let t: TestApp;
    const tokens = new Map<Caller, string>();
    /** Each account as seeded, so a fuzzed lock, role change or password reset can be undone. */
    let seeded: { entId: number; account: string; role: number; password_hash: string }[] = [];
    /** Users the fuzz must not delete: the callers. */
    let protectedUsers = new Set<number>();

    /** Unlocks the callers, gives them back their role and password, and logs `who` in again. */
    async function restoreCallers(who: readonly Caller[] = CALLERS): Promise<void> {
      await t.db.query('delete from login_failures');
      await t.db.query(`update enterprises set valid_until = now() + interval '10 years'`);
      for (const s of seeded) {
        await t.db.query('update users set locked = false, role = $3, password_hash = $4 where ent_id = $1 and account = $2', [s.entId, s.account, s.role, s.password_hash]);
      }
      for (const c of who) tokens.set(c, (await loginAs(t.app, c.account, c.entId)).auth_token);
    }

    async function idPool(): Promise<IdPool> {
      const tables = ['users', 'channels', 'devices', 'fences', 'notices', 'sos_records', 'device_commands', 'calls', 'client_packages', 'temp_channels', 'screen_displays', 'patrol_nodes', 'patrol_tasks', 'patrol_runs', 'patrol_checkins', 'messages', 'files'];
      const r = await t.db.query<{ id: string }>(tables.map((x) => `(select id::text as id from ${x} order by id desc limit 12)`).join(' union all '));
      const ints = [...new Set(r.rows.map((x) => x.id).filter((x) => /^\d+$/.test(x)).map(Number))].filter((n) => !protectedUsers.has(n));
      const channels = await t.db.query<{ ent_id: number; id: number }>('select ent_id, id from channels order by id limit 8');
      const strings = [...r.rows.map((x) => x.id).filter((x) => !/^\d+$/.test(x)), ...channels.rows.map((c) => `${c.ent_id}-1-${c.id}`), `${DEMO_ENT_ID}-0-1`, 'no-such-call'];
      const accounts = ['superadmin', 'member1', 'member2', 'dispatcher1', 'guard1', 'nobody'];
      return { ints: [...ints, 2 ** 31 - 1], strings, known: { account: accounts, password: [DEMO_PASSWORD, 'wrong-password'], oldPassword: [DEMO_PASSWORD], code: ['PT-FUZZ0000001'] }, knownNumbers: { time: [Date.now(), Date.now() - 60_000] } };
    }

    beforeAll(async () => {
      t = await createTestApp(kind, { testDb: await createTestDb(kind, { demoFences: true, demoPatrol: true }) });
      const r = await t.db.query<{ id: number; ent_id: number; account: string; role: number; password_hash: string }>(
        'select id, ent_id, account, role, password_hash from users where (ent_id, account) in (($1, $2), ($1, $3), ($1, $4), ($1, $5), ($6, $4))',
        [DEMO_ENT_ID, 'superadmin', 'admin', 'dispatcher1', 'member1', SECOND_ENT_ID],
      );
      seeded = r.rows.map((x) => ({ entId: x.ent_id, account: x.account, role: x.role, password_hash: x.password_hash }));
      protectedUsers = new Set(r.rows.map((x) => x.id));
      await restoreCallers();
      // A few rows the seed lacks, so ids of every kind exist: a file, a notice, an SOS, a display.
      const admin = tokens.get(CALLERS[0]!)!;
      const member = tokens.get(CALLERS[3]!)!;
      await uploadFile(t.app, '/api/files', member, PNG_1PX, 'a.png');
      await api(t.app, 'POST', '/api/notices', admin, { title: 'Fuzz', body: 'Hello' });
      await api(t.app, 'POST', '/api/sos', member, { lng: 116.4, lat: 39.9, coord: 0 });
      await api(t.app, 'POST', '/api/screen/displays', admin, { name: 'Wall', code: '123456' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
      const pool = await idPool();
      await fc.assert(
        fc.asyncProperty(draws(route, pool), async (d) => {
          const path = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(d.params[name] ?? ''));
          const qs = new URLSearchParams(d.query).toString();
          const url = qs ? `${path}?${qs}` : path;
          const payload = d.body === undefined ? undefined : JSON.stringify(d.body);
          const res = await t.app.inject({
            method: route.method,
            url,
            headers: { authorization: `Bearer ${tokens.get(d.caller)}`, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(payload !== undefined ? { payload } : {}),
          });
          const seen = { as: d.caller.name, url, broken: d.broken };
          tally.sent++;
          // The one 5xx allowed: 503/600 when a service the route needs is absent (the test app
          // runs without Janus, so a floor can never be granted: 'PTT intercom cannot connect').
          const fine = res.statusCode < 500 || (res.statusCode === 503 && res.json<{ code: number }>().code === ServerCode.ServiceBusy);
          expect({ ...seen, status: fine ? 'fine' : res.statusCode, body: fine ? '' : res.body }).toEqual({ ...seen, status: 'fine', body: '' });
          if (route.raw && res.statusCode === 200) {
            tally.ok++;
            return;
          }
          const env = res.json<{ code: number; msg: unknown; data: { issues?: unknown } | null }>();
          expect({ ...seen, known: isServerCode(env.code), msg: typeof env.msg }).toEqual({ ...seen, known: true, msg: 'string' });
          tally.codes.set(env.code, (tally.codes.get(env.code) ?? 0) + 1);
          if (env.code === ServerCode.AuthorizationFailed || env.code === ServerCode.LoggedInElsewhere) {
            // The fuzz logged the caller out, in elsewhere, locked it or changed its role: undo, go on.
            await restoreCallers([d.caller]);
            return;
          }
          if (env.code === 0) {
            tally.ok++;
            if (route.response) {
              const parsed = route.response.safeParse(env.data);
              expect({ ...seen, response: parsed.success ? 'matches' : parsed.error.issues.slice(0, 3) }).toEqual({ ...seen, response: 'matches' });
            }
          }
          if (env.code === ServerCode.ParameterError) tally.refusedAsMalformed++;
          // An empty path segment routes nowhere (404); every other draw reaches the route.
          if (!mayUse(route, d.caller.role) || Object.values(d.params).some((p) => p === '')) return;
          // Refused by the schemas: refused as malformed, whatever the handler would have done. (The
          // converse does not hold: handlers check more, such as a patrol range's real calendar days.)
          if (!acceptedLocally(route, d, url)) {
            const issues = env.data !== null && typeof env.data === 'object' && 'issues' in env.data;
            expect({ ...seen, status: res.statusCode, code: env.code, issues }).toEqual({ ...seen, status: 400, code: ServerCode.ParameterError, issues: true });
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    });
  });
});
