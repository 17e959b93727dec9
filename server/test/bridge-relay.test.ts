import { createSocket, type Socket } from 'node:dgram';
import { BRIDGE_SSRC, BridgeRelay, newBridgeClock, rewriteForBridge } from '../src/media/bridge-relay';

// The relay between a source feed and the bridges (ADR 024): SSRC 1000, the Opus payload type, and
// sequence numbers and timestamps continuous per bridge across sources, over real UDP on loopback.

function rtp(seq: number, ts: number, ssrc: number, pt = 96, marker = false): Buffer {
  const b = Buffer.alloc(12 + 3);
  b[0] = 0x80;
  b[1] = (marker ? 0x80 : 0) | pt;
  b.writeUInt16BE(seq & 0xffff, 2);
  b.writeUInt32BE(ts >>> 0, 4);
  b.writeUInt32BE(ssrc >>> 0, 8);
  b.set([1, 2, 3], 12);
  return b;
}
const head = (b: Buffer) => ({ seq: b.readUInt16BE(2), ts: b.readUInt32BE(4), ssrc: b.readUInt32BE(8), pt: b[1]! & 0x7f, marker: (b[1]! & 0x80) !== 0 });

describe('rewriteForBridge', () => {
  it('sets SSRC 1000 and PT 111, keeps the marker and payload, continues a source within itself', () => {
    const clock = { seq: 500, ts: 10_000, wall: 0 };
    const a = rewriteForBridge(rtp(7, 1_000, 42, 96, true), clock, undefined, 1_000)!;
    expect(head(a.out)).toEqual({ seq: 501, ts: 10_960, ssrc: BRIDGE_SSRC, pt: 111, marker: true });
    expect([...a.out.subarray(12)]).toEqual([1, 2, 3]);
    const b = rewriteForBridge(rtp(8, 1_960, 42), clock, a.mapping, 1_020)!;
    expect(head(b.out)).toMatchObject({ seq: 502, ts: 11_920 });
    expect(clock).toEqual({ seq: 502, ts: 11_920, wall: 1_020 });
  });

  it('a new source continues from the last packet: seq + 1, ts + the wall time since (48 per ms)', () => {
    const clock = { seq: 0xffff, ts: 0xffffff00, wall: 5_000 };
    const a = rewriteForBridge(rtp(30_000, 77, 9), clock, undefined, 7_000)!;
    // 2 s later: 96,000 ticks on; both wrap around.
    expect(head(a.out)).toMatchObject({ seq: 0, ts: (0xffffff00 + 96_000) >>> 0 });
    // The old source's mapping is not reused for another SSRC, nor after a big jump.
    const b = rewriteForBridge(rtp(30_001, 1_037, 10), clock, a.mapping, 7_020)!;
    expect(head(b.out).seq).toBe(1);
    const c = rewriteForBridge(rtp(31_000, 2_000, 10), clock, b.mapping, 7_040)!;
    expect(head(c.out).seq).toBe(2);
  });

  it('a late packet does not move the clock back; non-RTP is dropped', () => {
    const clock = newBridgeClock();
    const a = rewriteForBridge(rtp(10, 0, 1), clock, undefined, 1)!;
    rewriteForBridge(rtp(11, 960, 1), clock, a.mapping, 2);
    const before = { ...clock };
    rewriteForBridge(rtp(9, -960, 1), clock, a.mapping, 3);
    expect(clock).toEqual(before);
    expect(rewriteForBridge(Buffer.from([1, 2, 3]), clock, undefined, 4)).toBeNull();
  });
});

describe('BridgeRelay', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  async function sink(): Promise<{ port: number; got: Buffer[] }> {
    const s = createSocket('udp4');
    sockets.push(s);
    const got: Buffer[] = [];
    s.on('message', (m) => got.push(m));
    await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
    return { port: s.address().port, got };
  }
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(ok()).toBe(true);
  };

  it('sends each packet to every bridge rewritten for that bridge; bursts through two relays stay continuous', async () => {
    const [b1, b2] = [await sink(), await sink()];
    const c1 = newBridgeClock();
    const c2 = newBridgeClock();
    const sender = createSocket('udp4');
    sockets.push(sender);
    const first = await BridgeRelay.open('127.0.0.1');
    first.add({ chatId: 'a', host: '127.0.0.1', port: b1.port, clock: c1 });
    first.add({ chatId: 'b', host: '127.0.0.1', port: b2.port, clock: c2 });
    for (let i = 0; i < 3; i++) sender.send(rtp(100 + i, 5_000 + 960 * i, 1234), first.port, '127.0.0.1');
    await until(() => b1.got.length === 3 && b2.got.length === 3);
    first.close();
    // The next burst, another talker, another relay: the bridges' numbers go on.
    const second = await BridgeRelay.open('127.0.0.1');
    second.add({ chatId: 'a', host: '127.0.0.1', port: b1.port, clock: c1 });
    sender.send(rtp(9, 70, 999), second.port, '127.0.0.1');
    await until(() => b1.got.length === 4);
    second.remove('a');
    sender.send(rtp(10, 1_030, 999), second.port, '127.0.0.1');
    await new Promise((r) => setTimeout(r, 50));
    expect(b1.got).toHaveLength(4);
    second.close();
    const h1 = b1.got.map(head);
    expect(h1.every((h) => h.ssrc === BRIDGE_SSRC)).toBe(true);
    expect(h1.map((h) => (h.seq - h1[0]!.seq) & 0xffff)).toEqual([0, 1, 2, 3]);
    expect(((h1[3]!.ts - h1[2]!.ts) >>> 0) >= 960).toBe(true);
    const h2 = b2.got.map(head);
    expect(h2.map((h) => (h.ts - h2[0]!.ts) >>> 0)).toEqual([0, 960, 1920]);
  });
});
