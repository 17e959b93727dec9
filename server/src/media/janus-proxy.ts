import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, type AuthService } from '../auth/auth.service';
import { bearerToken } from '../http/bearer';
import { SessionRepository, type ActiveSession } from '../auth/session.repository';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { checkMediaRoomAccess } from '../calls/call-access';
import { AudioBridgeError, JanusApiError, JanusUnreachableError, type JanusJson } from './janus-client';
import { SharedLongPoll } from './janus-long-poll';
import { filterAudioBridgeMessage, filterJsep, ProxyRefusal, RefusalCode, scrub } from './janus-proxy-filter';
import { isPttChatId } from '@ptt/contracts';
import { displayFor } from './janus-rooms';
import type { MediaRooms } from './media-rooms';
import { audioBridgeOf, sfuOf } from './media-router';
import { PttVideoRoomGate } from './ptt-videoroom-gate';
import type { MonitorRooms } from './monitor-rooms';
import { VideoRoomGate } from './videoroom-proxy';

// The same-origin `/janus` that janus.js talks to (its HTTP transport, with our session token as
// its `token`). Clients never reach Janus themselves: this checks the session, keeps to the
// client's own Janus sessions, rewrites joins and refuses everything that is the server's job.

export type PttAccessCheck = typeof checkMediaRoomAccess;

export interface JanusProxyDeps {
  auth: AuthService;
  db: Db;
  media: MediaRooms;
  /** The app's monitor sessions, whose VideoRoom handles the proxy gates. */
  monitorRooms: MonitorRooms | null;
  /** Who may join a chat's room (floor control's rule, or a call's two parties); replaceable in tests. */
  checkAccess?: PttAccessCheck;
}

interface OwnedSession {
  userId: number;
  entId: number;
  /** Handle id -> the room it joined through the proxy. */
  handles: Map<string, { room: string | null }>;
  lastSeen: number;
  poll: SharedLongPoll;
}

// Janus drops a session after 60 s without a request; we forget ours a while after that.
const FORGET_AFTER_MS = 5 * 60_000;
const MAX_EVENTS = 10;
const ID = /^\d{1,20}$/;

type Params = { sessionId?: string; handleId?: string };
type Body = JanusJson & { janus?: unknown; transaction?: unknown; token?: unknown };

const refuse = (code: number, reason: string): never => {
  throw new ProxyRefusal(code, reason);
};

