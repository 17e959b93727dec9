import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAT_MESSAGE_KIND, MessageType, ServerCode, topics, type ChatMessage, type Floor, type Session } from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { createPttApp, FakeMedia, floorFrame, silenceOgg, toneWav } from './ptt-fixture';
import { api, loginAs, type TestApp } from './test-app';
import { createTestDb, type TestDb } from './test-db';
import { WsProbe } from './ws-client';

// Talk bursts become PTT messages (type 8) in the channel's chat: kept on release, time-out and
// force-insert, not when discarded (a press shorter than the press time) or a click; the file
// downloads as the WAV the room recorded; a channel's recent bursts are listed for replay.

const ENT = DEMO_ENT_ID;

describe('PTT bursts become chat messages', () => {
  let testDb: TestDb;
  let t: TestApp;
  let media: FakeMedia;
  let recDir: string;
  const s: Record<string, Session> = {};
  let listener: WsProbe; // member2's socket: on Security
  let chat = '';
  let channelId = 0;

  const call = <T = Floor>(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => api<T>(t.app, method, url, s[who]!.auth_token, body);
  const pttCount = async () =>
    (await testDb.db.query<{ n: number }>('select count(*)::int as n from messages where chat_key = $1 and type = $2', [chat, MessageType.Ptt])).rows[0]!.n;
  /** Presses, waits a moment, releases; resolves when the burst's recording was stopped. */
  async function burst(who: string, release: Record<string, unknown> = {}): Promise<Floor> {
    const floor = (await call(who, 'POST', '/api/ptt/floor', { chatId: chat })).body.data;
    expect(floor.holder?.uid).toBe(s[who]!.id);
    await call(who, 'POST', '/api/ptt/floor/release', { chatId: chat, ...release });
    await waitUntil(() => media.calls.includes(`stopRecording ${chat} ${floor.burstId}`));
    return floor;
  }

  beforeAll(async () => {
    testDb = await createTestDb('pglite');
    recDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-rec-'));
    media = new FakeMedia(recDir);
    t = await createPttApp(testDb, { media });
    for (const account of ['dispatcher1', 'admin', 'member1', 'member2', 'member4']) s[account] = await loginAs(t.app, account);
    channelId = (await testDb.db.query<{ id: number }>("select id from channels where ent_id = $1 and name = 'Security'", [ENT])).rows[0]!.id;
    chat = `${ENT}-1-${channelId}`;
    listener = await WsProbe.open(t.baseUrl, s.member2!.auth_token);
    await listener.ping();
  });
  afterAll(async () => {
    await listener?.close();
    await t?.close();
    await testDb?.cleanup();
    rmSync(recDir, { recursive: true, force: true });
  });

  it("keeps a released burst as a PTT message from the talker, on the channel's topic, whose file plays back as the recorded WAV", async () => {
    const floor = await burst('member1');
    const frame = await listener.waitFor((f) => f.t === CHAT_MESSAGE_KIND && (f.data as ChatMessage).type === MessageType.Ptt, 'PTT message');
    expect(frame.topic).toBe(topics.channelListen(ENT, channelId));
    const message = frame.data as ChatMessage & { content: { fileId: string; durationMs: number } };
    expect(message).toMatchObject({ chatId: chat, channelId, from: { uid: s.member1!.id, nickname: 'Member 1' }, content: { durationMs: 800 } });
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${message.content.fileId}`, headers: { authorization: `Bearer ${s.member2!.auth_token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.equals(toneWav(800))).toBe(true);
    const meta = await call<{ mime: string }>('member2', 'GET', `/api/files/${message.content.fileId}/meta`);
    expect(meta.body.data.mime).toBe('audio/wav');
    // The recording folder only holds bursts in progress.
    expect(readdirSync(recDir)).toEqual([]);
    expect(floor.burstId).toBeTruthy();
    // The talker wrote it: it is not unread for them.
    const chats = await call<{ chatId: string; unread: number }[]>('member1', 'GET', '/api/chats');
    expect(chats.body.data.find((c) => c.chatId === chat)?.unread).toBe(0);
  });

  it('keeps an Ogg Opus recording (the VideoRoom path) as ptt-<burst>.ogg, audio/ogg', async () => {
    media.recordingFormat = 'ogg';
    try {
      const before = await pttCount();
      const floor = await burst('member1');
      await waitFor(async () => (await pttCount()) === before + 1);
      const recent = await call<ChatMessage[]>('member2', 'GET', `/api/ptt/recent/${chat}`);
      const message = recent.body.data[0] as ChatMessage & { content: { fileId: string; durationMs: number } };
      expect(message.content.durationMs).toBe(800);
      const file = await t.app.inject({ method: 'GET', url: `/api/files/${message.content.fileId}`, headers: { authorization: `Bearer ${s.member2!.auth_token}` } });
      expect(file.headers['content-type']).toBe('audio/ogg');
      expect(file.rawPayload.equals(silenceOgg(800))).toBe(true);
      const meta = await call<{ mime: string; name: string }>('member2', 'GET', `/api/files/${message.content.fileId}/meta`);
      expect(meta.body.data).toMatchObject({ mime: 'audio/ogg', name: `ptt-${floor.burstId}.ogg` });
      await waitUntil(() => readdirSync(recDir).length === 0);
    } finally {
      media.recordingFormat = 'wav';
    }
  });

  it('keeps nothing for a discarded press or a click shorter than 300 ms', async () => {
    const before = await pttCount();
    await burst('member1', { discard: true });
    media.recordingMs = 200;
    await burst('member1');
    media.recordingMs = 800;
    // Each recording is deleted once it has been decided on.
    await waitUntil(() => readdirSync(recDir).length === 0);
    expect(await pttCount()).toBe(before);
  });

  it('keeps bursts that end by time-out and by force-insert', async () => {
    const before = await pttCount();
    const timed = (await call('member1', 'POST', '/api/ptt/floor', { chatId: chat, maxDurationS: 0.3 })).body.data;
    await listener.waitFor(floorFrame(chat, 'timeout'), 'timeout');
    await waitUntil(() => media.calls.includes(`stopRecording ${chat} ${timed.burstId}`));
    const taken = (await call('member1', 'POST', '/api/ptt/floor', { chatId: chat })).body.data;
    const forced = (await call('dispatcher1', 'POST', '/api/ptt/floor', { chatId: chat, force: true })).body.data;
    await waitUntil(() => media.calls.includes(`startRecording ${chat} ${forced.burstId}`));
    // The dispatcher's recording starts only after the previous one stopped: one per room.
    expect(media.calls.indexOf(`stopRecording ${chat} ${taken.burstId}`)).toBeLessThan(media.calls.indexOf(`startRecording ${chat} ${forced.burstId}`));
    await call('dispatcher1', 'POST', '/api/ptt/floor/release', { chatId: chat });
    await waitUntil(() => media.of('stopRecording').length === media.of('startRecording').length);
    await waitFor(async () => (await pttCount()) === before + 3);
  });

  it('loses only the message when a recording cannot be kept; the floor works on', async () => {
    const before = await pttCount();
    media.lostRecordings = true;
    await burst('member1');
    media.lostRecordings = false;
    expect((await call('member1', 'POST', '/api/ptt/floor', { chatId: chat })).body.data.holder?.uid).toBe(s.member1!.id);
    await call('member1', 'POST', '/api/ptt/floor/release', { chatId: chat });
    await waitFor(async () => (await pttCount()) === before + 1);
  });

  it("lists a channel's last 20 PTT messages, newest first, to its members only", async () => {
    const before = await pttCount();
    for (let i = 0; i < 17; i++) await burst(i % 2 ? 'member1' : 'dispatcher1');
    await waitFor(async () => (await pttCount()) === before + 17);
    expect(before + 17).toBeGreaterThan(20);
    const recent = await call<ChatMessage[]>('member2', 'GET', `/api/ptt/recent/${chat}`);
    expect(recent.body.data).toHaveLength(20);
    expect(recent.body.data.every((m) => m.type === MessageType.Ptt && m.chatId === chat)).toBe(true);
    const ids = recent.body.data.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const latest = await testDb.db.query<{ id: number }>('select max(id) as id from messages where chat_key = $1 and type = $2', [chat, MessageType.Ptt]);
    expect(ids[0]).toBe(Number(latest.rows[0]!.id));
    const refusal = async (who: string, chatId: string) => {
      const r = await call(who, 'GET', `/api/ptt/recent/${chatId}`);
      return [r.status, r.body.code];
    };
    expect(await refusal('member4', chat)).toEqual([404, ServerCode.ChannelNotFound]);
    expect(await refusal('admin', chat)).toEqual([403, ServerCode.InsufficientPermissions]);
    expect(await refusal('member2', `${SECOND_ENT_ID}-1-1`)).toEqual([400, ServerCode.ChatIdError]);
    expect(await refusal('member2', `${ENT}-2-1`)).toEqual([400, ServerCode.ChatIdError]);
  });
});

async function waitUntil(check: () => boolean, limitMs = 3_000): Promise<void> {
  await waitFor(() => Promise.resolve(check()), limitMs);
}

async function waitFor(check: () => Promise<boolean>, limitMs = 3_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
