import { ServerCode } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createMediaTestApp, startTestJanus, type MediaTestApp, type TestJanus } from './janus-harness';
import { createTestApp, loginAs } from './test-app';

// The /janus proxy as janus.js uses it (HTTP transport, our session token as its `token`), in front
// of the real Janus: a logged-in member joins the room of a channel they are in, muted and under
// the name the server gives them; everything else a client could try is refused.

let j: TestJanus;
let t: MediaTestApp;
const seen: string[] = [];
const tokens: Record<'member1' | 'member4', string> = { member1: '', member4: '' };
const uids: Record<'member1' | 'member4', number> = { member1: 0, member4: 0 };
const chats: Record<'General' | 'Security' | 'Logistics', string> = { General: '', Security: '', Logistics: '' };

type J = Record<string, unknown> & { janus?: string; error?: { code: number; reason: string }; data?: { id: number } };

async function call(method: 'GET' | 'POST', url: string, token: string | null, body: Record<string, unknown> = {}): Promise<{ status: number; json: J }> {
  const res = await t.app.inject(
    method === 'GET'
      ? { method, url: token ? `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` : url }
      : { method, url, payload: { transaction: 'tx1', ...body, ...(token ? { token } : {}) } },
  );
  seen.push(res.body);
  return { status: res.statusCode, json: res.json<J>() };
}

