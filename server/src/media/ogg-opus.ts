// An Ogg Opus file (RFC 7845, RFC 3533) written from the RTP packets Janus forwards for one talk
// burst (sfu-recorder.ts): no external tool. Opus over RTP always has a 48 kHz clock, so RTP
// timestamps are granule positions. A gap in the timestamps (the talker's browser sent nothing, or
// packets were lost) becomes 20 ms Opus silence frames, so time is kept and the granule position
// of every page is the sum of its packets' durations, as players expect.

const SAMPLE_RATE = 48_000;
/** A 20 ms CELT frame that decodes to silence (the frame janus-pp-rec fills gaps with). */
const SILENCE_FRAME = Buffer.from([0xf8, 0xff, 0xfe]);
const SILENCE_SAMPLES = 960;
/** About a second of 20 ms packets per page: small pages, little overhead. */
const PACKETS_PER_PAGE = 50;
/** Gaps longer than this are not filled (a timestamp jump that is not time). */
const MAX_GAP_SAMPLES = 60 * SAMPLE_RATE;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC32: polynomial 0x04c11db7, initial 0, not reflected, no final xor. */
export function oggCrc(buf: Uint8Array): number {
  let crc = 0;
  for (const b of buf) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

/** Samples (at 48 kHz) in one Opus packet, from its TOC byte (RFC 6716 3.1); 0 for a bad packet. */
export function opusPacketSamples(packet: Uint8Array): number {
  if (packet.length === 0) return 0;
  const toc = packet[0]!;
  const config = toc >> 3;
  let frame: number;
  if (config < 12) frame = [480, 960, 1920, 2880][config & 3]!; // SILK: 10, 20, 40, 60 ms
  else if (config < 16) frame = [480, 960][config & 1]!; // Hybrid: 10, 20 ms
  else frame = [120, 240, 480, 960][config & 3]!; // CELT: 2.5, 5, 10, 20 ms
  const code = toc & 3;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 1 || code === 2) frames = 2;
  else frames = packet.length < 2 ? 0 : packet[1]! & 0x3f;
  return frame * frames;
}

/** The payload of an RTP packet with its timestamp; null when it is not RTP version 2. */
export function parseRtp(buf: Uint8Array): { timestamp: number; seq: number; ssrc: number; payload: Buffer } | null {
  if (buf.length < 12 || buf[0]! >> 6 !== 2) return null;
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const cc = b[0]! & 0x0f;
  let at = 12 + cc * 4;
  if (b[0]! & 0x10) {
    if (b.length < at + 4) return null;
    at += 4 + b.readUInt16BE(at + 2) * 4;
  }
  let end = b.length;
  if (b[0]! & 0x20) end -= b[b.length - 1]!;
  if (at >= end) return null;
  return { timestamp: b.readUInt32BE(4), seq: b.readUInt16BE(2), ssrc: b.readUInt32BE(8), payload: Buffer.from(b.subarray(at, end)) };
}

function page(serial: number, seq: number, granule: bigint, flags: number, packets: Buffer[]): Buffer {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header[4] = 0;
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(seq, 18);
  header.writeUInt32LE(0, 22);
  header[26] = lacing.length;
  Buffer.from(lacing).copy(header, 27);
  const out = Buffer.concat([header, ...packets]);
  out.writeUInt32LE(oggCrc(out), 22);
  return out;
}

function opusHead(channels: number): Buffer {
  const b = Buffer.alloc(19);
  b.write('OpusHead', 0, 'ascii');
  b[8] = 1; // version
  b[9] = channels;
  b.writeUInt16LE(0, 10); // pre-skip: the talker's encoder already ran before the burst
  b.writeUInt32LE(SAMPLE_RATE, 12);
  b.writeInt16LE(0, 16); // output gain
  b[18] = 0; // mapping family 0: mono or stereo
  return b;
}

function opusTags(vendor: string): Buffer {
  const v = Buffer.from(vendor, 'utf8');
  const b = Buffer.alloc(8 + 4 + v.length + 4);
  b.write('OpusTags', 0, 'ascii');
  b.writeUInt32LE(v.length, 8);
  v.copy(b, 12);
  b.writeUInt32LE(0, 12 + v.length);
  return b;
}

