import { WebSocket } from 'ws';
import type { Ws2Frame } from '@ptt/contracts';

const WAIT_LIMIT_MS = 5_000;

/** A /ws2 test client that records every frame and close, and waits for them. */
export class WsProbe {
  readonly frames: Ws2Frame[] = [];
  closeCode: number | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary) this.frames.push(JSON.parse(data.toString('utf8')) as Ws2Frame);
      this.wake();
    });
    socket.on('close', (code: number) => {
      this.closeCode = code;
      this.wake();
    });
  }

  static open(baseUrl: string, token: string | null): Promise<WsProbe> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws2${token === null ? '' : `?at=${encodeURIComponent(token)}`}`;
    const probe = new WsProbe(new WebSocket(url));
    return new Promise((resolve, reject) => {
      probe.socket.once('open', () => resolve(probe));
      probe.socket.once('error', reject);
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with the first recorded frame matching, waiting for it if needed. */
  async waitFor(match: (f: Ws2Frame) => boolean, what = 'frame'): Promise<Ws2Frame> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_LIMIT_MS} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForClose(): Promise<number> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.closeCode;
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));
  }

  /** Round trip through the server: everything sent before it has been handled. */
  async ping(): Promise<void> {
    const before = this.frames.length;
    this.send({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' });
    await this.waitFor((f) => f.t === 'Pong' && this.frames.indexOf(f) >= before, 'pong');
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