async function session(who: keyof typeof tokens): Promise<{ s: number; h: number }> {
  const s = (await call('POST', '/janus', tokens[who], { janus: 'create' })).json.data!.id;
  const h = (await call('POST', `/janus/${s}`, tokens[who], { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).json.data!.id;
  return { s, h };
}

const message = (who: keyof typeof tokens, at: { s: number; h: number }, body: Record<string, unknown>) =>
  call('POST', `/janus/${at.s}/${at.h}`, tokens[who], { janus: 'message', body });

beforeAll(async () => {
  j = await startTestJanus();
  t = await createMediaTestApp('pglite', j.rooms);
  for (const who of ['member1', 'member4'] as const) {
    const s = await loginAs(t.app, who);
    tokens[who] = s.auth_token;
    uids[who] = s.id;
  }
  const r = await t.db.query<{ id: number; name: string }>('select id, name from channels where ent_id = $1', [DEMO_ENT_ID]);
  for (const row of r.rows) if (row.name in chats) chats[row.name as keyof typeof chats] = `${DEMO_ENT_ID}-1-${row.id}`;
});
afterAll(async () => {
  await t?.close();
  await j?.close();
});

describe('GET /api/ptt/media', () => {
  it('tells a logged-in user where janus.js talks to the media server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ptt/media', headers: { authorization: `Bearer ${tokens.member1}` } });
    expect(res.json()).toMatchObject({ code: 0, data: { available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/ptt/media' })).statusCode).toBe(401);
  });

  it('lets the diagnostics page check the Janus PTT uses (its `info` needs no API secret)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/diagnostics/janus', headers: { authorization: `Bearer ${tokens.member1}` } });
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'reachable', server: expect.stringMatching(/1\.1\.2$/) as unknown } });
  });

  it('answers available: false without a media server, which has no /janus', async () => {
    const plain = await createTestApp('pglite');
    try {
      const s = await loginAs(plain.app, 'member1');
      const res = await plain.app.inject({ method: 'GET', url: '/api/ptt/media', headers: { authorization: `Bearer ${s.auth_token}` } });
      expect(res.json()).toMatchObject({ code: 0, data: { available: false, janusPath: '/janus' } });
      expect((await plain.app.inject({ method: 'POST', url: '/janus', payload: { janus: 'create', token: s.auth_token } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('/janus', () => {
  it('refuses requests without a valid session token with 401 and the usual envelope', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await call('POST', '/janus', token, { janus: 'create' });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: ServerCode.AuthorizationFailed });
    }
    const { s } = await session('member1');
    expect((await call('GET', `/janus/${s}?maxev=1`, null)).status).toBe(401);
  });

  it('joins a member to their channel room muted, named by the server, and delivers the events', async () => {
    const at = await session('member1');
    const ack = await message('member1', at, { request: 'join', chatId: chats.Security, codec: 'opus', quality: 4 });
    expect(ack.json).toMatchObject({ janus: 'ack' });
    const events = await call('GET', `/janus/${at.s}?rid=1&maxev=5`, tokens.member1);
    expect(events.json).toMatchObject([{ janus: 'event', plugindata: { data: { audiobridge: 'joined', room: chats.Security } } }]);
    expect(events.json).toHaveLength(1);
    // Joined without JSEP: listed already, muted, under u<uid>.
    expect(await j.rooms.listParticipants(chats.Security)).toEqual([expect.objectContaining({ display: `u${uids.member1}`, muted: true })]);
    const own = await message('member1', at, { request: 'listparticipants', room: chats.Security });
    expect(own.json.plugindata).toMatchObject({ data: { participants: [{ display: `u${uids.member1}` }] } });
    expect((await message('member1', at, { request: 'configure', muted: true })).json).toMatchObject({ janus: 'ack' });
    expect((await message('member1', at, { request: 'configure' })).json).toMatchObject({ janus: 'ack' });
  });

  it('refuses joins the client may not make', async () => {
    const at = await session('member4');
    const refused = async (body: Record<string, unknown>, code: number, reason: RegExp) => {
      const res = await message('member4', at, { request: 'join', ...body });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ janus: 'error', transaction: 'tx1', error: { code } });
      expect(res.json.error!.reason).toMatch(reason);
    };
    await refused({}, 456, /chatId/);
    await refused({ room: chats.Logistics }, 456, /chatId/);
    await refused({ chatId: 'lobby' }, 467, /chatId/);
    // member4 is not in Security.
    await refused({ chatId: chats.Security }, 403, /./);
    await refused({ chatId: chats.Logistics, display: 'Boss' }, 403, /display/);
    await refused({ chatId: chats.Logistics, muted: false }, 403, /muted/);
    await refused({ chatId: chats.Logistics, room: chats.General }, 403, /room/);
    await refused({ chatId: chats.Logistics, rtp: { ip: '127.0.0.1', port: 5000 } }, 403, /rtp/);
    await refused({ chatId: chats.Logistics, pin: 'x', id: 'me', record: true }, 403, /pin|id|record/);
    expect((await j.rooms.listParticipants(chats.Logistics)).map((p) => p.display)).toEqual([]);
  });

  it('refuses unmuting, naming and every request that is the server’s job', async () => {
    const at = await session('member4');
    await message('member4', at, { request: 'join', chatId: chats.Logistics });
    const refused = async (body: Record<string, unknown>, reason: RegExp) => {
      const res = await message('member4', at, body);
      expect(res.json).toMatchObject({ janus: 'error', error: { code: 403 } });
      expect(res.json.error!.reason).toMatch(reason);
    };
    await refused({ request: 'configure', muted: false }, /muted: true only/);
    await refused({ request: 'configure', display: 'Boss' }, /display/);
    await refused({ request: 'configure', volume: 300 }, /volume/);
    for (const request of ['create', 'destroy', 'edit', 'mute', 'unmute', 'mute_room', 'unmute_room', 'enable_recording', 'changeroom', 'rtp_forward', 'stop_rtp_forward', 'play_file', 'kick', 'kick_all', 'allowed', 'list', 'exists']) {
      await refused({ request, room: chats.Logistics, id: 'x' }, new RegExp(`'${request}' is not allowed`));
    }
    await refused({ request: 'listparticipants', room: chats.Security }, /room this handle joined/);
    expect(await j.rooms.listParticipants(chats.Logistics)).toEqual([expect.objectContaining({ display: `u${uids.member4}`, muted: true })]);

    const attach = await call('POST', `/janus/${at.s}`, tokens.member4, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
    expect(attach.json).toMatchObject({ janus: 'error', error: { code: 405 } });
    expect((await call('POST', `/janus/${at.s}`, tokens.member4, { janus: 'claim' })).json).toMatchObject({ error: { code: 403 } });
    expect((await call('POST', '/janus', tokens.member4, { janus: 'info' })).json).toMatchObject({ error: { code: 403 } });
  });

  it("keeps each user to their own Janus sessions", async () => {
    const mine = await session('member1');
    const theirs = await session('member4');
    expect((await call('POST', `/janus/${mine.s}`, tokens.member4, { janus: 'keepalive' })).json).toMatchObject({ error: { code: 458 } });
    expect((await call('GET', `/janus/${mine.s}?maxev=1`, tokens.member4)).json).toMatchObject({ error: { code: 458 } });
    expect((await message('member4', mine, { request: 'leave' })).json).toMatchObject({ error: { code: 458 } });
    expect((await call('POST', `/janus/${mine.s}`, tokens.member4, { janus: 'destroy' })).json).toMatchObject({ error: { code: 458 } });
    // A handle of another session, even one's own, is not this session's.
    expect((await message('member4', { s: theirs.s, h: mine.h }, { request: 'leave' })).json).toMatchObject({ error: { code: 459 } });
    expect((await call('POST', `/janus/${mine.s}`, tokens.member1, { janus: 'keepalive' })).json).toMatchObject({ janus: 'ack' });
    expect((await call('POST', `/janus/${mine.s}`, tokens.member1, { janus: 'destroy' })).json).toMatchObject({ janus: 'success' });
    expect((await call('POST', `/janus/${mine.s}`, tokens.member1, { janus: 'keepalive' })).json).toMatchObject({ error: { code: 458 } });
  });

  // Issue 15: a console logging out revokes its token, then leaves its rooms; those requests got a
  // 401 the browser logged. They may still end the user's own Janus sessions, nothing else.
  it('lets a token that just logged out destroy and stop polling its own sessions, and nothing more', async () => {
    const mine = await session('member4');
    const other = await session('member1');
    const ended = tokens.member4;
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${ended}` } });
    expect(logout.statusCode).toBe(200);
    // Still refused: anything but leaving, and another user's session.
    expect((await call('POST', `/janus/${mine.s}`, ended, { janus: 'keepalive' })).status).toBe(401);
    expect((await call('POST', `/janus/${mine.s}`, ended, { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).status).toBe(401);
    expect((await call('POST', `/janus/${other.s}`, ended, { janus: 'destroy' })).status).toBe(401);
    expect((await call('GET', `/janus/${other.s}?maxev=1`, ended)).status).toBe(401);
    // Leaving its own: the poll ends the Janus way, the destroy reaches Janus.
    const poll = await call('GET', `/janus/${mine.s}?maxev=1`, ended);
    expect([poll.status, poll.json.error?.code]).toEqual([200, 458]);
    const destroy = await call('POST', `/janus/${mine.s}`, ended, { janus: 'destroy' });
    expect([destroy.status, destroy.json.janus]).toEqual([200, 'success']);
    // A token never issued gets the 401 as before.
    expect((await call('POST', `/janus/${other.s}`, 'not-a-token', { janus: 'destroy' })).status).toBe(401);
    tokens.member4 = (await loginAs(t.app, 'member4')).auth_token;
  });

  it('gives up the long poll when the browser goes away, so the next one gets the events', async () => {
    const base = await t.listen();
    const at = await session('member1');
    const gone = new AbortController();
    const poll = fetch(`${base}/janus/${at.s}?maxev=1&token=${tokens.member1}`, { signal: gone.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    gone.abort();
    await poll;
    await new Promise((r) => setTimeout(r, 500));
    await message('member1', at, { request: 'join', chatId: chats.General });
    // Janus answers maxev=1 with the event itself, not an array.
    const events = await call('GET', `/janus/${at.s}?maxev=1`, tokens.member1);
    expect(events.json).toMatchObject({ janus: 'event', plugindata: { data: { audiobridge: 'joined', room: chats.General } } });
  });

  it('never lets a room pin, a room secret or a Janus key out', () => {
    const secrets = [j.process.apiSecret, j.process.adminKey, ...Object.values(chats).map((c) => j.rooms.roomPin(c))];
    const text = seen.join('\n');
    for (const s of secrets) expect(text).not.toContain(s);
    expect(text).not.toMatch(/"(pin|secret|admin_key|apisecret)"/);
  });
});
