import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  AUTH_FAILED_KIND,
  AUTH_TOPIC,
  CLIENT_TOPIC_KINDS,
  HeartbeatEvent,
  HeartbeatMethod,
  LOGGED_IN_ELSEWHERE_KIND,
  PING_TOPIC,
  ServerCode,
  can,
  WS_CLOSE,
  heartbeatSchema,
  parseTopic,
  parseWs2Frame,
  pongFrame,
  simpleHeartbeatSchema,
  topics,
  type ClientTopicKind,
  type UserStatus,
  type Ws2Frame,
} from '@ptt/contracts';
import type { AuthService, SessionRefusal } from '../auth/auth.service';
import type { ActiveSession } from '../auth/session.repository';
import type { Hub } from './hub';
import type { InboundRouter } from './inbound';
import type { PresenceService } from './presence';
import type { ScreenLink } from './screen-link';

// A client that stops reading must not make the server buffer without bound.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Larger text frames are ignored (the socket stays open); no client frame needs more. */
export const MAX_INBOUND_FRAME_BYTES = 64 * 1024;
/**
 * Sending too fast (docs/protocol.md "Inbound rate"): each socket may send a burst of this many
 * frames, refilled at INBOUND_FRAMES_PER_S. Frames beyond it are dropped unread and counted; the
 * socket stays open, so a device that misbehaves for a moment does not reconnect and log in again.
 */
export const INBOUND_FRAME_BURST = 100;
export const INBOUND_FRAMES_PER_S = 50;
/** A warning per this many dropped frames of one socket (the first included). */
const DROPPED_LOG_EVERY = 1_000;
const CLOSE_INTERNAL_ERROR = 1011;
const CLOSE_TRY_AGAIN_LATER = 1013;

export interface ConnectionDeps {
  hub: Hub;
  auth: AuthService;
  presence: PresenceService;
  inbound: InboundRouter;
  log: FastifyBaseLogger;
  /** No heartbeat for this long: the connection counts as offline (the socket stays open). */
  heartbeatTimeoutMs: number;
  /** The large screen: display credentials, screen sockets' counts (ADR 026). */
  screen: ScreenLink;
}

export interface ConnectionRegistry {
  add(conn: Ws2Connection): void;
  remove(conn: Ws2Connection): void;
}

let nextConnectionId = 1;

/** Sends unless the socket is closed; a client too slow to read is closed instead (1013). */
export function sendGuarded(socket: WebSocket, text: string): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(CLOSE_TRY_AGAIN_LATER, 'client too slow');
    return;
  }
  socket.send(text);
}

const isClientTopic = (kind: string): kind is ClientTopicKind => (CLIENT_TOPIC_KINDS as readonly string[]).includes(kind);

