import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PTT_FLOOR_KIND, ServerCode, topics, type Floor, type PttFloorFrame, type Session } from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { createPttApp, FakeMedia, floorFrame, onlineFrame } from './ptt-fixture';
import { api, loginAs, type TestApp } from './test-app';
import { createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Floor control on one node (memory store) with a media server that records its calls: grant,
// occupied, force-insert, release, max duration, lost connection, membership and channel state,
// temporary channels, and which sockets hear about each change.

const ENT = DEMO_ENT_ID;
type Who = 'd' | 'admin' | 'm1' | 'm2' | 'm3' | 'm4';
const ACCOUNTS: Record<Who, string> = { d: 'dispatcher1', admin: 'admin', m1: 'member1', m2: 'member2', m3: 'member3', m4: 'member4' };
/** Connected members of Security (dispatchers are on every seeded channel; admin and member4 are not on it). */
const SECURITY: Who[] = ['d', 'm1', 'm2', 'm3'];

describe('PTT floor control', () => {
  let testDb: TestDb;
  let t: TestApp;
  let media: FakeMedia;
  let recDir: string;
  const s = {} as Record<Who, Session>;
  const ws = {} as Record<Who, WsProbe>;
  let chat = ''; // Security: dispatchers and member1-3

  const call = <T = Floor>(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => api<T>(t.app, method, url, s[who].auth_token, body);
  const press = (who: Who, chatId = chat, extra: Record<string, unknown> = {}) => call(who, 'POST', '/api/ptt/floor', { chatId, ...extra });
  const release = (who: Who, chatId = chat, extra: Record<string, unknown> = {}) => call(who, 'POST', '/api/ptt/floor/release', { chatId, ...extra });

  /** Runs `action`, waits for `reason` at every socket of `to`, then checks nobody else got a PttFloor. */
  async function heardBy(action: () => Promise<unknown>, chatId: string, reason: PttFloorFrame['reason'], to: Who[]): Promise<PttFloorFrame> {
    const marks = new Map((Object.keys(ws) as Who[]).map((w) => [w, ws[w].frames.length]));
    await action();
    const after = (w: Who) => ws[w].frames.slice(marks.get(w));
    for (const w of to) await ws[w].waitFor((f) => floorFrame(chatId, reason)(f) && ws[w].frames.indexOf(f) >= marks.get(w)!, `${reason} at ${w}`);
    await Promise.all(Object.values(ws).map((p) => p.ping()));
    const got = (Object.keys(ws) as Who[]).filter((w) => after(w).some((f) => f.t === PTT_FLOOR_KIND));
    expect(got.sort()).toEqual([...to].sort());
    return after(to[0]!).find(floorFrame(chatId, reason))!.data as PttFloorFrame;
  }

  beforeAll(async () => {
    testDb = await createTestDb('pglite');
    recDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-rec-'));
    media = new FakeMedia(recDir);
    media.recordingMs = 100; // clicks: messages are the bursts suite's
    t = await createPttApp(testDb, { media });
    for (const w of Object.keys(ACCOUNTS) as Who[]) {
      s[w] = await loginAs(t.app, ACCOUNTS[w]);
      ws[w] = await WsProbe.open(t.baseUrl, s[w].auth_token);
      await ws[w].ping();
    }
    const r = await testDb.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Security'", [ENT]);
    chat = `${ENT}-1-${r.rows[0]!.id}`;
  });
  afterAll(async () => {
    await Promise.all(Object.values(ws).map((p) => p.close()));
    await t?.close();
    await testDb?.cleanup();
    rmSync(recDir, { recursive: true, force: true });
  });

  it("grants a free floor, unmutes the talker, and tells the channel's members only", async () => {
    let floor: Floor | null = null;
    let timing = '';
    const frame = await heardBy(async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/ptt/floor', headers: { authorization: `Bearer ${s.m1.auth_token}` }, payload: { chatId: chat } });
      expect(res.statusCode).toBe(200);
      floor = res.json<{ data: Floor }>().data;
      timing = String(res.headers['server-timing']);
    }, chat, 'granted', SECURITY);
    // The server's part of the access time and the media server's within it (diagnostics).
    const [, serverMs, mediaMs] = /^floor;dur=([\d.]+), media;dur=([\d.]+)$/.exec(timing) ?? [];
    expect(Number(serverMs)).toBeGreaterThanOrEqual(Number(mediaMs));
    expect(Number(mediaMs)).toBeGreaterThanOrEqual(0);
    expect(floor!.holder).toEqual({ uid: s.m1.id, nickname: 'Member 1' });
    expect(Date.parse(floor!.until!) - Date.parse(floor!.since!)).toBe(60_000);
    expect(frame).toMatchObject({ holder: floor!.holder, burstId: floor!.burstId, previous: null });
    expect(media.calls).toEqual(expect.arrayContaining([`ensureRoom ${chat}`, `setSpeaker ${chat} ${s.m1.id}`]));
    // Pressing again is the same press: the floor as it is (no media work, no media timing).
    expect((await press('m1')).body.data).toEqual(floor);
    expect((await call<Floor[]>('m2', 'GET', '/api/ptt/floors')).body.data).toEqual([floor]);
    expect((await call<Floor[]>('m4', 'GET', '/api/ptt/floors')).body.data).toEqual([]);
    expect(await media.lookup!([chat])).toEqual(new Map([[chat, s.m1.id]]));
  });

  it("refuses a second talker: 409/2026 'PTT channel occupied' with the current floor; members cannot force", async () => {
    const res = await press('m2');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: ServerCode.ChannelUserNotOperable, msg: 'PTT channel occupied', data: { reason: 'rule.pttChannelOccupied', floor: { holder: { uid: s.m1.id } } } });
    const forced = await press('m2', chat, { force: true });
    expect([forced.status, forced.body.code, forced.body.msg]).toEqual([403, ServerCode.InsufficientPermissions, 'Insufficient permissions']);
  });

  it("lets a non-holder's release pass harmlessly; the holder's release frees and mutes", async () => {
    const other = await release('m2');
    expect([other.status, other.body.data.holder?.uid]).toEqual([200, s.m1.id]);
    const frame = await heardBy(async () => {
      const res = await release('m1');
      expect(res.body.data).toMatchObject({ holder: null, burstId: null });
    }, chat, 'released', SECURITY);
    expect(frame).toMatchObject({ holder: null, previous: { uid: s.m1.id } });
    expect(media.of('setSpeaker')).toContain(`setSpeaker ${chat} null`);
    expect((await release('m1')).body.data.holder).toBeNull();
  });

  it('lets a dispatcher force-insert over the speaker; the previous burst is finished', async () => {
    const first = (await press('m1')).body.data;
    expect((await press('d')).status).toBe(409);
    const frame = await heardBy(async () => {
      const res = await press('d', chat, { force: true });
      expect(res.body.data.holder?.uid).toBe(s.d.id);
    }, chat, 'preempted', SECURITY);
    expect(frame).toMatchObject({ holder: { uid: s.d.id }, previous: { uid: s.m1.id } });
    expect(media.of('setSpeaker').at(-1)).toBe(`setSpeaker ${chat} ${s.d.id}`);
    await waitUntil(() => media.calls.includes(`stopRecording ${chat} ${first.burstId}`));
    // The one who lost the floor letting go of the key changes nothing.
    expect((await release('m1')).body.data.holder?.uid).toBe(s.d.id);
    // One floor per user: the dispatcher cannot also talk in General meanwhile.
    const general = await testDb.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'General'", [ENT]);
    const busy = await press('d', `${ENT}-1-${general.rows[0]!.id}`);
    expect([busy.status, busy.body.code, busy.body.data]).toEqual([409, ServerCode.UserStatusError, { reason: 'rule.callNotSupported', chatId: chat }]);
    await release('d');
  });

  it('ends a talk at its max duration (timeout)', async () => {
    const granted = (await press('m2', chat, { maxDurationS: 0.3 })).body.data;
    expect(Date.parse(granted.until!) - Date.parse(granted.since!)).toBe(300);
    const frame = await ws.m1.waitFor(floorFrame(chat, 'timeout'), 'timeout');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(granted.until!));
    expect(frame.data).toMatchObject({ holder: null, previous: { uid: s.m2.id } });
    expect((await call<Floor[]>('m2', 'GET', '/api/ptt/floors')).body.data).toEqual([]);
    const tooLong = await press('m2', chat, { maxDurationS: 301 });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, ServerCode.ParameterError]);
  });

  it("frees the floor when the holder's last /ws2 connection goes away (left)", async () => {
    ws.m3.send(onlineFrame(s.m3));
    await ws.d.waitFor((f) => f.t === 'OnLine' && (f.data as { uid: number }).uid === s.m3.id, 'm3 online');
    expect((await press('m3')).status).toBe(200);
    await ws.m3.close();
    const frame = await ws.d.waitFor(floorFrame(chat, 'left'), 'left');
    expect(frame.data).toMatchObject({ holder: null, previous: { uid: s.m3.id } });
    expect(frame.topic).toBe(topics.channelListen(ENT, Number(chat.split('-')[2])));
    delete (ws as Partial<Record<Who, WsProbe>>).m3;
  });

  it('lets only members of a live channel talk, with the chat refusals', async () => {
    const expectRefusal = async (who: Who, chatId: string, status: number, code: number, reason?: string) => {
      const res = await press(who, chatId);
      expect([res.status, res.body.code, (res.body.data as { reason?: string } | null)?.reason]).toEqual([status, code, reason]);
    };
    await expectRefusal('m4', chat, 404, ServerCode.ChannelNotFound, 'rule.notFound'); // not on it: does not exist for them
    await expectRefusal('admin', chat, 403, ServerCode.InsufficientPermissions, 'rule.insufficientPermissions'); // staff, not on it
    await expectRefusal('m1', `${SECOND_ENT_ID}-1-1`, 400, ServerCode.ChatIdError, undefined);
    await expectRefusal('m1', `${ENT}-1-999999`, 404, ServerCode.ChannelNotFound, 'rule.notFound');
    await expectRefusal('m1', `${ENT}-2-999999`, 404, ServerCode.NotFound, 'rule.notFound');
  });

  it('ends the talk of a member removed from the channel, and on suspend and disband', async () => {
    const x = (await call<{ id: number }>('admin', 'POST', '/api/channels', { name: 'PTT X', memberIds: [s.d.id, s.m1.id, s.m2.id] })).body.data.id;
    const chatX = `${ENT}-1-${x}`;
    await Promise.all(Object.values(ws).map((p) => p.ping()));
    await press('m2', chatX);
    const left = await heardBy(() => call('admin', 'DELETE', `/api/channels/${x}/members/${s.m2.id}`), chatX, 'left', ['d', 'm1', 'm2']);
    expect(left.previous?.uid).toBe(s.m2.id);
    await press('m1', chatX);
    await heardBy(() => call('admin', 'POST', `/api/channels/${x}/suspend`), chatX, 'closed', ['d', 'm1']);
    expect((await press('m1', chatX)).body).toMatchObject({ code: ServerCode.ChannelAbnormal, data: { reason: 'rule.channelSuspended' } });
    await call('admin', 'POST', `/api/channels/${x}/resume`);
    await press('m1', chatX);
    await heardBy(() => call('admin', 'POST', `/api/channels/${x}/disband`), chatX, 'closed', ['d', 'm1']);
    await waitUntil(() => media.calls.includes(`destroyRoom ${chatX}`));
    expect((await press('m1', chatX)).body).toMatchObject({ code: ServerCode.ChannelAbnormal, data: { reason: 'rule.channelDisbanded' } });
  });

  it("temporary channels: members only, frames on each member's user topic, hang-up ends the talk and the room", async () => {
    const tc = (await call<{ id: number; chatId: string }>('d', 'POST', '/api/temp-channels', { userIds: [s.m4.id] })).body.data;
    expect((await press('m1', tc.chatId)).body).toMatchObject({ code: ServerCode.NotFound, data: { reason: 'rule.notFound' } });
    const granted = await heardBy(() => press('m4', tc.chatId), tc.chatId, 'granted', ['d', 'm4']);
    expect(ws.m4.frames.find(floorFrame(tc.chatId, 'granted'))!.topic).toBe(topics.userListen(ENT, s.m4.id));
    expect(media.calls).not.toContain(`startRecording ${tc.chatId} ${granted.burstId}`); // no chat: nothing kept
    const closed = await heardBy(() => call('d', 'DELETE', `/api/temp-channels/${tc.id}`), tc.chatId, 'closed', ['d', 'm4']);
    expect(closed.previous?.uid).toBe(s.m4.id);
    await waitUntil(() => media.calls.includes(`destroyRoom ${tc.chatId}`));
    expect((await press('m4', tc.chatId)).status).toBe(404);
  });

  it("answers 503/600 'PTT intercom cannot connect' without a working media server, and leaves the floor free", async () => {
    media.available = false;
    const off = await press('m1');
    expect([off.status, off.body.code, off.body.msg, off.body.data]).toEqual([503, ServerCode.ServiceBusy, 'PTT intercom cannot connect', { reason: 'rule.pttCannotConnect' }]);
    media.available = true;
    media.failSetSpeaker = true;
    expect((await press('m1')).body.code).toBe(ServerCode.ServiceBusy);
    media.failSetSpeaker = false;
    expect(media.of('setSpeaker').at(-1)).toBe(`setSpeaker ${chat} null`);
    expect((await call<Floor[]>('m1', 'GET', '/api/ptt/floors')).body.data).toEqual([]);
  });
});

async function waitUntil(check: () => boolean, limitMs = 3_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
