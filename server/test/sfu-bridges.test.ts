import { createSocket, type Socket } from 'node:dgram';
import type { JanusJson } from '../src/media/janus-client';
import { BRIDGE_HOLDER } from '../src/media/media-rooms';
import type { SfuRooms } from '../src/media/sfu-rooms';
import { startTestJanus, type TestJanus } from './janus-harness';
import { createSfu, rawPublisher } from './sfu-harness';

// The bridges of patch and all-call (ADR 024) against the real Janus 1.1.2: one remote publisher per
// room, made once and muted; a carry forwards the source's audio to the relay and unmutes the
// targets' bridges only; the watchdog hears the bridge of a bridged room and nobody else; and RTP
// sent to a bridge at SSRC 1000 is taken by Janus while the bridge is heard, not while muted.

let j: TestJanus;
let sfu: SfuRooms;
const calls: JanusJson[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  j = await startTestJanus();
  sfu = createSfu(j);
  const request = sfu.admin.request.bind(sfu.admin);
  sfu.admin.request = (body) => {
    calls.push(body);
    return request(body);
  };
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await sfu?.close();
  await j?.close();
});
beforeEach(() => {
  calls.length = 0;
});

const participants = async (room: string) => (await sfu.admin.request({ request: 'listparticipants', room })).participants as { id: string; display?: string; publisher?: boolean }[];
const moderations = () => calls.filter((c) => c.request === 'moderate').map((c) => ({ room: c.room, id: c.id, mute: c.mute }));

async function sink(): Promise<{ port: number; got: Buffer[] }> {
  const s = createSocket('udp4');
  sockets.push(s);
  const got: Buffer[] = [];
  s.on('message', (m) => got.push(m));
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  return { port: s.address().port, got };
}

describe('SfuRooms bridges', () => {
  it('adds one bridge per room (display bridge, muted), then reuses it', async () => {
    const room = '100001-1-81';
    const [a, b] = await Promise.all([sfu.ensureBridge(room), sfu.ensureBridge(room)]);
    expect(a).toBe(b);
    expect(calls.filter((c) => c.request === 'add_remote_publisher')).toEqual([
      expect.objectContaining({ room, display: 'bridge', streams: [{ type: 'audio', mindex: 0, mid: '0', codec: 'opus', fec: true }] }),
    ]);
    expect(a.port).toBeGreaterThan(0);
    expect(await participants(room)).toEqual([expect.objectContaining({ id: a.id, display: 'bridge' })]);
    expect(moderations()).toContainEqual({ room, id: a.id, mute: true });
    calls.length = 0;
    expect(await sfu.ensureBridge(room)).toBe(a);
    expect(calls).toEqual([]);
  });

  it('carries a talker into other rooms: forward to the relay, targets hear only their bridge; uncarry stops and mutes', async () => {
    const [src, t1, t2] = ['100001-1-82', '100001-1-83', '100001-1-84'];
    await Promise.all([src, t1, t2].map((r) => sfu.ensureRoom(r)));
    const talker = await rawPublisher(j, sfu, src, 5);
    await sfu.admitPublisher(src, talker.feed, 5, ['0']);
    const other = await rawPublisher(j, sfu, t1, 6);
    await sfu.admitPublisher(t1, other.feed, 6, ['0']);
    await sfu.setSpeaker(t1, 6);
    await sfu.setSpeaker(src, 5);
    calls.length = 0;
    const handle = await sfu.carry(src, 5, [t1, t2]);
    const b1 = (await sfu.ensureBridge(t1)).id;
    const b2 = (await sfu.ensureBridge(t2)).id;
    const [carry] = sfu.carriesNow();
    expect(carry).toMatchObject({ source: src, targets: [t1, t2] });
    expect(calls.find((c) => c.request === 'rtp_forward')).toMatchObject({ room: src, publisher_id: talker.feed, streams: [{ mid: '0', port: carry!.relayPort }] });
    expect(moderations()).toEqual(expect.arrayContaining([{ room: t1, id: b1, mute: false }, { room: t1, id: other.feed, mute: true }, { room: t2, id: b2, mute: false }]));
    expect(moderations().filter((m) => m.room === src)).toEqual([]);

    // The watchdog, told the floor of t1 is bridged, leaves the bridge and mutes anyone else heard.
    await sfu.admitPublisher(t1, other.feed, 6, ['0']).catch(() => undefined);
    calls.length = 0;
    await sfu.enforce((ids) => Promise.resolve(new Map(ids.filter((c) => c === t1 || c === t2).map((c) => [c, BRIDGE_HOLDER] as const))));
    expect(moderations().filter((m) => m.id === b1 || m.id === b2)).toEqual([]);

    calls.length = 0;
    await sfu.uncarry(handle);
    expect(sfu.carriesNow()).toEqual([]);
    expect(calls.some((c) => c.request === 'stop_rtp_forward' && c.room === src)).toBe(true);
    expect(moderations()).toEqual(expect.arrayContaining([{ room: t1, id: b1, mute: true }, { room: t2, id: b2, mute: true }]));
    // A plain holder again: the watchdog mutes a bridge heard without a bridged floor.
    await sfu.hearForTest(t2, true);
    calls.length = 0;
    await sfu.enforce((ids) => Promise.resolve(new Map(ids.filter((c) => c === t2).map((c) => [c, 7] as const))));
    expect(moderations()).toContainEqual({ room: t2, id: b2, mute: true });
  });

  it('setSpeaker of a member mutes the bridge', async () => {
    const room = '100001-1-85';
    const b = await sfu.ensureBridge(room);
    const h = await sfu.carry('100001-1-82', 5, [room]);
    calls.length = 0;
    await sfu.setSpeaker(room, 9);
    expect(moderations()).toContainEqual({ room, id: b.id, mute: true });
    await sfu.uncarry(h);
  });

  it('Janus takes SSRC-1000 RTP sent to a heard bridge (seen through a forward of the bridge), none while it is muted', async () => {
    const room = '100001-1-86';
    const b = await sfu.ensureBridge(room);
    const out = await sink();
    const secret = (calls.find((c) => c.request === 'add_remote_publisher' && c.room === room) as { secret: string } | undefined)?.secret;
    await sfu.admin.request({ request: 'rtp_forward', room, publisher_id: b.id, host: '127.0.0.1', secret, admin_key: j.process.adminKey, streams: [{ mid: '0', port: out.port }] });
    const sender = createSocket('udp4');
    sockets.push(sender);
    let seq = 1;
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++, seq++) {
        const p = Buffer.alloc(15);
        p[0] = 0x80;
        p[1] = 111;
        p.writeUInt16BE(seq, 2);
        p.writeUInt32BE(seq * 960, 4);
        p.writeUInt32BE(1000, 8);
        p.set([0xf8, 0xff, 0xfe], 12);
        sender.send(p, b.port, '127.0.0.1');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await burst(10);
    expect(out.got).toHaveLength(0);
    const h = await sfu.carry('100001-1-82', 5, [room]);
    await burst(10);
    await new Promise((r) => setTimeout(r, 50));
    expect(out.got.length).toBeGreaterThanOrEqual(8);
    await sfu.uncarry(h);
    const heard = out.got.length;
    await burst(10);
    expect(out.got.length).toBe(heard);
  });
});
