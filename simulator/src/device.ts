import { WebSocket, type RawData } from 'ws';
import {
  COMMAND_REPLY_KIND,
  CoordinateSystem,
  CallResultState,
  DEVICE_COMMAND_KIND,
  HeartbeatEvent,
  MSG_COMM_KIND,
  HeartbeatMethod,
  LOCATION_KIND,
  PATROL_SCAN_KIND,
  PATROL_SCAN_RESULT_KIND,
  PING_TOPIC,
  PONG_KIND,
  SOS_KIND,
  WS_CLOSE,
  buildHeartbeat,
  deviceCommandFrameSchema,
  heartbeatFrame,
  msgCommSchema,
  parseWs2Frame,
  patrolScanResultSchema,
  pingFrame,
  topics,
  type Command,
  type CommandReply,
  type DeviceCommandFrame,
  type MsgComm,
  type PatrolScanRequest,
  type PatrolScanResult,
  type Session,
  type Ws2Frame,
} from '@ptt/contracts';
import { call, isTransient, loginDevice, ws2Url } from './api';
import { CallAnswerer, type AnswerMode, type CallAction } from './calls';
import { CommandAnswerer } from './commands';
import type { MediaDriver } from './media/driver';
import { backoffMs, type Limiter } from './limit';
import { pathEnd, positionAt, type TimedPoint } from './patrol';
import { offsetMetres, startWalker, step, type Point, type Random, type Walker } from './walk';

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
  /** Calls rung on the devices, and how many they accepted. */
  callsRung: number;
  callsAccepted: number;
  /** Listen and monitor sessions the devices published into. */
  published: number;
  /** Walks across a fence started (`cross`, and at random with --cross-every). */
  crossings: number;
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
  /** Media (--media): publish into listen and monitor sessions, talk in calls; null without. */
  media?: MediaDriver | null;
  /** How calls ringing on the device are answered. */
  answer?: { mode: AnswerMode; acceptAfterMs: { min: number; max: number } };
}

/** A listen or monitor session the device sends into. */
interface Publishing {
  roomId: string;
  kind: 'audio' | 'video';
  facing: 'front' | 'rear';
  up: boolean;
}

export type DeviceState = 'idle' | 'login' | 'connecting' | 'open' | 'waiting' | 'stopped';
type LoginOutcome = 'ok' | 'retry' | 'fatal';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * One simulated handset: logs in as an android device, keeps a /ws2 socket with heartbeats,
 * reports positions of a random walk, raises SOS when asked and answers commands. It reconnects
 * with back-off when the link or the server goes away, and logs in again if its token is refused.
 * Calls ringing on it are answered after a few seconds (CallAnswerer); with media it talks in
 * them and publishes into listen and monitor sessions (media/driver.ts).
 */
export class SimDevice {
  session: Session | null = null;
  state: DeviceState = 'idle';
  walker: Walker;
  readonly answerer: CommandAnswerer;
  readonly calls: CallAnswerer;
  /** The listen or monitor session it sends into, if any. */
  publishing: Publishing | null = null;
  /** The accepted call it talks in, if any (`up` once its audio is). */
  talking: { callId: number; up: boolean } | null = null;
  private readonly callTimers = new Map<number, NodeJS.Timeout>();
  /** A planned walk (a fence crossing, WGS-84): one point per report, then the random walk goes on from its end. */
  private planned: Point[] = [];
  /** A guard tour's timed walk (WGS-84, patrol.ts): where the device is at each moment until its end. */
  private patrolPath: TimedPoint[] | null = null;
  /** Told of each PatrolScanResult the server sends this device. */
  onPatrolResult: ((result: PatrolScanResult) => void) | null = null;
  private ws: WebSocket | null = null;
  private failures = 0;
  private linkTimers: NodeJS.Timeout[] = [];
  private retryTimer: NodeJS.Timeout | null = null;
  private pongTimer: NodeJS.Timeout | null = null;
  /** Time of the last position sent (speeds of planned points are measured from it). */
  private lastReportAt: number | null = null;

  constructor(
    readonly account: string,
    private readonly ctx: DeviceContext,
  ) {
    this.walker = startWalker(ctx.center, ctx.radiusM, ctx.rnd);
    this.answerer = new CommandAnswerer(ctx.execDelayMs);
    const answer = ctx.answer ?? { mode: 'mix', acceptAfterMs: { min: 2000, max: 5000 } };
    this.calls = new CallAnswerer({ ...answer, canTalk: () => this.canTalk }, ctx.rnd);
    ctx.media?.onEnded((key, why) => this.mediaEnded(key, why));
  }

  /** Whether media works for this device (--media, and Chromium still running). */
  get canTalk(): boolean {
    return this.ctx.media?.alive === true;
  }