/** Registers `/janus` when the media is Janus; without a media server there is nothing to reach. */
export function registerJanusProxy(app: FastifyInstance, deps: JanusProxyDeps): void {
  const rooms = audioBridgeOf(deps.media);
  if (!rooms) return;
  const checkAccess = deps.checkAccess ?? checkMediaRoomAccess;
  const client = rooms.client;
  // PTT rooms on the VideoRoom (PTT_MEDIA=sfu, ptt-videoroom-gate.ts).
  const sfu = sfuOf(deps.media);
  const ptt = sfu ? new PttVideoRoomGate(client, sfu, deps.db, checkAccess) : null;
  // Monitor sessions' VideoRoom handles, and PTT ones (videoroom-proxy.ts).
  const videoRoom = new VideoRoomGate(client, deps.monitorRooms, ptt);
  // Per node: with several nodes, /janus needs sticky routing per Janus session (ADR 010).
  const owned = new Map<string, OwnedSession>();
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - FORGET_AFTER_MS;
    for (const [id, s] of owned) if (s.lastSeen < cutoff) owned.delete(id);
  }, 60_000);
  sweeper.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweeper);
    done();
  });

  const tokenOf = (req: FastifyRequest): string | null => {
    const body = req.body as Body | undefined;
    const query = req.query as { token?: unknown };
    return typeof body?.token === 'string' ? body.token : typeof query.token === 'string' ? query.token : bearerToken(req);
  };
  const who = async (req: FastifyRequest): Promise<ActiveSession> => deps.auth.authenticate(tokenOf(req));

  const sessions = new SessionRepository(deps.db);
  /**
   * A console that logs out revokes its token first and only then leaves its rooms: the leaving
   * requests (destroy, the last long poll) come with a token that just ended. They may still
   * end the Janus sessions that token's user created, and are answered the Janus way instead of
   * with a 401 the browser logs (issue 15). Anything else with such a token stays refused.
   */
  const endedOwner = async (req: FastifyRequest, sessionId: string | undefined): Promise<boolean> => {
    const token = tokenOf(req);
    const s = sessionId && ID.test(sessionId) ? owned.get(sessionId) : undefined;
    if (!token || token.length > 512 || !s) return false;
    const owner = await sessions.ownerOf(hashToken(token));
    return owner !== null && owner.userId === s.userId && owner.entId === s.entId;
  };

  const ownedSession = (user: ActiveSession, sessionId: string | undefined): OwnedSession => {
    const s = sessionId && ID.test(sessionId) ? owned.get(sessionId) : undefined;
    // Another user's session looks like one that does not exist.
    if (!s || s.userId !== user.userId || s.entId !== user.entId) return refuse(RefusalCode.SessionNotFound, `No such session ${sessionId}`);
    s.lastSeen = Date.now();
    return s;
  };

  /** Runs one proxied request; refusals and an unreachable Janus become Janus-style answers. */
  const handle =
    (work: (req: FastifyRequest, user: ActiveSession, body: Body, params: Params, signal: AbortSignal) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const user = await who(req); // AppError: 401 with the usual envelope
      const body = (req.body ?? {}) as Body;
      const params = req.params as Params;
      const aborted = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const transaction = typeof body.transaction === 'string' ? body.transaction : undefined;
      try {
        return scrub(await work(req, user, body, params, aborted.signal));
      } catch (err) {
        // The browser went away (a long poll it gave up): nobody reads the answer.
        if (aborted.signal.aborted) return { janus: 'keepalive' };
        if (err instanceof ProxyRefusal) return { janus: 'error', transaction, error: { code: err.code, reason: err.reason } };
        if (err instanceof AppError) return { janus: 'error', transaction, error: { code: RefusalCode.Unauthorized, reason: err.message } };
        if (err instanceof AudioBridgeError || err instanceof JanusApiError) {
          // The server's own request (making the room) failed: Janus's word, not the client's fault.
          req.log.warn({ err }, 'Janus proxy: the room could not be prepared');
          return { janus: 'error', transaction, error: { code: err.code, reason: 'The media server could not prepare the room' } };
        }
        if (err instanceof JanusUnreachableError) {
          req.log.warn({ err }, 'Janus proxy: Janus unreachable');
          return reply.code(503).send({ janus: 'error', transaction, error: { code: 503, reason: 'The media server is unreachable' } });
        }
        throw err;
      }
    };

  /** Wraps a session route: the leaving requests of a console that just logged out (endedOwner). */
  const afterLogout =
    (kind: 'destroy' | 'poll', route: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      const body = (req.body ?? {}) as Body;
      const { sessionId } = req.params as Params;
      const leaving = kind === 'poll' || body.janus === 'destroy';
      if (!leaving) return route(req, reply);
      try {
        await who(req);
      } catch (err) {
        if (!(err instanceof AppError) || !(await endedOwner(req, sessionId))) throw err;
        const transaction = typeof body.transaction === 'string' ? { transaction: body.transaction } : {};
        if (kind === 'poll') return { janus: 'error', ...transaction, error: { code: RefusalCode.SessionNotFound, reason: `No such session ${sessionId}` } };
        const answer = await client.post(`/${sessionId}`, { janus: 'destroy', ...transaction });
        owned.delete(sessionId!);
        return answer;
      }
      return route(req, reply);
    };

  const tx = (body: Body): JanusJson => (typeof body.transaction === 'string' ? { transaction: body.transaction } : {});

  app.post(
    '/janus',
    handle(async (_req, user, body) => {
      if (body.janus !== 'create') refuse(RefusalCode.Unauthorized, `'${String(body.janus)}' is not allowed here: create a session`);
      const answer = await client.post('', { janus: 'create', ...tx(body) });
      const id = (answer.data as { id?: unknown } | undefined)?.id;
      if (answer.janus === 'success' && typeof id === 'number') {
        const poll = new SharedLongPoll((maxev) => client.longPoll(String(id), maxev));
        owned.set(String(id), { userId: user.userId, entId: user.entId, handles: new Map(), lastSeen: Date.now(), poll });
      }
      return answer;
    }),
  );

  app.post(
    '/janus/:sessionId',
    afterLogout('destroy', handle(async (_req, user, body, { sessionId }) => {
      const s = ownedSession(user, sessionId);
      const path = `/${sessionId}`;
      if (body.janus === 'keepalive') return client.post(path, { janus: 'keepalive', ...tx(body) });
      if (body.janus === 'destroy') {
        const answer = await client.post(path, { janus: 'destroy', ...tx(body) });
        if (answer.janus === 'success') owned.delete(sessionId!);
        return answer;
      }
      if (body.janus !== 'attach') return refuse(RefusalCode.Unauthorized, `'${String(body.janus)}' is not allowed on a session`);
      if (body.plugin === 'janus.plugin.videoroom') return videoRoom.attach(user, s, sessionId!, body);
      if (body.plugin !== 'janus.plugin.audiobridge') return refuse(RefusalCode.UnauthorizedPlugin, 'Only janus.plugin.audiobridge may be attached');
      const opaque = typeof body.opaque_id === 'string' ? { opaque_id: body.opaque_id.slice(0, 128) } : {};
      const answer = await client.post(path, { janus: 'attach', plugin: 'janus.plugin.audiobridge', ...opaque, ...tx(body) });
      const id = (answer.data as { id?: unknown } | undefined)?.id;
      if (answer.janus === 'success' && typeof id === 'number') s.handles.set(String(id), { room: null });
      return answer;
    })),
  );

  app.post(
    '/janus/:sessionId/:handleId',
    handle(async (_req, user, body, { sessionId, handleId }) => {
      const s = ownedSession(user, sessionId);
      const h = handleId ? s.handles.get(handleId) : undefined;
      if (!h) return refuse(RefusalCode.HandleNotFound, `No such handle ${handleId} in session ${sessionId}`);
      const path = `/${sessionId}/${handleId}`;
      switch (body.janus) {
        case 'trickle': {
          const candidates = body.candidates !== undefined ? { candidates: body.candidates } : { candidate: body.candidate };
          return client.post(path, { janus: 'trickle', ...candidates, ...tx(body) });
        }
        case 'hangup':
          return client.post(path, { janus: 'hangup', ...tx(body) });
        case 'detach': {
          const answer = await client.post(path, { janus: 'detach', ...tx(body) });
          if (answer.janus === 'success') s.handles.delete(handleId!);
          return answer;
        }
        case 'message':
          break;
        default:
          return refuse(RefusalCode.Unauthorized, `'${String(body.janus)}' is not allowed on a handle`);
      }
      if (videoRoom.owns(sessionId!, handleId!)) return videoRoom.message(user, sessionId!, handleId!, body);
      const message = filterAudioBridgeMessage(body.body, h.room);
      const jsep = filterJsep(body.jsep);
      let forwarded = message.kind === 'forward' ? message.body : null;
      if (message.kind === 'join') {
        if (sfu && isPttChatId(message.chatId)) {
          refuse(RefusalCode.Unauthorized, `PTT rooms are on janus.plugin.videoroom on this server (GET /api/ptt/media: pttPath 'sfu')`);
        }
        await checkAccess(deps.db, user, message.chatId);
        await rooms.ensureRoom(message.chatId);
        // The client chooses neither its room, nor its name, nor to be heard.
        const { chatId } = message;
        forwarded = { ...message.options, request: 'join', room: chatId, pin: rooms.roomPin(chatId), muted: true, display: displayFor(user.userId) };
        h.room = chatId;
      }
      return client.post(path, { janus: 'message', body: forwarded, ...(jsep ? { jsep } : {}), ...tx(body) });
    }),
  );

  // The long poll: Janus answers when it has events (up to maxev) or after 30 s with a keepalive.
  app.get(
    '/janus/:sessionId',
    afterLogout('poll', handle(async (req, user, _body, { sessionId }, signal) => {
      const s = ownedSession(user, sessionId);
      const maxev = Math.min(Math.max(Number((req.query as { maxev?: string }).maxev) || 1, 1), MAX_EVENTS);
      let events = await s.poll.next(maxev, signal);
      // The browser went away: what Janus answers later waits for its next poll.
      if (events === undefined) return { janus: 'keepalive' };
      // It went away just as the answer came (the close not yet seen by the signal): keep it.
      if (signal.aborted || req.raw.socket?.destroyed) {
        s.poll.giveBack(events);
        return { janus: 'keepalive' };
      }
      // A PTT publisher's JSEP answer waits here until its audio is moderated (the safety rule).
      if (ptt) {
        events = await ptt.screen(sessionId!, events);
        if (signal.aborted || req.raw.socket?.destroyed) {
          s.poll.giveBack(events);
          return { janus: 'keepalive' };
        }
      }
      const list = Array.isArray(events) ? events : [events];
      // A session Janus timed out is gone for good: forget it.
      if (list.some((e) => (e as JanusJson | null)?.janus === 'timeout' || (e as { error?: { code?: number } } | null)?.error?.code === RefusalCode.SessionNotFound)) {
        owned.delete(sessionId!);
      }
      return events;
    })),
  );
}
