import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  AUTH_FAILED_KIND,
  AUTH_TOPIC,
  LOGGED_IN_ELSEWHERE_KIND,
  HeartbeatEvent,
  HeartbeatMethod,
  PING_TOPIC,
  ServerCode,
  WS2_PATH,
  WS2_TOKEN_QUERY,
  WS_CLOSE,
  heartbeatSchema,
  parseTopic,
  parseWs2Frame,
  pongFrame,
  simpleHeartbeatSchema,
  topics,
  type Ws2Frame,
} from '@ptt/contracts';
import type { AuthService } from '../auth/auth.service';
import type { ActiveSession } from '../auth/session.repository';
import type { UserRepository } from '../auth/user.repository';
import { INTERNAL_TOPICS, REVOKE_REASONS, type Hub } from './hub';
import type { Presence } from './presence';

// A client that stops reading must not make the server buffer without bound.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const CLOSE_INTERNAL_ERROR = 1011;
const CLOSE_TRY_AGAIN_LATER = 1013;

export interface Ws2GatewayDeps {
  hub: Hub;
  auth: AuthService;
  users: UserRepository;
  presence: Presence;
  log: FastifyBaseLogger;
}

type PresenceState = 'unknown' | 'online' | 'offline';

let nextConnectionId = 1;

/** One authenticated /ws2 socket: its subscriptions, presence and incoming frames. */
class Ws2Connection {
  readonly id = nextConnectionId++;
  private session: ActiveSession | null = null;
  // Frames that arrive while the token is being checked; handled once it is.
  private pending: RawData[] | null = [];
  private readonly unsubscribes: (() => void)[] = [];
  private presence: PresenceState = 'unknown';
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: Ws2GatewayDeps,
    private readonly sessionsByToken: Map<string, Set<Ws2Connection>>,
  ) {
    // Listeners go on before any await, or early frames would be lost.
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      if (this.pending) this.pending.push(data);
      else this.handle(data);
    });
    socket.on('close', () => this.onClose());
  }

  async start(token: string | undefined): Promise<void> {
    let session: ActiveSession | null;
    let channelIds: number[] = [];
    try {
      session = await this.deps.auth.findSession(token);
      if (session) channelIds = await this.deps.users.channelIds(session.entId, session.userId);
    } catch (err) {
      this.deps.log.error({ err }, '/ws2 authentication failed unexpectedly');
      this.socket.close(CLOSE_INTERNAL_ERROR, 'server error');
      return;
    }
    if (this.closed) return;
    if (!session) {
      this.send({ code: ServerCode.AuthorizationFailed, topic: AUTH_TOPIC, data: null, t: AUTH_FAILED_KIND });
      this.socket.close(WS_CLOSE.AuthFailed, AUTH_FAILED_KIND);
      return;
    }
    this.session = session;
    this.register(session.tokenHash);
    const { entId, userId } = session;
    const subscribed = [
      topics.entListen(entId),
      topics.userListen(entId, userId),
      topics.dispatch(entId),
      topics.sosAlert(entId),
      topics.userOnline(entId),
      ...channelIds.map((channelId) => topics.channelListen(entId, channelId)),
    ];
    for (const topic of subscribed) this.unsubscribes.push(this.deps.hub.subscribe(topic, (f) => this.send(f)));

    const early = this.pending ?? [];
    this.pending = null;
    for (const data of early) this.handle(data);
  }

  /** Ends the connection because its session was revoked: logout, lock, delete (10000) or a newer
   *  login of the same account (10001). */
  revoke(elsewhere: boolean, reason: string | null): void {
    if (elsewhere) {
      this.send({ code: ServerCode.LoggedInElsewhere, topic: AUTH_TOPIC, data: { reason }, t: LOGGED_IN_ELSEWHERE_KIND });
      this.socket.close(WS_CLOSE.LoggedInElsewhere, LOGGED_IN_ELSEWHERE_KIND);
      return;
    }
    this.send({ code: ServerCode.AuthorizationFailed, topic: AUTH_TOPIC, data: { reason }, t: AUTH_FAILED_KIND });
    this.socket.close(WS_CLOSE.AuthFailed, AUTH_FAILED_KIND);
  }

  private register(tokenHash: string): void {
    let set = this.sessionsByToken.get(tokenHash);
    if (!set) {
      set = new Set();
      this.sessionsByToken.set(tokenHash, set);
    }
    set.add(this);
  }

  private send(frame: Ws2Frame): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.close(CLOSE_TRY_AGAIN_LATER, 'client too slow');
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }

  /** Binary, non-JSON and invalid frames are ignored: never an error, never a close. */
  private handle(data: RawData): void {
    const session = this.session;
    if (!session) return;
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const frame = parseWs2Frame(text);
    if (!frame) return;
    if (frame.topic === PING_TOPIC) {
      this.send(pongFrame());
      return;
    }
    const topic = parseTopic(frame.topic);
    if (topic?.kind === 'heartbeat') {
      // A client may only speak for itself: another user's or enterprise's topic is ignored.
      if (topic.entId !== session.entId || topic.userId !== session.userId) return;
      const full = heartbeatSchema.safeParse(frame.data);
      if (full.success) {
        if (full.data.eid !== session.entId || full.data.uid !== session.userId) return;
        const { method, event } = full.data;
        // Per-chat heartbeats (method Chat, EnterChat) are for chat presence, which a later issue adds.
        if (event === HeartbeatEvent.Offline || (method === HeartbeatMethod.Presence && event === HeartbeatEvent.Online)) {
          this.onHeartbeat(session, event);
        }
        return;
      }
      // A simple heartbeat `{ t, p, cid }` only says "still here".
      if (simpleHeartbeatSchema.safeParse(frame.data).success) this.onHeartbeat(session, HeartbeatEvent.Online);
    }
  }

  private onHeartbeat(session: ActiveSession, event: number): void {
    if (event === HeartbeatEvent.Online) {
      if (this.presence === 'online') return;
      this.presence = 'online';
      this.deps.presence.markOnline(session.entId, session.userId, this.id);
      this.publishPresence(session, 'OnLine', 'online');
    } else if (event === HeartbeatEvent.Offline) {
      if (this.presence === 'offline') return;
      this.presence = 'offline';
      this.deps.presence.markOffline(session.entId, session.userId, this.id);
      this.publishPresence(session, 'Logout', 'offline');
    }
  }

  private publishPresence(session: ActiveSession, kind: 'OnLine' | 'Logout', status: 'online' | 'offline'): void {
    const data = { uid: session.userId, account: session.account, nickname: session.nickname, status };
    this.deps.hub.publish(topics.entListen(session.entId), kind, data).catch((err: unknown) => {
      this.deps.log.error({ err }, 'publishing presence failed');
    });
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = null;
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    const session = this.session;
    if (!session) return;
    const set = this.sessionsByToken.get(session.tokenHash);
    set?.delete(this);
    if (set?.size === 0) this.sessionsByToken.delete(session.tokenHash);
    if (this.presence === 'online') {
      // Another tab or device of the same user may still be online; only the last one says offline.
      const nowOffline = this.deps.presence.markOffline(session.entId, session.userId, this.id);
      if (nowOffline) this.publishPresence(session, 'OnLine', 'offline');
    }
  }
}

export function registerWs2Gateway(app: FastifyInstance, deps: Ws2GatewayDeps): void {
  const sessionsByToken = new Map<string, Set<Ws2Connection>>();

  const stopRevocations = deps.hub.subscribe(INTERNAL_TOPICS.sessionRevoked, (frame) => {
    const data = frame.data as { tokenHash?: unknown; reason?: unknown } | null;
    const tokenHash = data?.tokenHash;
    if (typeof tokenHash !== 'string') return;
    const reason = typeof data?.reason === 'string' ? data.reason : null;
    for (const conn of [...(sessionsByToken.get(tokenHash) ?? [])]) conn.revoke(reason === REVOKE_REASONS.loginElsewhere, reason);
  });
  app.addHook('onClose', (_app, done) => {
    stopRevocations();
    done();
  });

  app.get(WS2_PATH, { websocket: true }, (socket, req) => {
    const conn = new Ws2Connection(socket, deps, sessionsByToken);
    const token = (req.query as Record<string, unknown>)[WS2_TOKEN_QUERY];
    const at = typeof token === 'string' ? token : undefined;
    void conn.start(at);
  });
}
