import { allCallOriginId } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import type { JanusJson } from '../src/media/janus-client';
import { RoutedMediaRooms, pttPathOf } from '../src/media/media-router';
import type { SfuRooms } from '../src/media/sfu-rooms';
import { createMediaTestApp, startTestJanus, type MediaTestApp, type TestJanus } from './janus-harness';
import { loginAs } from './test-app';
import { audioOffer, createSfu } from './sfu-harness';

// PTT_MEDIA=sfu behind the /janus proxy (issue 18): any member attaches the VideoRoom, joins the
// room of a channel they are in as a publisher or subscriber (room, pin and display added by the
// proxy), and may do nothing that is the server's job. A publisher's JSEP answer is held back in
// the long poll until the server has moderated its audio.

let j: TestJanus;
let sfu: SfuRooms;
let t: MediaTestApp;
const calls: JanusJson[] = [];
const tokens: Record<'member1' | 'member4' | 'dispatcher1', string> = { member1: '', member4: '', dispatcher1: '' };
const uids: Record<'member1' | 'member4' | 'dispatcher1', number> = { member1: 0, member4: 0, dispatcher1: 0 };
const chats: Record<'General' | 'Security' | 'Logistics', string> = { General: '', Security: '', Logistics: '' };

type J = Record<string, unknown> & { janus?: string; error?: { code: number; reason: string }; data?: { id: number } };
type Ev = { janus?: string; sender?: number; jsep?: { type: string; sdp: string }; plugindata?: { data?: Record<string, unknown> } };

async function call(method: 'GET' | 'POST', url: string, token: string, body: Record<string, unknown> = {}): Promise<{ status: number; json: J }> {
  const res = await t.app.inject(
    method === 'GET' ? { method, url: `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` } : { method, url, payload: { transaction: 'tx1', ...body, token } },
  );
  return { status: res.statusCode, json: res.json<J>() };
}

async function videoHandle(who: keyof typeof tokens, s?: number): Promise<{ s: number; h: number }> {
  s ??= (await call('POST', '/janus', tokens[who], { janus: 'create' })).json.data!.id;
  const attached = await call('POST', `/janus/${s}`, tokens[who], { janus: 'attach', plugin: 'janus.plugin.videoroom' });
  expect(attached.json).toMatchObject({ janus: 'success' });
  return { s, h: attached.json.data!.id };
}

const message = (who: keyof typeof tokens, at: { s: number; h: number }, body: Record<string, unknown>, jsep?: Record<string, unknown>) =>
  call('POST', `/janus/${at.s}/${at.h}`, tokens[who], { janus: 'message', body, ...(jsep ? { jsep } : {}) });

/** Polls through the proxy until an event of this handle matches. */
async function pollFor(who: keyof typeof tokens, at: { s: number; h: number }, match: (e: Ev) => boolean): Promise<Ev> {
  for (let i = 0; i < 10; i++) {
    const got = (await call('GET', `/janus/${at.s}?maxev=5`, tokens[who])).json as unknown;
    for (const e of (Array.isArray(got) ? got : [got]) as Ev[]) if (e.sender === at.h && match(e)) return e;
  }
  throw new Error('no such event');
}

beforeAll(async () => {
  j = await startTestJanus();
  sfu = createSfu(j);
  const request = sfu.admin.request.bind(sfu.admin);
  sfu.admin.request = (body) => {
    calls.push(body);
    return request(body);
  };
  t = await createMediaTestApp('pglite', new RoutedMediaRooms(j.rooms, sfu));
  for (const who of ['member1', 'member4', 'dispatcher1'] as const) {
    const s = await loginAs(t.app, who);
    tokens[who] = s.auth_token;
    uids[who] = s.id;
  }
  const r = await t.db.query<{ id: number; name: string }>('select id, name from channels where ent_id = $1', [DEMO_ENT_ID]);
  for (const row of r.rows) if (row.name in chats) chats[row.name as keyof typeof chats] = `${DEMO_ENT_ID}-1-${row.id}`;
});
afterAll(async () => {
  await t?.close();
  await sfu?.close();
  await j?.close();
});

