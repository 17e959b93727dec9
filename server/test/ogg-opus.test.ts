import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OggOpusWriter, oggCrc, opusPacketSamples, readOggPages } from '../src/media/ogg-opus';
import { BurstRecorder } from '../src/media/sfu-recorder';

// The VideoRoom path's burst recordings (issue 18): Ogg Opus written by the server from forwarded
// RTP. Read back here page by page: CRCs, granule positions at 48 kHz, headers, gaps kept as time.

/** A 20 ms CELT Opus packet (TOC config 31, code 0) with some payload. */
const frame20 = (n: number): Buffer => Buffer.from([0xf8, n & 0xff, 0x01, 0x02]);

function rtp(seq: number, ts: number, payload: Buffer, ssrc = 0x1234): Buffer {
  const h = Buffer.alloc(12);
  h[0] = 0x80;
  h[1] = 111;
  h.writeUInt16BE(seq & 0xffff, 2);
  h.writeUInt32BE(ts >>> 0, 4);
  h.writeUInt32BE(ssrc, 8);
  return Buffer.concat([h, payload]);
}

describe('Ogg Opus writer', () => {
  it('uses the Ogg CRC (polynomial 0x04c11db7, not reflected)', () => {
    // The CRC-32/MPEG-2 family check value of "123456789" with init 0 and no final xor.
    expect(oggCrc(Buffer.from('123456789'))).toBe(0x89a1897f);
  });

  it('counts samples per Opus packet from the TOC byte', () => {
    expect(opusPacketSamples(Buffer.from([0xf8]))).toBe(960); // CELT 20 ms
    expect(opusPacketSamples(Buffer.from([0x08]))).toBe(960); // SILK 20 ms
    expect(opusPacketSamples(Buffer.from([0xf9]))).toBe(1920); // two 20 ms frames
    expect(opusPacketSamples(Buffer.from([0xfb, 0x03]))).toBe(2880); // code 3, three frames
    expect(opusPacketSamples(Buffer.alloc(0))).toBe(0);
  });

  it('writes headers, pages with valid CRCs and granules that follow the RTP clock, gaps as silence', () => {
    const w = new OggOpusWriter(42);
    const start = 0xffffff00; // the 32-bit RTP clock wraps inside the burst
    let seq = 65530;
    for (let i = 0; i < 120; i++) w.addRtp(rtp(seq++, start + i * 960, frame20(i)));
    // 200 ms with no packets (a mute, a loss), then 10 more packets.
    const resume = start + 120 * 960 + 10 * 960;
    for (let i = 0; i < 10; i++) w.addRtp(rtp(seq++, resume + i * 960, frame20(i)));
    w.addRtp(rtp(seq++, resume, frame20(0))); // a repeat: dropped
    w.addRtp(rtp(7, resume + 10 * 960, frame20(0), 0x9999)); // another stream: ignored
    expect(w.durationMs).toBe(140 * 20);
    const file = w.finish();

    const pages = readOggPages(file);
    expect(pages.every((p) => p.crcOk)).toBe(true);
    expect(pages.every((p) => p.serial === 42)).toBe(true);
    expect(pages.map((p) => p.seq)).toEqual(pages.map((_, i) => i));
    expect(pages[0]!.flags).toBe(0x02);
    expect(pages[0]!.packets[0]!.toString('ascii', 0, 8)).toBe('OpusHead');
    expect(pages[0]!.packets[0]!.readUInt32LE(12)).toBe(48_000);
    expect(pages[1]!.packets[0]!.toString('ascii', 0, 8)).toBe('OpusTags');
    expect(pages[0]!.granule).toBe(0n);
    expect(pages[1]!.granule).toBe(0n);
    expect(pages.at(-1)!.flags & 0x04).toBe(0x04);

    // Every audio page's granule is the sum of the samples of the packets up to its end.
    let samples = 0n;
    const audio = pages.slice(2);
    for (const p of audio) {
      for (const packet of p.packets) samples += BigInt(opusPacketSamples(packet));
      expect(p.granule).toBe(samples);
    }
    expect(samples).toBe(140n * 960n);
    const packets = audio.flatMap((p) => p.packets);
    expect(packets).toHaveLength(140);
    // The gap became ten silence frames, in place.
    expect(packets.slice(120, 130).every((p) => p.equals(Buffer.from([0xf8, 0xff, 0xfe])))).toBe(true);
    expect(packets[130]!.equals(frame20(0))).toBe(true);
  });

  it('records what arrives on its UDP port into a file, and nothing when no audio came', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-ogg-'));
    try {
      const rec = await BurstRecorder.open('127.0.0.1', path.join(dir, 'c', 'b.ogg'));
      const sock = createSocket('udp4');
      for (let i = 0; i < 25; i++) await new Promise<void>((r) => sock.send(rtp(i, 1000 + i * 960, frame20(i)), rec.port, '127.0.0.1', () => r()));
      await new Promise((r) => setTimeout(r, 100));
      sock.close();
      const done = await rec.finish();
      expect(done).toEqual({ path: path.join(dir, 'c', 'b.ogg'), durationMs: 500 });
      const pages = readOggPages(readFileSync(done!.path));
      expect(pages.every((p) => p.crcOk)).toBe(true);
      expect(pages.at(-1)!.granule).toBe(25n * 960n);

      const empty = await BurstRecorder.open('127.0.0.1', path.join(dir, 'c', 'e.ogg'));
      expect(await empty.finish()).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
