import type { Socket } from 'node:dgram';
import { bindUdpPort } from './udp-port';

// The server's relay between a source feed and the bridge feeds of other rooms (ADR 024). Janus
// `rtp_forward`s the source's audio to this socket; each packet goes on to each target bridge (a
// VideoRoom remote publisher) rewritten:
// - SSRC 1000: Janus 1.1.2 finds a remote publisher's stream by SSRC only (1000 + 10 x mindex);
// - sequence numbers and timestamps continuous per bridge across bursts and talkers: a subscriber
//   resets its own rewriting only when the SSRC changes, and a bridge's never does, so a jump
//   inside one SSRC would reach the browser's jitter buffer as a burst of loss or a clock jump.
// The continuity lives in the bridge's clock (kept with the bridge for the room's life), not in a
// relay, which lasts one carry.

export const BRIDGE_SSRC = 1000;
/** Janus's Opus payload type for a remote publisher stream (janus_audiocodec_pt). */
export const OPUS_PT = 111;
/** Opus RTP clock: 48 kHz whatever the sampling, so 48 ticks per ms. */
const TICKS_PER_MS = 48;
/** One 20 ms frame: the least a new source advances the timestamp, so no two frames share one. */
const MIN_TS_STEP = 960;
/** A sequence jump bigger than this within one source is a restart, not loss. */
const MAX_SEQ_JUMP = 100;

/** A bridge's last packet out: where the next source continues from. */
export interface BridgeClock {
  seq: number;
  ts: number;
  /** Wall time (ms) of the last packet out; 0: nothing sent yet. */
  wall: number;
}

export function newBridgeClock(): BridgeClock {
  return { seq: Math.floor(Math.random() * 0x10000), ts: Math.floor(Math.random() * 0x100000000), wall: 0 };
}

export interface RelayTarget {
  chatId: string;
  host: string;
  port: number;
  clock: BridgeClock;
}

/** How one source's numbers map onto one bridge's. */
interface Mapping {
  ssrc: number;
  lastIn: number;
  seqOffset: number;
  tsOffset: number;
}

const seqNewer = (a: number, b: number): boolean => a !== b && ((a - b) & 0xffff) < 0x8000;
const seqDistance = (a: number, b: number): number => {
  const d = (a - b) & 0xffff;
  return d < 0x8000 ? d : 0x10000 - d;
};

/**
 * One packet for one bridge: a copy with SSRC 1000, the Opus payload type, and the mapping's
 * sequence number and timestamp. A new source (or a restart of one) continues from the bridge's
 * clock: last sequence + 1, last timestamp + the wall time since (at least one frame). Null for
 * what is not RTP.
 */
export function rewriteForBridge(packet: Buffer, clock: BridgeClock, mapping: Mapping | undefined, now: number): { out: Buffer; mapping: Mapping } | null {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return null;
  const ssrc = packet.readUInt32BE(8);
  const seq = packet.readUInt16BE(2);
  const ts = packet.readUInt32BE(4);
  let m = mapping;
  if (!m || m.ssrc !== ssrc || seqDistance(seq, m.lastIn) > MAX_SEQ_JUMP) {
    const elapsed = clock.wall === 0 ? 0 : Math.max(0, now - clock.wall);
    const outSeq = (clock.seq + 1) & 0xffff;
    const outTs = (clock.ts + Math.max(MIN_TS_STEP, Math.round(elapsed * TICKS_PER_MS))) >>> 0;
    m = { ssrc, lastIn: seq, seqOffset: (outSeq - seq) & 0xffff, tsOffset: (outTs - ts) >>> 0 };
  }
  const outSeq = (seq + m.seqOffset) & 0xffff;
  const outTs = (ts + m.tsOffset) >>> 0;
  const out = Buffer.from(packet);
  out[1] = (packet[1]! & 0x80) | OPUS_PT;
  out.writeUInt16BE(outSeq, 2);
  out.writeUInt32BE(outTs, 4);
  out.writeUInt32BE(BRIDGE_SSRC, 8);
  if (clock.wall === 0 || seqNewer(outSeq, clock.seq)) {
    clock.seq = outSeq;
    clock.ts = outTs;
    clock.wall = now;
  }
  if (seqNewer(seq, m.lastIn)) m.lastIn = seq;
  return { out, mapping: m };
}

/** One carry's socket: receives one source's forward, sends to every target bridge. */
export class BridgeRelay {
  private readonly targets = new Map<string, RelayTarget>();
  private readonly mappings = new Map<string, Mapping>();
  /** Packets received (tests and diagnostics). */
  received = 0;

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
  ) {
    socket.on('message', (msg) => this.relay(msg));
  }

  /** A UDP socket on `host` (a free port), where Janus forwards the source's audio. */
  static async open(host: string): Promise<BridgeRelay> {
    const { socket, port } = await bindUdpPort(host);
    return new BridgeRelay(socket, port);
  }

  add(target: RelayTarget): void {
    this.targets.set(target.chatId, target);
  }

  remove(chatId: string): void {
    this.targets.delete(chatId);
    this.mappings.delete(chatId);
  }

  get size(): number {
    return this.targets.size;
  }

  private relay(packet: Buffer): void {
    this.received++;
    const now = Date.now();
    for (const t of this.targets.values()) {
      const done = rewriteForBridge(packet, t.clock, this.mappings.get(t.chatId), now);
      if (!done) return;
      this.mappings.set(t.chatId, done.mapping);
      this.socket.send(done.out, t.port, t.host);
    }
  }

  close(): void {
    this.targets.clear();
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}