  private get monitorKey(): string {
    return `${this.account}/monitor`;
  }
  private get callKey(): string {
    return `${this.account}/call`;
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

  /** Reports these WGS-84 points, one per interval, instead of the random walk (which then resumes from the last). */
  followPath(points: readonly Point[]): void {
    this.planned = [...points];
  }

  /** Still walking a planned path. */
  get following(): boolean {
    return this.planned.length > 0;
  }

  /** Walks this timed path (a patrol run, WGS-84) instead of the random walk until its end; null ends it now. */
  followPatrol(path: TimedPoint[] | null): void {
    this.patrolPath = path && path.length > 0 ? path : null;
  }

  /** On a guard tour's walk. */
  get patrolling(): boolean {
    return this.patrolPath !== null && pathEnd(this.patrolPath) >= Date.now();
  }

  /** The device's token while logged in (its own REST reads: /api/me/patrol). */
  get token(): string | null {
    return this.session?.auth_token ?? null;
  }

  /**
   * Reports where the patrol walk has the device at `time` now, stamped `time` (the moment of the
   * fix), besides the regular reports: the point that steps inside a stop's radius is the check-in.
   */
  reportNow(time = Date.now()): boolean {
    if (!this.connected || !this.answerer.active) return false;
    this.report(time);
    return true;
  }

  /**
   * A scanned QR code or NFC tag on the device's patrol topic (kind PatrolScan), with the scan's own
   * id (`data.id`, echoed in the PatrolScanResult); false when not connected.
   */
  sendPatrolScan(scan: PatrolScanRequest, id?: string): boolean {
    if (!this.connected || !this.answerer.active) return false;
    this.sendOwn(topics.patrol, PATROL_SCAN_KIND, id === undefined ? scan : { ...scan, id });
    return true;
  }

  /** Says offline (event 9) and closes; no reconnect afterwards. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopMedia();
    for (const t of this.callTimers.values()) clearTimeout(t);
    this.callTimers.clear();
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
    if (frame.topic !== topics.userListen(this.session.ent.id, this.session.id)) return;
    if (frame.t === PATROL_SCAN_RESULT_KIND) {
      const result = patrolScanResultSchema.safeParse(frame.data);
      if (result.success) this.onPatrolResult?.(result.data);
      return;
    }
    if (frame.t === MSG_COMM_KIND) {
      const comm = msgCommSchema.safeParse(frame.data);
      if (comm.success) this.onCall(comm.data);
      return;
    }
    if (frame.t !== DEVICE_COMMAND_KIND) return;
    const parsed = deviceCommandFrameSchema.safeParse(frame.data);
    if (!parsed.success) return;
    this.ctx.stats.commandsReceived++;
    const command = parsed.data.command;
    if (parsed.data.monitor && this.canTalk && this.answerer.active) {
      this.onMonitor(parsed.data);
      return;
    }
    for (const { afterMs, reply } of this.answerer.plan(parsed.data, { account: this.account, position: this.walker, canPublish: this.canTalk })) {
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
    // Stunned or killed: it stops listening and talking at once.
    if (!this.answerer.active) this.stopMedia();
    if (this.answerer.killed) {
      this.ctx.log(`${this.account}: killed by a remote command; this device stops`);
      void this.stop();
    }
  }

  /**
   * Listen or monitor with media: 'delivered' at once, then publish into the session (or, for a
   * camera command on the video session it already sends, turn the camera) and say 'executed'
   * once the media is up, or 'failed' with why.
   */
  private onMonitor(frame: DeviceCommandFrame): void {
    if (!this.answerer.take(frame)) return;
    const monitor = frame.monitor!;
    const { commandId, command } = frame;
    const media = this.ctx.media!;
    this.answer({ commandId, state: 'delivered' }, command);
    const facing = monitor.facing ?? 'front';
    const detail = monitor.kind === 'video' ? { kind: monitor.kind, facing } : { kind: monitor.kind };
    const current = this.publishing;
    const turning = current !== null && current.up && current.roomId === monitor.roomId && current.kind === 'video' && monitor.kind === 'video';
    let work: Promise<void>;
    if (turning) {
      work = media.turn(this.monitorKey, facing).then(() => {
        current.facing = facing;
      });
    } else {
      const publishing: Publishing = { roomId: monitor.roomId, kind: monitor.kind, facing, up: false };
      this.publishing = publishing;
      work = media.publish({ key: this.monitorKey, token: this.session!.auth_token, roomId: monitor.roomId, kind: monitor.kind, facing, label: this.account }).then(() => {
        publishing.up = true;
        this.ctx.stats.published++;
      });
    }
    work.then(
      () => this.answer({ commandId, state: 'executed', detail }, command),
      (err: unknown) => {
        if (!turning) this.publishing = null;
        this.ctx.log(`${this.account}: ${monitor.kind === 'video' ? 'monitor' : 'listen'} failed: ${err instanceof Error ? err.message : String(err)}`);
        this.answer({ commandId, state: 'failed', detail: err instanceof Error ? err.message.slice(0, 200) : 'media failed' }, command);
      },
    );
  }

  /** A call's state changed: answer one that rings here, talk in an accepted one, let go of an ended one. */
  private onCall(f: MsgComm): void {
    const self = this.session!.id;
    const ended = f.result === CallResultState.Hangup || f.result === CallResultState.Exception;
    if (ended) {
      const timer = this.callTimers.get(f.callId);
      if (timer) clearTimeout(timer);
      this.callTimers.delete(f.callId);
      if (this.talking?.callId === f.callId) {
        this.ctx.media?.stop(this.callKey);
        this.talking = null;
      }
      return;
    }
    if (f.result === CallResultState.Wait && f.calleeId === self) {
      const plan = this.calls.plan(f.callId);
      if (!plan) return;
      this.ctx.stats.callsRung++;
      const action = plan.action;
      if (action === 'none') return;
      const timer = setTimeout(() => {
        this.callTimers.delete(f.callId);
        void this.act(f.callId, action);
      }, plan.afterMs);
      timer.unref();
      this.callTimers.set(f.callId, timer);
      return;
    }
    // Accepted (by us, or by the peer we called): join the call's room and talk.
    if (f.result === CallResultState.Accept && f.chatId && this.talking?.callId !== f.callId && this.canTalk) {
      const talking = { callId: f.callId, up: false };
      this.talking = talking;
      this.ctx.media!
        .joinCall({ key: this.callKey, token: this.session!.auth_token, chatId: f.chatId, label: this.account })
        .then(() => {
          talking.up = true;
        })
        .catch((err: unknown) => {
          if (this.talking === talking) this.talking = null;
          this.ctx.log(`${this.account}: call ${f.callId}: no audio (${err instanceof Error ? err.message : String(err)})`);
        });
    }
  }

  private async act(callId: number, action: Exclude<CallAction, 'none'>): Promise<void> {
    const session = this.session;
    if (!session || !this.connected) return;
    const path = `/api/calls/${callId}/${action === 'accept' ? 'accept' : 'reject'}`;
    try {
      await call(this.ctx.url, 'POST', path, session.auth_token, action === 'busy' ? { busy: true } : {});
      if (action === 'accept') this.ctx.stats.callsAccepted++;
    } catch (err) {
      // The caller gave up meanwhile (2038, 2039): nothing to answer any more.
      if (!(err instanceof Error && /\b(2038|2039)\b/.test(err.message))) {
        this.ctx.log(`${this.account}: could not ${action} call ${callId}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private mediaEnded(key: string, why: string): void {
    if (key === this.monitorKey && this.publishing) {
      this.publishing = null;
      if (why !== 'the room was closed') this.ctx.log(`${this.account}: stopped sending (${why})`);
    }
    if (key === this.callKey) this.talking = null;
  }

  private stopMedia(): void {
    if (this.publishing) this.ctx.media?.stop(this.monitorKey);
    if (this.talking) this.ctx.media?.stop(this.callKey);
    this.publishing = null;
    this.talking = null;
  }

  private report(time = Date.now()): void {
    if (!this.answerer.active) return;
    const planned = this.planned.shift();
    let patrol: Point | null = null;
    if (!planned && this.patrolPath) {
      patrol = positionAt(this.patrolPath, time);
      // Past its end the random walk goes on from where the tour left the device.
      if (time >= pathEnd(this.patrolPath)) this.patrolPath = null;
    }
    const to = planned ?? patrol;
    // A planned point is in the fence's or node's system (WGS-84) whatever --coord says; the report says so.
    const coord = to ? CoordinateSystem.WGS : this.ctx.coord;
    this.walker = to ? this.walkTo(to, time) : step(this.walker, this.ctx.center, this.ctx.radiusM, this.ctx.intervalMs, this.ctx.rnd);
    this.lastReportAt = time;
    const w = this.walker;
    this.sendOwn(topics.location, LOCATION_KIND, {
      lng: round6(w.lng),
      lat: round6(w.lat),
      coord,
      time,
      speed: Math.round(w.speed * 10) / 10,
      heading: Math.round(w.heading),
      accuracy: 5,
    });
    this.ctx.stats.positions++;
  }

  /** The walker at a planned point, heading and speed as it moved there (standing still keeps the heading). */
  private walkTo(p: Point, time: number): Walker {
    const { east, north } = offsetMetres(this.walker, p);
    const metres = Math.hypot(east, north);
    if (metres < 0.5) return { ...this.walker, ...p, speed: 0 };
    const heading = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
    const seconds = Math.max(1, Math.min(this.ctx.intervalMs, time - (this.lastReportAt ?? time - this.ctx.intervalMs))) / 1000;
    // A far fence is reached in long steps: the report keeps to what the server accepts (1,000 m/s).
    return { lng: p.lng, lat: p.lat, heading, speed: Math.min(999, metres / seconds) };
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
