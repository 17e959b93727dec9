import fc from 'fast-check';
import { isServerCode } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { MAX_TILE_ZOOM } from '../src/maps/tile-svg';
import { createMediaTestApp, startTestJanus, type MediaTestApp, type TestJanus } from './janus-harness';
import { createTestApp, loginAs, type TestApp } from './test-app';

// The two HTTP surfaces outside the route table (so outside fuzz-routes.test.ts): the /janus proxy
// in front of the real Janus, and the offline map tiles. Requests are drawn by fast-check with a
// fixed seed (PTT_FUZZ_SEED replays another, PTT_FUZZ_RUNS runs more). Whatever arrives: never a
// 5xx, a known answer shape, no secret out, and afterwards every participant of every room is
// still muted under the name the server gave (the proxy's safety rule), and Janus still serves.
const RUNS = Number(process.env.PTT_FUZZ_RUNS ?? 6) * 25;
const SEED = Number(process.env.PTT_FUZZ_SEED ?? 20261207);

type Answer = { status: number; text: string };

describe('fuzz: /janus in front of the real Janus', () => {
  let j: TestJanus;
  let t: MediaTestApp;
  const tokens: string[] = [];
  const chats: string[] = [];
  const seen: string[] = [];

  const send = async (method: 'GET' | 'POST', url: string, payload: string | undefined, contentType: string): Promise<Answer> => {
    const res = await t.app.inject({ method, url, ...(payload === undefined ? {} : { payload, headers: { 'content-type': contentType } }) });
    seen.push(res.body);
    return { status: res.statusCode, text: res.body };
  };
  const post = async (url: string, token: string, body: Record<string, unknown>) => JSON.parse((await send('POST', url, JSON.stringify({ ...body, token }), 'application/json')).text) as {
    janus?: string;
    data?: { id?: number };
  };

  beforeAll(async () => {
    j = await startTestJanus();
    t = await createMediaTestApp('pglite', j.rooms);
    for (const who of ['member1', 'member4']) tokens.push((await loginAs(t.app, who)).auth_token);
    const r = await t.db.query<{ id: number }>('select id from channels where ent_id = $1 order by id', [DEMO_ENT_ID]);
    chats.push(...r.rows.map((row) => `${DEMO_ENT_ID}-1-${row.id}`));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await j?.close();
  });

  it('answers every drawn request without a 5xx, in a known shape, and keeps rooms muted and named by the server', async () => {
    // A session and a handle of member1's per run (a drawn destroy or detach may end them).
    const fresh = async () => {
      const s = (await post('/janus', tokens[0]!, { janus: 'create', transaction: 'f' })).data!.id!;
      const h = (await post(`/janus/${s}`, tokens[0]!, { janus: 'attach', plugin: 'janus.plugin.audiobridge', transaction: 'f' })).data!.id!;
      return { s: String(s), h: String(h) };
    };
    const verb = fc.oneof(fc.constantFrom('create', 'attach', 'message', 'trickle', 'keepalive', 'destroy', 'hangup', 'detach', 'info', 'claim'), fc.string());
    const plugin = fc.oneof(fc.constantFrom('janus.plugin.audiobridge', 'janus.plugin.videoroom', 'janus.plugin.echotest', 'janus.plugin.streaming'), fc.string());
    const request = fc.constantFrom('join', 'configure', 'leave', 'listparticipants', 'create', 'destroy', 'rtp_forward', 'kick', 'mute', 'unmute', 'changeroom', 'play_file', 'joinandconfigure', 'publish', 'subscribe');
    const room = fc.oneof(fc.constantFrom(...chats), fc.string(), fc.integer());
    const pluginBody = fc.oneof(
      fc.record(
        { request, chatId: room, room, muted: fc.boolean(), display: fc.string(), pin: fc.string(), secret: fc.string(), id: fc.oneof(fc.string(), fc.integer()), volume: fc.integer(), record: fc.boolean(), rtp: fc.anything(), ptype: fc.constantFrom('publisher', 'subscriber'), feed: fc.integer() },
        { requiredKeys: ['request'] },
      ),
      fc.anything(),
    );
    const jsep = fc.oneof(fc.record({ type: fc.constantFrom('offer', 'answer', 'pranswer'), sdp: fc.string() }), fc.anything());
    const body = fc.record(
      { janus: verb, plugin, body: pluginBody, jsep, candidate: fc.anything(), candidates: fc.anything(), transaction: fc.oneof(fc.string(), fc.integer()), opaque_id: fc.anything() },
      { requiredKeys: ['janus'] },
    );
    const drawn = fc.record({
      // 0 and 1: member1 and member4 (member4 never owns member1's session); null: none; or garbage.
      who: fc.oneof(fc.constantFrom<number | null>(0, 1, null), fc.string().map((s) => s)),
      target: fc.constantFrom('root', 'session', 'handle', 'otherSession', 'badSession', 'badHandle'),
      junk: fc.string(),
      method: fc.constantFrom<'GET' | 'POST'>('POST', 'POST', 'POST', 'GET'),
      raw: fc.oneof(fc.constant(null), fc.constantFrom('{"janus": ', 'not json', '[]', 'null', '"create"')),
      body,
    });
    const other = await (async () => {
      const s = (await post('/janus', tokens[1]!, { janus: 'create', transaction: 'o' })).data!.id!;
      return String(s);
    })();

    await fc.assert(
      fc.asyncProperty(drawn, async (d) => {
        const own = await fresh();
        const junk = encodeURIComponent(d.junk) || 'x';
        const url = {
          root: '/janus',
          session: `/janus/${own.s}`,
          handle: `/janus/${own.s}/${own.h}`,
          otherSession: `/janus/${other}`,
          badSession: `/janus/${junk}`,
          badHandle: `/janus/${own.s}/${junk}`,
        }[d.target];
        const token = typeof d.who === 'number' ? tokens[d.who]! : d.who;
        // A GET on a live session of one's own is Janus's long poll (up to 30 s): drawn only where
        // it must answer at once.
        const ownPoll = (d.target === 'session' && d.who === 0) || (d.target === 'otherSession' && d.who === 1);
        const method = d.method === 'GET' && ownPoll ? 'POST' : d.method;
        const a =
          method === 'GET'
            ? await send('GET', `${url}?maxev=${encodeURIComponent(d.junk)}${token === null ? '' : `&token=${encodeURIComponent(token)}`}`, undefined, '')
            : await send('POST', url, d.raw ?? JSON.stringify({ ...d.body, ...(token === null ? {} : { token }) }), 'application/json');
        expect(a.status).toBeLessThan(500);
        // No route (a GET on a handle, a path too deep): the plain 404, never the console's page.
        if (a.status === 404 && a.text === 'Not found') return;
        const json = JSON.parse(a.text) as unknown;
        if (a.status === 200) {
          // Janus's own shape: an object with `janus`, or a list of events from a long poll.
          const first: unknown = Array.isArray(json) ? (json as unknown[])[0] : json;
          if (first !== undefined) expect(typeof (first as { janus?: unknown }).janus).toBe('string');
        } else {
          // Ours: the usual envelope with a known code (401 no session, 400 bad JSON, 404 no route).
          expect(isServerCode((json as { code?: unknown }).code)).toBe(true);
        }
        await post(`/janus/${own.s}`, tokens[0]!, { janus: 'destroy', transaction: 'end' });
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );

    // The safety rule held whatever was drawn: nobody unmuted, nobody renamed.
    for (const chatId of chats) {
      for (const p of await j.rooms.listParticipants(chatId).catch(() => [])) {
        expect(p).toMatchObject({ muted: true, display: expect.stringMatching(/^u\d+$/) as unknown });
      }
    }
    // No secret in anything answered.
    const text = seen.join('\n');
    for (const secret of [j.process.apiSecret, j.process.adminKey, ...chats.map((c) => j.rooms.roomPin(c))]) expect(text).not.toContain(secret);
    // Janus and the proxy still serve.
    const s = await post('/janus', tokens[0]!, { janus: 'create', transaction: 'after' });
    expect(s).toMatchObject({ janus: 'success' });
  }, 300_000);
});

describe('fuzz: /tiles/{z}/{x}/{y}.svg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  // The route's contract, written out: 1 to 7 digits each, zoom at most MAX_TILE_ZOOM, x and y
  // inside the zoom's grid; a known caption style or none.
  const valid = (z: string, x: string, file: string): boolean => {
    const m = /^(\d{1,7})\.svg$/.exec(file);
    if (!m || !/^\d{1,7}$/.test(z) || !/^\d{1,7}$/.test(x) || Number(z) > MAX_TILE_ZOOM) return false;
    const n = 2 ** Number(z);
    return Number(x) < n && Number(m[1]) < n;
  };

  it('serves a picture for every valid address and 404 for anything else, never a 5xx or a reflected style', async () => {
    // Not '.' or '..' alone: URLs resolve those before any route sees them (even as %2E%2E).
    const part = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 21 }).map(String),
      fc.constantFrom('...', '..1', '-1', '1e3', ' 1', '01', '0x1', '１', '%00', '00000001', '99999999', '1/../2'),
      fc.string({ minLength: 1 }).filter((v) => v !== '.' && v !== '..'),
    );
    const file = fc.oneof(part.map((y) => `${y}.svg`), part, fc.constantFrom('1.SVG', '1.svg.png', '.svg', '1.svg%00'));
    const style = fc.oneof(fc.constant(undefined), fc.constantFrom('google.roadmap', 'tianditu.satellite', 'baidu.normal'), fc.string());
    // Half the draws at the edge of the grid: zoom 0 to MAX+1, x and y up to one past the last.
    const near = fc
      .integer({ min: 0, max: MAX_TILE_ZOOM + 1 })
      .chain((z) => fc.tuple(fc.constant(String(z)), fc.integer({ min: 0, max: 2 ** z }).map(String), fc.integer({ min: 0, max: 2 ** z }).map((y) => `${y}.svg`)));
    const address = fc.oneof(near, fc.tuple(part, part, file));
    let served = 0;
    await fc.assert(
      fc.asyncProperty(address, style, async ([z, x, f], s) => {
        const seg = (v: string) => encodeURIComponent(v);
        const url = `/tiles/${seg(z)}/${seg(x)}/${seg(f)}${s === undefined ? '' : `?style=${encodeURIComponent(s)}`}`;
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBeLessThan(500);
        if (valid(z, x, f)) {
          expect(res.statusCode).toBe(200);
          served += 1;
          expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
          expect(res.body.startsWith('<svg')).toBe(true);
          expect(res.body).not.toMatch(/<script|on\w+=/i);
          if (s !== undefined && s.includes('<')) expect(res.body).not.toContain(s);
        } else {
          expect(res.statusCode).toBe(404);
        }
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
    // The draws reached both sides of the contract.
    expect(served).toBeGreaterThan(RUNS / 4);
    expect(served).toBeLessThan(RUNS * 2);
  });
});