/** Builds one Ogg Opus file in memory from RTP packets as they come (a burst is at most minutes). */
export class OggOpusWriter {
  private readonly pages: Buffer[] = [];
  private pending: Buffer[] = [];
  private pageSeq = 0;
  private granule = 0n;
  private firstTs: number | null = null;
  /** RTP time (relative to the first packet, 32-bit wrap handled) where the next packet should start. */
  private nextTs = 0;
  private packets = 0;
  /** The stream being written: a second forwarded stream (the holder on two consoles) is ignored. */
  private ssrc: number | null = null;

  constructor(private readonly serial = (Math.random() * 0xffffffff) >>> 0) {
    this.pages.push(page(this.serial, this.pageSeq++, 0n, 0x02, [opusHead(1)]));
    this.pages.push(page(this.serial, this.pageSeq++, 0n, 0, [opusTags('ptt-server')]));
  }

  /** One RTP packet (header included) of the first stream seen; packets older than what was written are dropped. */
  addRtp(buf: Uint8Array): void {
    const rtp = parseRtp(buf);
    if (!rtp) return;
    this.ssrc ??= rtp.ssrc;
    if (rtp.ssrc === this.ssrc) this.addOpus(rtp.timestamp, rtp.payload);
  }

  /** One Opus packet at its RTP timestamp. */
  addOpus(timestamp: number, payload: Buffer): void {
    const samples = opusPacketSamples(payload);
    if (samples === 0) return;
    if (this.firstTs === null) this.firstTs = timestamp;
    const at = (timestamp - this.firstTs) >>> 0; // wraps with the 32-bit RTP clock
    if (at > 0x7fffffff || at < this.nextTs) return; // late or repeated
    const gap = at - this.nextTs;
    if (gap <= MAX_GAP_SAMPLES) for (let filled = 0; filled + SILENCE_SAMPLES <= gap; filled += SILENCE_SAMPLES) this.push(SILENCE_FRAME, SILENCE_SAMPLES);
    this.push(payload, samples);
    this.nextTs = at + samples;
  }

  private push(packet: Buffer, samples: number): void {
    this.pending.push(packet);
    this.granule += BigInt(samples);
    this.packets++;
    if (this.pending.length >= PACKETS_PER_PAGE) this.flush(0);
  }

  private flush(flags: number): void {
    this.pages.push(page(this.serial, this.pageSeq++, this.granule, flags, this.pending));
    this.pending = [];
  }

  /** Audio written so far, in milliseconds (silence fill included). */
  get durationMs(): number {
    return Number((this.granule * 1000n) / BigInt(SAMPLE_RATE));
  }

  get packetCount(): number {
    return this.packets;
  }

  /** The whole file, ending with the end-of-stream page. Call once. */
  finish(): Buffer {
    this.flush(0x04);
    return Buffer.concat(this.pages);
  }
}

export interface OggPage {
  flags: number;
  granule: bigint;
  serial: number;
  seq: number;
  crcOk: boolean;
  packets: Buffer[];
}

/** Reads an Ogg file's pages back (tests and checks); packets spanning pages are not joined. */
export function readOggPages(file: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  for (let at = 0; at < file.length; ) {
    if (file.toString('ascii', at, at + 4) !== 'OggS') throw new Error(`no Ogg page at ${at}`);
    const n = file[at + 26]!;
    const lacing = [...file.subarray(at + 27, at + 27 + n)];
    const bodyLen = lacing.reduce((a, b) => a + b, 0);
    const whole = Buffer.from(file.subarray(at, at + 27 + n + bodyLen));
    const crc = whole.readUInt32LE(22);
    whole.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let body = at + 27 + n;
    let size = 0;
    for (const l of lacing) {
      size += l;
      if (l < 255) {
        packets.push(Buffer.from(file.subarray(body, body + size)));
        body += size;
        size = 0;
      }
    }
    pages.push({ flags: file[at + 5]!, granule: file.readBigInt64LE(at + 6), serial: file.readUInt32LE(at + 14), seq: file.readUInt32LE(at + 18), crcOk: oggCrc(whole) === crc, packets });
    at += 27 + n + bodyLen;
  }
  return pages;
}
