import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OperationType, PTT_PATCH_KIND, ServerCode, allCallOriginId, type AllCall, type Floor, type Patch, type PttFloorFrame, type PttPatchFrame, type Session, type Ws2Frame } from '@ptt/contracts';
import { DEMO_ENT_ID } from '../src/seed/demo';
import { createPttApp, FakeMedia, floorFrame, onlineFrame } from './ptt-fixture';
import { api, loginAs, type TestApp } from './test-app';
import { createTestDb, DB_KINDS, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Patch and all-call on the floor side (ADR 024), with the media faked (the bridges against the
// real Janus are sfu-bridges.test.ts's): a patched press takes every patched channel or none, the
// bridged floors carry `via`, release and force-insert act on all of them, the creator leaving ends
// the patch, the operation log has its start and end; an all-call answers per channel.

const ENT = DEMO_ENT_ID;
type Who = 'd' | 'd2' | 'm1' | 'm2' | 'm4';
const ACCOUNTS: Record<Who, string> = { d: 'dispatcher1', d2: 'dispatcher2', m1: 'member1', m2: 'member2', m4: 'member4' };

async function waitUntil(check: () => boolean, limitMs = 3_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DB_KINDS)('PTT patch and all-call on %s', (kind) => {
  let testDb: TestDb;
  let t: TestApp;
  let media: FakeMedia;
  let recDir: string;
  const s = {} as Record<Who, Session>;
  const ws = {} as Record<Who, WsProbe>;
  let sec = ''; // Security: m1, m2, dispatchers
  let log = ''; // Logistics: m4, dispatchers
  let gen = ''; // General: every member, dispatchers
  const idOf = (chatId: string) => Number(chatId.split('-')[2]);

  const call = <T = Floor>(who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => api<T>(t.app, method, url, s[who].auth_token, body);
  const press = (who: Who, chatId: string, extra: Record<string, unknown> = {}) => call(who, 'POST', '/api/ptt/floor', { chatId, ...extra });
  const release = (who: Who, chatId: string) => call(who, 'POST', '/api/ptt/floor/release', { chatId });
  const patch = (who: Who, chatIds: string[]) => call<Patch>(who, 'POST', '/api/ptt/patches', { channelIds: chatIds.map(idOf) });
  /** The next frame matching, after the frames `w` has now. */
  const next = (w: Who, match: (f: Ws2Frame) => boolean, what: string) => {
    const mark = ws[w].frames.length;
    return () => ws[w].waitFor((f) => match(f) && ws[w].frames.indexOf(f) >= mark, what).then((f) => f.data);
  };
  const patchFrame = (state: PttPatchFrame['state']) => (f: Ws2Frame) => f.t === PTT_PATCH_KIND && (f.data as PttPatchFrame).state === state;
  const operations = async (action: string) =>
    (await testDb.db.query<{ detail: Record<string, unknown>; user_id: number }>(`select detail, user_id from operation_logs where type = $1 and detail->>'action' = $2 order by id`, [OperationType.TempChannelCreate, action])).rows;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    recDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-patch-'));
    media = new FakeMedia(recDir);
    media.recordingMs = 100;
    t = await createPttApp(testDb, { media });
    for (const w of Object.keys(ACCOUNTS) as Who[]) {
      s[w] = await loginAs(t.app, ACCOUNTS[w]);
      ws[w] = await WsProbe.open(t.baseUrl, s[w].auth_token);
      await ws[w].ping();
    }
    const ids = await testDb.db.query<{ id: number; name: string }>('select id, name from channels where ent_id = $1', [ENT]);
    const by = (n: string) => `${ENT}-1-${ids.rows.find((r) => r.name === n)!.id}`;
    [sec, log, gen] = [by('Security'), by('Logistics'), by('General')];
  });
  afterAll(async () => {
    await Promise.all(Object.values(ws).map((p) => p.close()));
    await t?.close();
    await testDb?.cleanup();
    rmSync(recDir, { recursive: true, force: true });
  });

  let live: Patch;

  it('patches two channels: staff only, each channel told, listed for members, audited; a patched channel cannot be patched again', async () => {
    expect((await patch('m1', [sec, log])).status).toBe(403);
    const atM1 = next('m1', patchFrame('created'), 'created at m1');
    const atM4 = next('m4', patchFrame('created'), 'created at m4');
    const res = await patch('d', [sec, log]);
    expect(res.status).toBe(200);
    live = res.body.data;
    expect(live).toMatchObject({ channelIds: [idOf(sec), idOf(log)], chatIds: [sec, log], createdBy: { uid: s.d.id, nickname: 'Dispatcher 1' } });
    expect(await atM1()).toEqual({ state: 'created', patch: live, reason: null });
    expect(await atM4()).toEqual({ state: 'created', patch: live, reason: null });
    expect((await call<Patch[]>('m1', 'GET', '/api/ptt/patches')).body.data).toEqual([live]);
    expect((await call<Patch[]>('m4', 'GET', '/api/ptt/patches')).body.data).toEqual([live]);
    const again = await patch('d2', [gen, log]);
    expect([again.status, again.body.code, again.body.msg, again.body.data]).toEqual([409, ServerCode.ChannelUserNotOperable, 'The channel is already in a patch', { reason: 'rule.channelAlreadyPatched', chatId: log }]);
    expect((await patch('d', [sec])).status).toBe(400);
    expect((await operations('patchStart')).map((r) => [r.user_id, r.detail])).toEqual([[s.d.id, { action: 'patchStart', patchId: live.id, channelIds: [idOf(sec), idOf(log)] }]]);
  });

  it('a press in one patched channel takes the other as a bridged floor (via), carried by the media; release frees both', async () => {
    const bridged = next('m4', floorFrame(log, 'granted'), 'bridged grant at m4');
    const own = await press('m1', sec);
    expect(own.status).toBe(200);
    expect(own.body.data.via).toBeUndefined();
    const frame = (await bridged()) as PttFloorFrame;
    expect(frame).toMatchObject({ holder: { uid: s.m1.id }, via: { kind: 'patch', id: live.id, chatId: sec } });
    expect(media.calls).toContain(`carry ${sec} ${s.m1.id} ${log}`);
    expect((await call<Floor[]>('m4', 'GET', '/api/ptt/floors')).body.data).toEqual([expect.objectContaining({ chatId: log, via: { kind: 'patch', id: live.id, chatId: sec } })]);
    // The watchdog hears the bridge in the bridged room, the talker in their own.
    expect(await media.lookup!([sec, log])).toEqual(new Map<string, unknown>([[sec, s.m1.id], [log, 'bridge']]));
    // Only the talker's own room records.
    await waitUntil(() => media.calls.some((c) => c.startsWith(`startRecording ${sec}`)));
    expect(media.calls.some((c) => c.startsWith(`startRecording ${log}`))).toBe(false);
    // Someone pressing in the other patched channel finds it occupied.
    const busy = await press('m4', log);
    expect([busy.status, busy.body.code]).toEqual([409, ServerCode.ChannelUserNotOperable]);

    const freedLog = next('m4', floorFrame(log, 'released'), 'bridged release at m4');
    expect((await release('m1', sec)).body.data.holder).toBeNull();
    expect(await freedLog()).toMatchObject({ holder: null, previous: { uid: s.m1.id } });
    expect(media.calls).toContain(`uncarry ${sec} ${log}`);
    expect((await call<Floor[]>('m1', 'GET', '/api/ptt/floors')).body.data).toEqual([]);
  });

  it('refuses a press while another patched channel is occupied, and takes nothing', async () => {
    // A floor held from before the patch: end the patch, press, patch again.
    expect((await call('d', 'DELETE', `/api/ptt/patches/${live.id}`)).status).toBe(200);
    expect((await press('m4', log)).status).toBe(200);
    live = (await patch('d', [sec, log])).body.data;
    const before = media.calls.length;
    const res = await press('m1', sec);
    expect([res.status, res.body.code, res.body.msg]).toEqual([409, ServerCode.ChannelUserNotOperable, 'PTT channel occupied']);
    expect(res.body.data).toMatchObject({ floor: { chatId: log, holder: { uid: s.m4.id } } });
    expect((await call<Floor[]>('m1', 'GET', '/api/ptt/floors')).body.data).toEqual([]);
    // Refused before anything was taken: no media work at all.
    expect(media.calls.slice(before)).toEqual([]);
  });

  it('a staff force-insert in a patched channel takes the whole patch', async () => {
    const preempted = next('m4', floorFrame(log, 'preempted'), 'preempted at m4');
    const res = await press('d2', sec, { force: true });
    expect(res.status).toBe(200);
    expect(await preempted()).toMatchObject({ holder: { uid: s.d2.id }, previous: { uid: s.m4.id }, via: { kind: 'patch', id: live.id, chatId: sec } });
    const freed = next('m4', floorFrame(log, 'released'), 'released at m4');
    await release('d2', sec);
    await freed();
  });

  it('all-call: an occupied channel is refused with its floor, the other carries the call; release frees it', async () => {
    expect((await call('d', 'DELETE', `/api/ptt/patches/${live.id}`)).status).toBe(200);
    expect((await call('d', 'DELETE', `/api/ptt/patches/${live.id}`)).status).toBe(404);
    expect((await press('m4', log)).status).toBe(200);
    expect((await call('m1', 'POST', '/api/ptt/allcall', { chatIds: [sec, log] })).status).toBe(403);
    const granted = next('m1', floorFrame(sec, 'granted'), 'all-call grant at m1');
    const res = await call<AllCall>('d', 'POST', '/api/ptt/allcall', { chatIds: [sec, log] });
    expect(res.status).toBe(200);
    const origin = allCallOriginId(ENT, s.d.id);
    const { callId, originChatId, results } = res.body.data;
    expect(callId).toEqual(expect.any(String));
    expect(originChatId).toBe(origin);
    expect(results).toEqual([
      { chatId: sec, granted: true, floor: expect.objectContaining({ holder: { uid: s.d.id, nickname: 'Dispatcher 1' }, via: { kind: 'allcall', id: callId, chatId: null } }) as unknown, code: null, reason: null },
      { chatId: log, granted: false, floor: expect.objectContaining({ holder: { uid: s.m4.id, nickname: 'Member 4' } }) as unknown, code: ServerCode.ChannelUserNotOperable, reason: 'pttChannelOccupied' },
    ]);
    expect(await granted()).toMatchObject({ via: { kind: 'allcall', id: callId } });
    expect(media.calls).toEqual(expect.arrayContaining([`setSpeaker ${origin} ${s.d.id}`, `carry ${origin} ${s.d.id} ${sec}`]));
    // The dispatcher may still press elsewhere: bridged floors are not "the user's one floor".
    expect((await press('d', gen)).status).toBe(200);
    await release('d', gen);

    const freed = next('m1', floorFrame(sec, 'released'), 'all-call release at m1');
    const rel = await call<Floor[]>('d', 'POST', '/api/ptt/allcall/release', { callId });
    expect(rel.body.data).toEqual([{ chatId: sec, holder: null, burstId: null, since: null, until: null }]);
    await freed();
    expect(media.calls).toEqual(expect.arrayContaining([`uncarry ${origin} ${sec}`, `setSpeaker ${origin} null`]));
    expect((await call<Floor[]>('d', 'POST', '/api/ptt/allcall/release', { callId })).body.data).toEqual([]);
    // None granted: no call, nothing on air.
    media.calls.length = 0;
    const none = await call<AllCall>('d', 'POST', '/api/ptt/allcall', { chatIds: [log, `${ENT}-1-999999`] });
    expect(none.body.data.callId).toBeNull();
    expect(none.body.data.results.map((r) => [r.granted, r.code, r.reason])).toEqual([
      [false, ServerCode.ChannelUserNotOperable, 'pttChannelOccupied'],
      [false, ServerCode.ChannelNotFound, 'notFound'],
    ]);
    expect(media.calls.filter((c) => c.startsWith('setSpeaker') || c.startsWith('carry'))).toEqual([]);
    await release('m4', log);
  });

  it('patch and all-call need the forwarding path: 409 patchNeedsForwarding', async () => {
    const carry = media.carry;
    media.carry = undefined;
    try {
      const res = await patch('d', [sec, log]);
      expect([res.status, res.body.code, (res.body.data as unknown as { reason: string }).reason]).toEqual([409, ServerCode.ServiceBusy, 'rule.patchNeedsForwarding']);
      expect((await call('d', 'POST', '/api/ptt/allcall', { chatIds: [sec, log] })).status).toBe(409);
    } finally {
      media.carry = carry;
    }
  });

  it('ends the patch when one of its channels is suspended (channel); the press it carried ends too', async () => {
    live = (await patch('d', [sec, log])).body.data;
    expect((await press('m1', sec)).status).toBe(200);
    const ended = next('m1', patchFrame('ended'), 'ended at m1');
    const closed = next('m1', floorFrame(sec, 'closed'), 'closed at m1');
    expect((await call('d', 'POST', `/api/channels/${idOf(log)}/suspend`)).status).toBe(200);
    expect(await ended()).toEqual({ state: 'ended', patch: live, reason: 'channel' });
    await closed();
    expect((await call<Patch[]>('m1', 'GET', '/api/ptt/patches')).body.data).toEqual([]);
    expect((await call('d', 'POST', `/api/channels/${idOf(log)}/resume`)).status).toBe(200);
  });

  it("ends the patch when its dispatcher's last /ws2 connection closes (left), audited", async () => {
    live = (await patch('d', [sec, log])).body.data;
    ws.d.send(onlineFrame(s.d));
    await ws.m1.waitFor((f) => f.t === 'OnLine' && (f.data as { uid: number }).uid === s.d.id, 'd online');
    const ended = next('m1', patchFrame('ended'), 'ended at m1');
    await ws.d.close();
    delete (ws as Partial<Record<Who, WsProbe>>).d;
    expect(await ended()).toEqual({ state: 'ended', patch: live, reason: 'left' });
    expect((await call<Patch[]>('m1', 'GET', '/api/ptt/patches')).body.data).toEqual([]);
    const ends = await operations('patchEnd');
    expect(ends.map((r) => r.detail)).toEqual([
      { action: 'patchEnd', patchId: expect.any(String) as unknown, reason: 'ended' },
      { action: 'patchEnd', patchId: expect.any(String) as unknown, reason: 'ended' },
      { action: 'patchEnd', patchId: expect.any(String) as unknown, reason: 'channel' },
      { action: 'patchEnd', patchId: live.id, reason: 'left' },
    ]);
    expect(ends.at(-1)!.user_id).toBe(s.d.id);
  });
});
