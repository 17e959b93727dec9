// Test helpers shared by the bridge tests (not exported from the package index).
import type { Session, Ws2Frame } from '@ptt/contracts';
import { WS_READY_STATE_OPEN } from './socket-types';
import type { WebSocketLike } from './socket-types';

export const TEST_SESSION: Session = {
  id: 7,
  ent: { id: 100001, name: 'Demo' },
  auth_token: 'tok en/+=',
  client_id: 'client-1',
  account: 'dispatcher1',
  nickname: 'Dispatcher One',
  role: 1,
};

/** A WebSocket whose network side the test drives by hand. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static last(): FakeWebSocket {
    const ws = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!ws) throw new Error('no socket was created');
    return ws;
  }

  readyState = 0;
  /** Answer every ping with a pong shortly after, like a healthy server. */
  autoPong = false;
  readonly sent: string[] = [];
  closedWith: Array<number | undefined> = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  get closed(): boolean {
    return this.closedWith.length > 0;
  }

  send(data: string): void {
    if (this.readyState !== WS_READY_STATE_OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(data);
    if (this.autoPong && (JSON.parse(data) as Ws2Frame).t === 'Ping') {
      setTimeout(() => this.serverSend({ code: 0, topic: 'sys/ping', data: null, t: 'Pong' }), 0);
    }
  }

  close(code?: number): void {
    this.closedWith.push(code);
    this.readyState = 3;
  }

  // Network side.
  serverOpen(): void {
    this.readyState = WS_READY_STATE_OPEN;
    this.onopen?.({});
  }

  serverSend(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'object' && data !== null && !isBinary(data) ? JSON.stringify(data) : data });
  }

  serverClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  serverError(): void {
    this.onerror?.({ type: 'error' });
  }

  frames(): Ws2Frame[] {
    return this.sent.map((s) => JSON.parse(s) as Ws2Frame);
  }

  framesOfKind(t: string): Ws2Frame[] {
    return this.frames().filter((f) => f.t === t);
  }
}

function isBinary(data: object): boolean {
  return data instanceof ArrayBuffer || ArrayBuffer.isView(data) || (typeof Blob !== 'undefined' && data instanceof Blob);
}
