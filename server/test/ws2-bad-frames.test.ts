import { topics } from '@ptt/contracts';
import { INBOUND_FRAME_BURST, INBOUND_FRAMES_PER_S, MAX_INBOUND_FRAME_BYTES } from '../src/ws/connection';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { createTestApp, loginAs, type TestApp } from './test-app';
import { DB_KINDS } from './test-db';
import { WsProbe } from './ws-client';

// Issue 4, acceptance 3: malformed frames, binary frames, unknown topics, topics naming another
// enterprise or user, and oversized frames leave the connection working and change nothing.

const TABLES = ['locations', 'latest_positions', 'sos_records', 'device_commands', 'messages', 'chat_reads'];

describe.each(DB_KINDS)('bad /ws2 frames on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    baseUrl = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const r = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      out[table] = r.rows[0]!.n;
    }
    return out;
  }

  it('ignores every bad frame, keeps the socket open and answering, and changes nothing', async () => {
    const member = await loginAs(t.app, 'member1');
    const other = await loginAs(t.app, 'guard1', SECOND_ENT_ID);
    const dispatcherOther = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
    const sender = await WsProbe.open(baseUrl, member.auth_token);
    const watcher = await WsProbe.open(baseUrl, dispatcherOther.auth_token);
    await sender.ping();
    await watcher.ping();
    const before = await counts();
    const point = { lng: 116.4, lat: 39.9, coord: 0, time: Date.now() };

    const bad: unknown[] = [
      Buffer.from([0x7b, 0x00, 0xff]), // binary
      'not json at all',
      '{"code":0,"topic":',
      JSON.stringify({ topic: 42, t: 'Location', data: point }),
      JSON.stringify({ code: 0, topic: 'no/such/topic', data: point, t: 'Location' }),
      JSON.stringify({ code: 0, topic: 'icoTest/json/device/location/abc/1', data: point, t: 'Location' }),
      // Another enterprise's and another user's topics: the sender may only speak for itself.
      { code: 0, topic: topics.location(SECOND_ENT_ID, other.id), data: point, t: 'Location' },
      { code: 0, topic: topics.sos(SECOND_ENT_ID, other.id), data: point, t: 'Sos' },
      { code: 0, topic: topics.location(DEMO_ENT_ID, member.id + 1), data: point, t: 'Location' },
      { code: 0, topic: topics.commandReply(SECOND_ENT_ID, other.id), data: { commandId: 1, state: 'executed' }, t: 'CommandReply' },
      // The sender's own topics with malformed payloads.
      { code: 0, topic: topics.location(DEMO_ENT_ID, member.id), data: { lng: 500, lat: 'x' }, t: 'Location' },
      { code: 0, topic: topics.location(DEMO_ENT_ID, member.id), data: null, t: 'Location' },
      { code: 0, topic: topics.sos(DEMO_ENT_ID, member.id), data: 'sos', t: 'Sos' },
      { code: 0, topic: topics.commandReply(DEMO_ENT_ID, member.id), data: { commandId: 'x' }, t: 'CommandReply' },
      { code: 0, topic: topics.heartbeat(DEMO_ENT_ID, member.id), data: { eid: SECOND_ENT_ID }, t: 'Heartbeat' },
      // Server-to-client topics sent by a client are not theirs to publish.
      { code: 0, topic: topics.entListen(DEMO_ENT_ID), data: { uid: 1 }, t: 'UserDel' },
      { code: 0, topic: topics.channelListen(SECOND_ENT_ID, 1), data: { text: 'hi' }, t: 'Message' },
      // Oversized: a valid location frame padded past the inbound limit.
      { code: 0, topic: topics.location(DEMO_ENT_ID, member.id), data: { ...point, pad: 'x'.repeat(MAX_INBOUND_FRAME_BYTES) }, t: 'Location' },
    ];
    for (const frame of bad) sender.send(frame);

    await sender.ping(); // still open and answering after all of them
    await new Promise((r) => setTimeout(r, 300)); // past the location batching window
    expect(sender.closeCode).toBeNull();
    expect(await counts()).toEqual(before);
    // Nothing reached the other enterprise's dispatcher but its own pong (and its own
    // organisation's screen counts, sent to staff sockets as they open: ADR 026).
    expect(watcher.frames.filter((f) => f.topic !== 'sys/ping' && !(f.topic === topics.screen(SECOND_ENT_ID) && f.t === 'ScreenCounts'))).toEqual([]);

    // The same socket still does real work: a good location is stored.
    sender.send({ code: 0, topic: topics.location(DEMO_ENT_ID, member.id), data: point, t: 'Location' });
    const deadline = Date.now() + 5_000;
    while ((await counts()).locations === before.locations && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await counts()).locations).toBe(before.locations! + 1);
    await sender.close();
    await watcher.close();
  });

  it('drops frames sent too fast, keeps the socket open, and answers again once the client slows down', async () => {
    const member = await loginAs(t.app, 'member2');
    const sender = await WsProbe.open(baseUrl, member.auth_token);
    await sender.ping();
    await new Promise((r) => setTimeout(r, 100)); // the one token spent is back
    const flood = 4 * INBOUND_FRAME_BURST;
    const started = Date.now();
    for (let i = 0; i < flood; i++) sender.send({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' });
    await sender.ping().catch(() => undefined); // most likely dropped too
    await new Promise((r) => setTimeout(r, 300));
    const pongs = () => sender.frames.filter((f) => f.t === 'Pong').length - 1;
    // The burst, plus what refilled while the flood arrived: the rest was dropped unanswered.
    const refilled = ((Date.now() - started) * INBOUND_FRAMES_PER_S) / 1000;
    expect(pongs()).toBeGreaterThanOrEqual(INBOUND_FRAME_BURST);
    expect(pongs()).toBeLessThanOrEqual(INBOUND_FRAME_BURST + Math.ceil(refilled) + 1);
    expect(pongs()).toBeLessThan(flood);
    expect(sender.closeCode).toBeNull();
    // A flood of positions is bounded the same way: at most a burst of them is read.
    await new Promise((r) => setTimeout(r, (1000 * INBOUND_FRAME_BURST) / INBOUND_FRAMES_PER_S));
    const before = (await t.db.query<{ n: number }>('select count(*)::int as n from locations where user_id = $1', [member.id])).rows[0]!.n;
    const floodAt = Date.now();
    for (let i = 0; i < flood; i++) sender.send({ code: 0, topic: topics.location(DEMO_ENT_ID, member.id), data: { lng: 116.4, lat: 39.9, coord: 0, time: floodAt - i }, t: 'Location' });
    await new Promise((r) => setTimeout(r, 1000)); // refill a little, past the location batching window
    await sender.ping();
    const stored = (await t.db.query<{ n: number }>('select count(*)::int as n from locations where user_id = $1', [member.id])).rows[0]!.n - before;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(INBOUND_FRAME_BURST + Math.ceil(((Date.now() - floodAt) * INBOUND_FRAMES_PER_S) / 1000));
    expect(sender.closeCode).toBeNull();
    await sender.close();
  });
});