/** One authenticated /ws2 socket: its subscriptions, presence and incoming frames. */
export class Ws2Connection {
  readonly id = nextConnectionId++;
  session: ActiveSession | null = null;
  // Frames that arrive while the token is being checked; handled once it is.
  private pending: RawData[] | null = [];
  private readonly subscriptions = new Map<string, () => void>();
  /** The status this connection announced, or null while it is not online. */
  private status: UserStatus | null = null;
  private quietTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Forgets this socket at the screen counts' ticker (staff with screen.read only). */
  private stopScreenCounts: (() => void) | null = null;
  /** Inbound token bucket: frames this socket may still send now, and when it was last filled. */
  private tokens = INBOUND_FRAME_BURST;
  private tokensAt = Date.now();
  /** Frames dropped because they came too fast. */
  droppedFrames = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    private readonly registry: ConnectionRegistry,
    /** The remote address (`req.ip`), handed to handlers of client-sent frames. */
    private readonly ip: string | null = null,
  ) {
    // Listeners go on before any await, or early frames would be lost.
    socket.on('message', (data, isBinary) => {
      // Counted before anything else, so a flood costs no parsing and cannot pile up while the
      // token is being checked.
      if (!this.takeToken()) return;
      if (isBinary) return;
      if (this.pending) this.pending.push(data);
      else this.handle(data);
    });
    socket.on('close', () => this.onClose());
  }

  async start(token: string | undefined): Promise<void> {
    let session: ActiveSession | null;
    let channelIds: number[] = [];
    let refusal: SessionRefusal | null = null;
    try {
      const found = await this.deps.auth.findSessionWithChannels(token);
      session = found?.session ?? null;
      if (found) channelIds = found.channelIds;
      else refusal = await this.deps.auth.refusal(token);
    } catch (err) {
      this.deps.log.error({ err }, '/ws2 authentication failed unexpectedly');
      this.socket.close(CLOSE_INTERNAL_ERROR, 'server error');
      return;
    }
    if (this.closed) return;
    if (!session) {
      // A reconnect with a token revoked meanwhile hears why, as a live socket would have.
      this.revoke(refusal?.code === ServerCode.LoggedInElsewhere, refusal?.reason ?? null);
      return;
    }
    this.session = session;
    this.registry.add(this);
    const { entId, userId } = session;
    for (const topic of [topics.entListen(entId), topics.userListen(entId, userId), topics.sosAlert(entId), topics.userOnline(entId)]) {
      this.subscribe(topic);
    }
    // Positions of everyone are staff business (location.read); a role change ends the session,
    // so the role read at connect time holds for the socket's life.
    if (can(session.role, 'dispatch.listen')) this.subscribe(topics.dispatch(entId));
    // The large screen's frames (ADR 026) for the staff who may open it; counts come from this
    // node's ticker, straight to the socket.
    if (can(session.role, 'screen.read')) {
      this.subscribe(topics.screen(entId));
      this.stopScreenCounts = this.deps.screen.addScreenSocket(entId, (text) => this.sendText(text));
    }
    for (const channelId of channelIds) this.joinChannel(channelId);

    const early = this.pending ?? [];
    this.pending = null;
    for (const data of early) this.handle(data);
  }

  private subscribe(topic: string): void {
    if (this.subscriptions.has(topic)) return;
    this.subscriptions.set(topic, this.deps.hub.subscribe(topic, (_frame, text) => this.sendText(text)));
  }

  joinChannel(channelId: number): void {
    if (this.session) this.subscribe(topics.channelListen(this.session.entId, channelId));
  }

  leaveChannel(channelId: number): void {
    if (!this.session) return;
    const topic = topics.channelListen(this.session.entId, channelId);
    this.subscriptions.get(topic)?.();
    this.subscriptions.delete(topic);
  }

  /** Ends the connection because its session was revoked: logout, lock, delete (10000) or a newer
   *  login of the same account (10001). */
  revoke(elsewhere: boolean, reason: string | null): void {
    const data = reason === null ? null : { reason };
    if (elsewhere) {
      this.sendFrame({ code: ServerCode.LoggedInElsewhere, topic: AUTH_TOPIC, data, t: LOGGED_IN_ELSEWHERE_KIND });
      this.socket.close(WS_CLOSE.LoggedInElsewhere, LOGGED_IN_ELSEWHERE_KIND);
      return;
    }
    this.sendFrame({ code: ServerCode.AuthorizationFailed, topic: AUTH_TOPIC, data, t: AUTH_FAILED_KIND });
    this.socket.close(WS_CLOSE.AuthFailed, AUTH_FAILED_KIND);
  }

  private sendFrame(frame: Ws2Frame): void {
    this.sendText(JSON.stringify(frame));
  }

  private sendText(text: string): void {
    sendGuarded(this.socket, text);
  }

  /** True when the socket may send one more frame now; counts (and now and then logs) a drop. */
  private takeToken(): boolean {
    const now = Date.now();
    this.tokens = Math.min(INBOUND_FRAME_BURST, this.tokens + ((now - this.tokensAt) * INBOUND_FRAMES_PER_S) / 1000);
    this.tokensAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    if (this.droppedFrames++ % DROPPED_LOG_EVERY === 0) {
      this.deps.log.warn({ connectionId: this.id, userId: this.session?.userId, dropped: this.droppedFrames }, '/ws2 client sends too fast: frames dropped');
    }
    return false;
  }

  /** Binary, oversized, non-JSON and invalid frames are ignored: never an error, never a close. */
  private handle(data: RawData): void {
    const session = this.session;
    if (!session) return;
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (buf.length > MAX_INBOUND_FRAME_BYTES) return;
    const frame = parseWs2Frame(buf.toString('utf8'));
    if (!frame) return;
    if (frame.topic === PING_TOPIC) {
      this.sendFrame(pongFrame());
      return;
    }
    const topic = parseTopic(frame.topic);
    if (!topic || !isClientTopic(topic.kind) || !('userId' in topic)) return;
    // A client may only speak for itself: another user's or enterprise's topic is ignored.
    if (topic.entId !== session.entId || topic.userId !== session.userId) return;
    if (topic.kind === 'heartbeat') this.onHeartbeatFrame(session, frame.data);
    this.deps.inbound.dispatch(topic.kind, { session, connectionId: this.id, ip: this.ip }, frame.t, frame.data).catch((err: unknown) => {
      this.deps.log.error({ err, topic: topic.kind }, '/ws2 frame handler failed');
    });
  }

  private onHeartbeatFrame(session: ActiveSession, data: unknown): void {
    const full = heartbeatSchema.safeParse(data);
    if (full.success) {
      if (full.data.eid !== session.entId || full.data.uid !== session.userId) return;
      const { method, event } = full.data;
      if (event === HeartbeatEvent.Offline) this.goOffline(session, true);
      else if (method === HeartbeatMethod.Presence && event === HeartbeatEvent.Online) this.goOnline(session, full.data.status ?? 'online');
      return;
    }
    // A simple heartbeat `{ t, p, cid }` only says "still here".
    if (simpleHeartbeatSchema.safeParse(data).success) this.goOnline(session, this.status ?? 'online');
  }

  private goOnline(session: ActiveSession, status: UserStatus): void {
    this.armQuietTimer(session);
    const previous = this.status;
    if (previous === status) return;
    this.status = status;
    this.deps.presence.online(session, this.id, status, previous).catch((err: unknown) => this.deps.log.error({ err }, 'presence failed'));
  }

  private goOffline(session: ActiveSession, said: boolean): void {
    this.clearQuietTimer();
    if (this.status === null) return;
    this.status = null;
    this.deps.presence.offline(session, this.id, said).catch((err: unknown) => this.deps.log.error({ err }, 'presence failed'));
  }

  private armQuietTimer(session: ActiveSession): void {
    this.clearQuietTimer();
    this.quietTimer = setTimeout(() => this.goOffline(session, false), this.deps.heartbeatTimeoutMs);
    this.quietTimer.unref();
  }

  private clearQuietTimer(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
    this.stopScreenCounts?.();
    this.stopScreenCounts = null;
    const session = this.session;
    if (!session) return;
    this.registry.remove(this);
    this.goOffline(session, false);
  }
}