describe('PTT on the VideoRoom through /janus', () => {
  it('says so in GET /api/ptt/media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ptt/media', headers: { authorization: `Bearer ${tokens.member1}` } });
    expect(res.json()).toMatchObject({ code: 0, data: { available: true, janusPath: '/janus', plugin: 'janus.plugin.audiobridge', pttPath: 'sfu' } });
    expect(pttPathOf(j.rooms)).toBe('mix');
  });

  it('refuses an AudioBridge join of a PTT room (calls stay there)', async () => {
    const s = (await call('POST', '/janus', tokens.member4, { janus: 'create' })).json.data!.id;
    const h = (await call('POST', `/janus/${s}`, tokens.member4, { janus: 'attach', plugin: 'janus.plugin.audiobridge' })).json.data!.id;
    const res = await message('member4', { s, h }, { request: 'join', chatId: chats.Logistics });
    expect(res.json).toMatchObject({ janus: 'error', error: { code: 403 } });
    expect(res.json.error!.reason).toMatch(/videoroom/);
  });

  it('admits a publisher to an all-call origin room only for its own dispatcher; nobody subscribes there (ADR 024)', async () => {
    const origin = allCallOriginId(DEMO_ENT_ID, uids.dispatcher1);
    const refused = async (who: keyof typeof tokens, body: Record<string, unknown>, reason: RegExp) => {
      const res = await message(who, await videoHandle(who), { request: 'join', ...body });
      expect(res.json).toMatchObject({ janus: 'error', error: { code: 403 } });
      expect(res.json.error!.reason).toMatch(reason);
    };
    await refused('member1', { ptype: 'publisher', chatId: origin }, /own dispatcher/);
    // A member's own origin id: a member may not all-call.
    await refused('member1', { ptype: 'publisher', chatId: allCallOriginId(DEMO_ENT_ID, uids.member1) }, /own dispatcher/);
    await refused('dispatcher1', { ptype: 'subscriber', chatId: origin, streams: [{ feed: 'x' }] }, /subscribes/);
    // Staff, but another user's origin room (or another enterprise's).
    await refused('dispatcher1', { ptype: 'publisher', chatId: allCallOriginId(DEMO_ENT_ID, uids.member4) }, /own dispatcher/);
    await refused('dispatcher1', { ptype: 'publisher', chatId: allCallOriginId(DEMO_ENT_ID + 1, uids.dispatcher1) }, /own dispatcher/);
    expect(calls.filter((c) => c.room === origin)).toHaveLength(0);

    const at = await videoHandle('dispatcher1');
    expect((await message('dispatcher1', at, { request: 'join', ptype: 'publisher', chatId: origin })).json).toMatchObject({ janus: 'ack' });
    const joined = await pollFor('dispatcher1', at, (e) => e.plugindata?.data?.videoroom === 'joined');
    expect(joined.plugindata?.data).toMatchObject({ room: origin });
    calls.length = 0;
    await message('dispatcher1', at, { request: 'configure', audio: true, video: false }, { type: 'offer', sdp: audioOffer() });
    expect((await pollFor('dispatcher1', at, (e) => e.jsep !== undefined)).jsep).toMatchObject({ type: 'answer' });
    // No call on air: muted before the answer went out.
    expect(calls.filter((c) => c.request === 'moderate').map((c) => [c.room, c.mute])).toEqual([[origin, true]]);
    // The bridge is the server's: a client cannot add one, in its room or any other.
    const bridge = await message('dispatcher1', at, { request: 'add_remote_publisher', room: chats.General, streams: [{ type: 'audio', mindex: 0, mid: '0' }] });
    expect(bridge.json).toMatchObject({ janus: 'error', error: { code: 403 } });
  });

  it('refuses joins the member may not make', async () => {
    const refused = async (body: Record<string, unknown>, code: number, reason: RegExp) => {
      const at = await videoHandle('member4');
      const res = await message('member4', at, { request: 'join', ...body });
      expect(res.json).toMatchObject({ janus: 'error', error: { code } });
      expect(res.json.error!.reason).toMatch(reason);
    };
    // member4 is not in Security; another enterprise's channel is nobody's here.
    await refused({ ptype: 'publisher', chatId: chats.Security }, 403, /./);
    await refused({ ptype: 'publisher', chatId: `${DEMO_ENT_ID + 1}-1-1` }, 403, /./);
    await refused({ ptype: 'subscriber', chatId: chats.Security, streams: [{ feed: 'x' }] }, 403, /./);
    await refused({ ptype: 'publisher', chatId: chats.Logistics, room: chats.General }, 403, /room/);
    await refused({ ptype: 'publisher', chatId: chats.Logistics, display: 'Boss' }, 403, /display/);
    await refused({ ptype: 'publisher', chatId: chats.Logistics, pin: 'x' }, 403, /pin/);
    await refused({ ptype: 'publisher', chatId: chats.Logistics, id: 'me' }, 403, /id/);
    await refused({ ptype: 'listener', chatId: chats.Logistics }, 467, /ptype/);
    await refused({ ptype: 'subscriber', chatId: chats.Logistics }, 456, /streams/);
    expect(calls.filter((c) => c.request === 'create' && c.room === chats.Security)).toHaveLength(0);
  });

  it('holds a publisher’s answer until its audio is moderated, and refuses what is the server’s job', async () => {
    const at = await videoHandle('member4');
    // Not joined yet, and not a PTT join: the monitor rules answer (member4 is not staff).
    expect((await message('member4', at, { request: 'configure', audio: true })).json).toMatchObject({ janus: 'error', error: { code: 405 } });
    expect((await message('member4', at, { request: 'join', ptype: 'publisher', chatId: chats.Logistics })).json).toMatchObject({ janus: 'ack' });
    const joined = await pollFor('member4', at, (e) => e.plugindata?.data?.videoroom === 'joined');
    const feed = String(joined.plugindata!.data!.id);
    expect(joined.plugindata!.data).toMatchObject({ room: chats.Logistics });
    const listed = await sfu.admin.request({ request: 'listparticipants', room: chats.Logistics });
    expect(listed.participants).toEqual([expect.objectContaining({ id: feed, display: `u${uids.member4}` })]);

    const refused = async (body: Record<string, unknown>, reason: RegExp) => {
      const res = await message('member4', at, body);
      expect(res.json).toMatchObject({ janus: 'error', error: { code: 403 } });
      expect(res.json.error!.reason).toMatch(reason);
    };
    for (const request of ['moderate', 'rtp_forward', 'stop_rtp_forward', 'enable_recording', 'kick', 'switch', 'create', 'destroy', 'edit', 'listparticipants', 'listforwarders', 'joinandconfigure', 'start']) {
      await refused({ request, room: chats.Logistics, id: feed, mid: '0', mute: false }, new RegExp(`'${request}' is not allowed`));
    }
    await refused({ request: 'join', ptype: 'publisher', chatId: chats.Logistics }, /twice/);
    await refused({ request: 'configure', audio: true, record: true }, /record/);
    await refused({ request: 'configure', audio: true, display: 'Boss' }, /display/);
    await refused({ request: 'configure', audio: true, streams: [{ mid: '0', send: true }] }, /streams/);
    await refused({ request: 'publish', audio: true, filename: '/tmp/x' }, /filename/);
    expect((await message('member4', at, { request: 'configure', video: true })).json).toMatchObject({ error: { code: 467 } });

    // The moderation is made to wait: the long poll must not hand out the answer meanwhile.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((r) => (open = r));
    const admit = sfu.admitPublisher.bind(sfu);
    sfu.admitPublisher = async (...args) => {
      await gate;
      return admit(...args);
    };
    try {
      calls.length = 0;
      expect((await message('member4', at, { request: 'configure', audio: true, video: false }, { type: 'offer', sdp: audioOffer() })).json).toMatchObject({ janus: 'ack' });
      let answered = false;
      const answer = pollFor('member4', at, (e) => e.jsep !== undefined).then((e) => {
        answered = true;
        return e;
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(answered).toBe(false);
      expect(calls.filter((c) => c.request === 'moderate')).toHaveLength(0);
      open();
      const configured = await answer;
      expect(configured.plugindata!.data).toMatchObject({ videoroom: 'event', configured: 'ok' });
      expect(configured.jsep).toMatchObject({ type: 'answer' });
      expect(calls.filter((c) => c.request === 'moderate').map((c) => ({ room: c.room, id: c.id, mid: c.mid, mute: c.mute }))).toEqual([
        { room: chats.Logistics, id: feed, mid: '0', mute: true },
      ]);
    } finally {
      sfu.admitPublisher = admit;
    }
    // The browser hears of its moderation too.
    await pollFor('member4', at, (e) => e.plugindata?.data?.moderation === 'muted');
  });

  it('unmutes a publisher that holds the floor as it arrives; withholds the answer when moderation fails', async () => {
    const floor = (path: string) =>
      t.app.inject({ method: 'POST', url: `/api/ptt/floor${path}`, headers: { authorization: `Bearer ${tokens.member1}` }, payload: { chatId: chats.Security } });
    expect((await floor('')).json()).toMatchObject({ code: 0 });
    const at = await videoHandle('member1');
    await message('member1', at, { request: 'join', ptype: 'publisher', chatId: chats.Security });
    await pollFor('member1', at, (e) => e.plugindata?.data?.videoroom === 'joined');
    calls.length = 0;
    await message('member1', at, { request: 'configure', audio: true, video: false }, { type: 'offer', sdp: audioOffer() });
    expect((await pollFor('member1', at, (e) => e.jsep !== undefined)).jsep).toMatchObject({ type: 'answer' });
    expect(calls.filter((c) => c.request === 'moderate').map((c) => c.mute)).toEqual([false]);
    expect((await floor('/release')).json()).toMatchObject({ code: 0 });

    const other = await videoHandle('member1');
    await message('member1', other, { request: 'join', ptype: 'publisher', chatId: chats.Security });
    await pollFor('member1', other, (e) => e.plugindata?.data?.videoroom === 'joined');
    const admit = sfu.admitPublisher.bind(sfu);
    sfu.admitPublisher = () => Promise.reject(new Error('Janus said no'));
    try {
      await message('member1', other, { request: 'configure', audio: true, video: false }, { type: 'offer', sdp: audioOffer() });
      const withheld = await pollFor('member1', other, (e) => e.plugindata?.data?.configured === 'ok' || e.plugindata?.data?.error_code !== undefined);
      expect(withheld.jsep).toBeUndefined();
      expect(withheld.plugindata!.data).toMatchObject({ error_code: 499 });
    } finally {
      sfu.admitPublisher = admit;
    }
  });

  it('forwards a subscriber’s join with the room and pin; keeps it to subscriber requests', async () => {
    const at = await videoHandle('member1');
    expect((await message('member1', at, { request: 'join', ptype: 'subscriber', chatId: chats.Security, streams: [{ feed: 'nobody' }] })).json).toMatchObject({ janus: 'ack' });
    // Janus checked the pin first: it only says that the feed does not exist.
    const failed = await pollFor('member1', at, (e) => e.plugindata?.data?.error_code !== undefined);
    expect(failed.plugindata!.data).toMatchObject({ error_code: 428 });
    for (const request of ['moderate', 'rtp_forward', 'enable_recording', 'kick', 'switch', 'create', 'destroy', 'configure', 'publish', 'listparticipants']) {
      const res = await message('member1', at, { request, room: chats.Security, pin: 'x' });
      expect(res.json).toMatchObject({ janus: 'error', error: { code: 403 } });
    }
    for (const body of [{ request: 'start' }, { request: 'pause' }, { request: 'subscribe', streams: [{ feed: 'nobody' }] }, { request: 'unsubscribe', streams: [{ feed: 'nobody' }] }, { request: 'update', subscribe: [{ feed: 'nobody', mid: '0' }] }, { request: 'leave' }]) {
      expect((await message('member1', at, body)).json).toMatchObject({ janus: 'ack' });
    }
    expect((await message('member1', at, { request: 'subscribe', streams: [{ feed: 'nobody', crossrefid: 'x' }] })).json).toMatchObject({ error: { code: 403 } });
  });

  it('keeps monitor rooms to staff and devices', async () => {
    const at = await videoHandle('member4');
    const res = await message('member4', at, { request: 'join', ptype: 'subscriber', chatId: `${DEMO_ENT_ID}-4-1` });
    expect(res.json).toMatchObject({ janus: 'error', error: { code: 405 } });
  });
});
