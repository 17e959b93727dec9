import fc from 'fast-check';
import { CLIENT_FRAME_SCHEMAS, CLIENT_TOPIC_KINDS, topics, type ClientTopicKind } from '@ptt/contracts';
import { INBOUND_FRAME_BURST, INBOUND_FRAMES_PER_S } from '../src/ws/connection';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { api, createTestApp, loginAs, type TestApp } from './test-app';
import { createTestDb, DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';
import { jsonSchemaOf, justInvalid, leafPaths, setPath, shaped, validLeaves, type IdPool } from './schema-arbitrary';

// Every client-sent /ws2 topic kind, with frames drawn from its schemas (CLIENT_FRAME_SCHEMAS):
// valid-shaped data with boundary values and real ids of this and another enterprise, data one
// step out of bounds, arbitrary JSON, the wrong `t`, and topics naming the sender, another member,
// another enterprise's member or ids that are no ids. Afterwards the socket is open and answering,
// no handler failed (nothing logged at error level), nothing of another member or enterprise
// changed, and the valid frames did their work. The seed is fixed; PTT_FUZZ_RUNS raises the frames
// per kind.
const FRAMES_PER_KIND = Number(process.env.PTT_FUZZ_RUNS ?? 40);
const SEED = Number(process.env.PTT_FUZZ_SEED ?? 20261128);

/** Rows that belong to someone else than the sender (member1 of enterprise 100001). */
const PER_USER_TABLES = ['locations', 'latest_positions', 'sos_records', 'patrol_checkins', 'chat_reads', 'device_commands'];
const WHOLE_ENT_TABLES = ['users', 'devices', 'device_logs', 'operation_logs', 'messages', 'sos_events', 'patrol_runs', 'patrol_run_nodes'];

interface Frame {
  code: number;
  topic: string;
  t: string;
  data: unknown;
}

describe.each(DB_KINDS)('/ws2 frames drawn from the schemas on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  const logged: { level: number; msg: string }[] = [];
  let sender: WsProbe;
  let watcher: WsProbe;
  let me = 0;
  let pool: IdPool;
  let otherMember = 0;
  let foreignUser = 0;

  async function othersDigest(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const digest = async (table: string, where: string, params: number[]) => {
      const r = await t.db.query<{ h: string }>(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x where ${where}`, params);
      out[`${table} ${where}`] = r.rows[0]!.h;
    };
    for (const table of PER_USER_TABLES) await digest(table, 'x.user_id is distinct from $1', [me]);
    for (const table of WHOLE_ENT_TABLES) await digest(table, 'x.ent_id = $1', [SECOND_ENT_ID]);
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      testDb: await createTestDb(kind, { demoPatrol: true }),
      env: { MAP_TILES: 'offline' },
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) } },
    });
    baseUrl = await t.listen();
    const member = await loginAs(t.app, 'member1');
    me = member.id;
    const admin = (await loginAs(t.app, 'superadmin')).auth_token;
    const one = async (sql: string, params: (string | number)[]) => (await t.db.query<{ id: number }>(sql, params)).rows[0]!.id;
    otherMember = await one('select id from users where ent_id = $1 and account = $2', [DEMO_ENT_ID, 'member2']);
    foreignUser = await one('select id from users where ent_id = $1 and account = $2', [SECOND_ENT_ID, 'guard1']);
    // Commands to the sender's device and to another member's, so replies can name both.
    for (const uid of [me, otherMember]) {
      const device = await one('select id from devices where ent_id = $1 and user_id = $2', [DEMO_ENT_ID, uid]);
      await api(t.app, 'POST', `/api/devices/${device}/commands`, admin, { command: 3 });
    }
    const ids = await t.db.query<{ id: number }>(
      `select id from device_commands union select id from users union select id from channels union select id from patrol_nodes union select id from patrol_runs`,
    );
    const codes = await t.db.query<{ code: string }>('select qr_code as code from patrol_nodes union select nfc_tag from patrol_nodes where nfc_tag is not null');
    const chats = await t.db.query<{ ent_id: number; id: number }>('select ent_id, id from channels');
    pool = {
      ints: [...ids.rows.map((r) => r.id), DEMO_ENT_ID, SECOND_ENT_ID],
      strings: chats.rows.map((c) => `${c.ent_id}-1-${c.id}`),
      known: { code: codes.rows.map((r) => r.code), chat_id: chats.rows.map((c) => `${c.ent_id}-1-${c.id}`), platform: ['Web', 'android'], p: ['Web'] },
      knownNumbers: { time: [Date.now(), Date.now() - 60_000], timestamp: [Date.now()], t: [Date.now()] },
    };
    sender = await WsProbe.open(baseUrl, member.auth_token);
    watcher = await WsProbe.open(baseUrl, (await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID)).auth_token);
    await sender.ping();
    await watcher.ping();
  });
  afterAll(async () => {
    await sender?.close();
    await watcher?.close();
    await t?.close();
  });

  function frames(k: ClientTopicKind): fc.Arbitrary<Frame> {
    const spec = CLIENT_FRAME_SCHEMAS[k];
    const leaves = validLeaves(pool);
    const validData = spec.data.map((schema) => shaped(jsonSchemaOf(schema), leaves));
    // One position of a valid draw, one step out of bounds or of the wrong type.
    const brokenData = spec.data.map((schema) => {
      const js = jsonSchemaOf(schema);
      const spots = leafPaths(js);
      if (!spots.length) return fc.constant<unknown>(null);
      return fc.tuple(shaped(js, leaves), fc.constantFrom(...spots).chain((s) => justInvalid(s.js).map((v) => [s.path, v] as const))).map(([d, [p, v]]) => setPath(d, p, v));
    });
    const topic = fc.oneof(
      { weight: 6, arbitrary: fc.constant(topics[k](DEMO_ENT_ID, me)) },
      { weight: 1, arbitrary: fc.constant(topics[k](DEMO_ENT_ID, otherMember)) },
      { weight: 1, arbitrary: fc.constant(topics[k](SECOND_ENT_ID, foreignUser)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '9007199254740993', '1e3', 'abc', '', `${me}/x`).map((bad) => topics[k](DEMO_ENT_ID, me).replace(/\/\d+$/, `/${bad}`)) },
    );
    const otherTs = CLIENT_TOPIC_KINDS.map((x) => CLIENT_FRAME_SCHEMAS[x].t);
    return fc.record({
      code: fc.oneof({ weight: 8, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer() }),
      topic,
      t: fc.oneof({ weight: 6, arbitrary: fc.constant(spec.t) }, { weight: 1, arbitrary: fc.constantFrom(...otherTs) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }),
      data: fc.oneof(
        { weight: 5, arbitrary: fc.oneof(...validData) },
        { weight: 3, arbitrary: fc.oneof(...brokenData) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(null, '', [], 'x'.repeat(4000), { points: [] }, { points: Array.from({ length: 1000 }, () => ({})) }, { __proto__: { lng: 1 } }) },
      ),
    });
  }

  // The sender's share of the socket's inbound bucket, mirrored with a margin: the fuzz sends no
  // faster than the limit, so it tests the handlers, not the limiter (ws2-bad-frames tests that).
  let tokens = INBOUND_FRAME_BURST - 20;
  let tokensAt = Date.now();
  async function pace(): Promise<void> {
    const refill = () => {
      tokens = Math.min(INBOUND_FRAME_BURST - 20, tokens + ((Date.now() - tokensAt) * INBOUND_FRAMES_PER_S) / 1000);
      tokensAt = Date.now();
    };
    refill();
    if (tokens < 1) {
      await new Promise((r) => setTimeout(r, Math.ceil(((1 - tokens) * 1000) / INBOUND_FRAMES_PER_S) + 5));
      refill();
    }
    tokens -= 1;
  }
  async function sendPaced(list: Frame[]): Promise<void> {
    for (const f of list) {
      await pace();
      sender.send(f);
    }
  }
  async function ping(): Promise<void> {
    await pace();
    await sender.ping();
  }

  it('keeps the socket answering, fails no handler and changes nothing of anyone else', async () => {
    const before = await othersDigest();
    const mine = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from locations where user_id = $1', [me])).rows[0]!.n;
    const myLocations = await mine();
    for (const [i, k] of CLIENT_TOPIC_KINDS.entries()) {
      const list = fc.sample(frames(k), { numRuns: FRAMES_PER_KIND, seed: SEED + i });
      await sendPaced(list);
      await ping();
      expect({ kind: k, closed: sender.closeCode }).toEqual({ kind: k, closed: null });
    }
    // Past the location writer's batching window, then the handlers' work is done.
    await new Promise((r) => setTimeout(r, 500));
    await ping();
    expect(sender.closeCode).toBeNull();
    expect(logged.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
    expect(await othersDigest()).toEqual(before);
    // Valid frames did reach their handlers: the sender's own positions were stored.
    expect(await mine()).toBeGreaterThan(myLocations);
    expect(watcher.frames.filter((f) => f.topic !== 'sys/ping' && !(f.topic === topics.screen(SECOND_ENT_ID) && f.t === 'ScreenCounts'))).toEqual([]);
  });
});
