import { WebSocket } from 'ws';
import { HeartbeatEvent, HeartbeatMethod, WS_CLOSE, buildHeartbeat, heartbeatFrame, type Session } from '@ptt/contracts';

const RECONNECT_DELAY_MS = 250;

/**
 * A simple handset for tests: keeps one /ws2 socket open, announces itself on every open and
 * sends a presence heartbeat every `heartbeatMs`; reconnects after any close the server did not
 * mean as "log in again" (4000/4001).
 */
export class DeviceClient {
  opens = 0;
  private socket: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly wsUrl: string,
    private readonly session: Session,
    private readonly heartbeatMs = 1_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.socket?.close();
    this.socket = null;
  }

  private open(): void {
    const ws = new WebSocket(`${this.wsUrl}?at=${encodeURIComponent(this.session.auth_token)}`);
    this.socket = ws;
    ws.on('open', () => {
      this.opens += 1;
      this.beat();
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    });
    ws.on('error', () => undefined); // a close follows
    ws.on('close', (code: number) => {
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      if (this.stopped || ws !== this.socket || code === WS_CLOSE.AuthFailed || code === WS_CLOSE.LoggedInElsewhere) return;
      this.retry = setTimeout(() => this.open(), RECONNECT_DELAY_MS);
    });
  }

  private beat(): void {
    const hb = buildHeartbeat({ session: this.session, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, device: 'test handset', now: Date.now() });
    if (this.isOpen()) this.socket!.send(JSON.stringify(heartbeatFrame(this.session, { ...hb, platform: 'Android' })));
  }
}
