import { WebSocket, type RawData } from 'ws';
import {
  COMMAND_REPLY_KIND,
  DEVICE_COMMAND_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  LOCATION_KIND,
  PING_TOPIC,
  PONG_KIND,
  SOS_KIND,
  WS_CLOSE,
  buildHeartbeat,
  deviceCommandFrameSchema,
  heartbeatFrame,
  parseWs2Frame,
  pingFrame,
  topics,
  type Command,
  type CommandReply,
  type CoordinateSystem,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { isTransient, loginDevice, ws2Url } from './api';
import { CommandAnswerer } from './commands';
import { backoffMs, type Limiter } from './limit';
import { startWalker, step, type Point, type Random, type Walker } from './walk';

/** Heartbeats repeat like the console's (spec section 4): two at once, then every 60 s. */
export const HEARTBEAT_EVERY_MS = 60_000;
/** Handsets ping less often than the console: enough to notice a dead link within a minute. */
const PING_EVERY_MS = 30_000;
const PONG_LIMIT_MS = 10_000;
/** The heartbeat's `platform`: handsets send their own, not the console's 'Web'. */
export const DEVICE_PLATFORM = 'Android';

export interface FleetStats {
  positions: number;
  commandsReceived: number;
  commandsAnswered: number;
  sos: number;
  reconnects: number;
}

export interface DeviceContext {
  url: string;
  entId: number;
  password: string;
  intervalMs: number;
  center: Point;
  radiusM: number;
  coord: CoordinateSystem;
  /** Delay between `delivered` and the final answer of a command. */
  execDelayMs: number;
  limiter: Limiter;
  stats: FleetStats;
  log: (line: string) => void;
  rnd: Random;
}

export type DeviceState = 'idle' | 'login' | 'connecting' | 'open' | 'waiting' | 'stopped';
type LoginOutcome = 'ok' | 'retry' | 'fatal';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * One simulated handset: logs in as an android device, keeps a /ws2 socket with heartbeats,
 * reports positions of a random walk, raises SOS when asked and answers commands. It reconnects
 * with back-off when the link or the server goes away, and logs in again if its token is refused.
 */
export class SimDevice {
  session: Session | null = null;
  state: DeviceState = 'idle';
  walker: Walker;
  readonly answerer: CommandAnswerer;
  private ws: WebSocket | null = null;
  private failures = 0;
  private linkTimers: NodeJS.Timeout[] = [];
  private retryTimer: NodeJS.Timeout | null = null;
  private pongTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly account: string,
    private readonly ctx: DeviceContext,
  ) {
    this.walker = startWalker(ctx.center, ctx.radiusM, ctx.rnd);
    this.answerer = new CommandAnswerer(ctx.execDelayMs);
  }

  get connected(): boolean {
    return this.state === 'open';
  }

  /** First login and connect; resolves after the login (true when it worked) so callers can count. */
  async start(): Promise<boolean> {
    const outcome = await this.login();
    if (outcome === 'ok') this.connect();
    else if (outcome === 'retry') this.retryLater();
    return outcome === 'ok';
  }

  /** Sends an SOS from where the device is; false when it is not connected or is silenced. */
  raiseSos(): boolean {
    if (!this.connected || !this.answerer.active) return false;
    const data = { lng: round6(this.walker.lng), lat: round6(this.walker.lat), coord: this.ctx.coord, time: Date.now() };
    this.sendOwn(topics.sos, SOS_KIND, data);
    this.ctx.stats.sos++;
    return true;
  }

  /** Says offline (event 9) and closes; no reconnect afterwards. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    if (ws.readyState === WebSocket.OPEN) this.sendHeartbeat(HeartbeatEvent.Offline);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        ws.terminate();
        resolve();
      }, 1000);
      ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      ws.close(WS_CLOSE.Normal);
    });
  }

  private async login(): Promise<LoginOutcome> {
    this.state = 'login';
    try {
      const position = { lng: round6(this.walker.lng), lat: round6(this.walker.lat) };
      const { url, entId, password } = this.ctx;
      this.session = await this.ctx.limiter.run(() => loginDevice(url, { entId, account: this.account, password, position }));
      return this.stopped() ? 'fatal' : 'ok';
    } catch (err) {
      if (this.stopped()) return 'fatal';
      if (isTransient(err)) return 'retry';
      this.ctx.log(`${this.account}: login refused (${err instanceof Error ? err.message : String(err)}); this device stops`);
      this.state = 'stopped';
      return 'fatal';
    }
  }

  /** Read through a method: stop() may change the state while a login is awaited. */
  private stopped(): boolean {
    return this.state === 'stopped';
  }

  private retryLater(): void {
    if (this.state === 'stopped') return;
    this.failures++;
    this.state = 'waiting';
    this.retryTimer = setTimeout(() => void this.reconnect(), backoffMs(this.failures, this.ctx.rnd));
  }

  private async reconnect(): Promise<void> {
    if (this.state === 'stopped') return;
    this.ctx.stats.reconnects++;
    if (!this.session) {
      const outcome = await this.login();
      if (outcome === 'retry') this.retryLater();
      if (outcome !== 'ok') return;
    }
    this.connect();
  }

  private connect(): void {
    const session = this.session!;
    this.state = 'connecting';
    const ws = new WebSocket(ws2Url(this.ctx.url, session.auth_token));
    this.ws = ws;
    ws.on('open', () => this.onOpen());
    ws.on('message', (data: RawData, isBinary: boolean) => {
      // A ws client hands text over as a Buffer (its default binaryType).
      if (!isBinary) this.onFrame(parseWs2Frame((data as Buffer).toString('utf8')));
    });
    // A failed connection emits 'error' and then 'close'; the close decides what happens next.
    ws.on('error', () => undefined);
    ws.on('close', (code: number) => this.onClose(ws, code));
  }

  private onOpen(): void {
    if (this.state === 'stopped') return;
    this.state = 'open';
    this.failures = 0;
    this.sendHeartbeat(HeartbeatEvent.Online);
    this.sendHeartbeat(HeartbeatEvent.Online);
    this.linkTimers.push(setInterval(() => this.sendHeartbeat(HeartbeatEvent.Online), HEARTBEAT_EVERY_MS));
    this.linkTimers.push(setInterval(() => this.ping(), PING_EVERY_MS));
    // Spread the fleet's reports over the interval instead of sending them all at once.
    const first = setTimeout(() => {
      this.report();
      this.linkTimers.push(setInterval(() => this.report(), this.ctx.intervalMs));
    }, Math.floor(this.ctx.rnd() * this.ctx.intervalMs));
    this.linkTimers.push(first);
  }

  private onClose(ws: WebSocket, code: number): void {
    if (ws !== this.ws) return;
    for (const t of this.linkTimers) clearTimeout(t);
    this.linkTimers = [];
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.ws = null;
    if (this.state === 'stopped') return;
    if (code === WS_CLOSE.LoggedInElsewhere) {
      this.ctx.log(`${this.account}: logged in elsewhere; this device stops`);
      this.state = 'stopped';
      return;
    }
    // A refused token (server data reset, logout, account changed): log in again before reconnecting.
    if (code === WS_CLOSE.AuthFailed) this.session = null;
    this.retryLater();
  }

  private onFrame(frame: Ws2Frame | null): void {
    if (!frame || !this.session) return;
    if (frame.topic === PING_TOPIC && frame.t === PONG_KIND) {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      return;
    }
    if (frame.t !== DEVICE_COMMAND_KIND || frame.topic !== topics.userListen(this.session.ent.id, this.session.id)) return;
    const parsed = deviceCommandFrameSchema.safeParse(frame.data);
    if (!parsed.success) return;
    this.ctx.stats.commandsReceived++;
    const command = parsed.data.command;
    for (const { afterMs, reply } of this.answerer.plan(parsed.data, { account: this.account, position: this.walker })) {
      // 'delivered' goes at once, so it reaches the server before the final answer.
      if (afterMs === 0) this.answer(reply, command);
      else setTimeout(() => this.answer(reply, command), afterMs).unref();
    }
  }

  private answer(reply: CommandReply, command: Command): void {
    if (!this.connected) return;
    this.sendOwn(topics.commandReply, COMMAND_REPLY_KIND, reply);
    if (reply.state === 'delivered') return;
    this.ctx.stats.commandsAnswered++;
    if (reply.state !== 'executed') return;
    this.answerer.apply(command);
    if (this.answerer.killed) {
      this.ctx.log(`${this.account}: killed by a remote command; this device stops`);
      void this.stop();
    }
  }

  private report(): void {
    if (!this.answerer.active) return;
    this.walker = step(this.walker, this.ctx.center, this.ctx.radiusM, this.ctx.intervalMs, this.ctx.rnd);
    const w = this.walker;
    this.sendOwn(topics.location, LOCATION_KIND, {
      lng: round6(w.lng),
      lat: round6(w.lat),
      coord: this.ctx.coord,
      time: Date.now(),
      speed: Math.round(w.speed * 10) / 10,
      heading: Math.round(w.heading),
      accuracy: 5,
    });
    this.ctx.stats.positions++;
  }

  private ping(): void {
    this.send(pingFrame());
    if (this.pongTimer) return;
    // No pong: the link is dead even if TCP has not noticed; close it and reconnect.
    this.pongTimer = setTimeout(() => {
      this.pongTimer = null;
      this.ws?.terminate();
    }, PONG_LIMIT_MS);
  }

  private sendHeartbeat(event: HeartbeatEvent): void {
    const session = this.session;
    if (!session) return;
    const heartbeat = buildHeartbeat({ session, method: HeartbeatMethod.Presence, event, device: `PTT simulator (${this.account})`, now: Date.now() });
    this.send(heartbeatFrame(session, { ...heartbeat, platform: DEVICE_PLATFORM }));
  }

  /** A frame on one of the device's own topics (`topics.location(entId, userId)` and the like). */
  private sendOwn(topic: (entId: number, userId: number) => string, t: string, data: unknown): void {
    const s = this.session;
    if (s) this.send({ code: 0, topic: topic(s.ent.id, s.id), data, t });
  }

  private send(frame: Ws2Frame): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }
}
