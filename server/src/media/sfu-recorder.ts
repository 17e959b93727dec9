import type { Socket } from 'node:dgram';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OggOpusWriter } from './ogg-opus';
import { bindUdpPort } from './udp-port';

// One burst's recording on the VideoRoom path: Janus `rtp_forward`s the holder's audio to a UDP
// port of this server (sfu-recordings.ts), and the packets become an Ogg Opus file here.

/** Less than one 20 ms audio frame is no recording. */
const MIN_BURST_MS = 20;
/** Janus on the same machine or network: a packet takes far less than this. */
const LINGER_MS = 30;

export class BurstRecorder {
  private readonly writer = new OggOpusWriter();
  private constructor(
    private readonly socket: Socket,
    readonly port: number,
    readonly file: string,
  ) {
    socket.on('message', (msg) => this.writer.addRtp(msg));
  }

  /** A UDP socket on `host` (a free port) whose packets are written to `file` (.ogg). */
  static async open(host: string, file: string): Promise<BurstRecorder> {
    const { socket, port } = await bindUdpPort(host);
    return new BurstRecorder(socket, port, file);
  }

  /** Stops listening and writes the file; null (nothing written) when no audio came. */
  async finish(lingerMs = LINGER_MS): Promise<{ path: string; durationMs: number } | null> {
    // The burst's last packets, sent just before the forwarder stopped, may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, lingerMs));
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
    if (this.writer.durationMs < MIN_BURST_MS) return null;
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(this.file, this.writer.finish());
    return { path: this.file, durationMs: this.writer.durationMs };
  }

  /** Drops the recording (a burst replaced by another, the server closing). */
  discard(): void {
    try {
      this.socket.close();
    } catch {
      // already closed
    }
  }
}
