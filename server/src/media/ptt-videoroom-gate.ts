import { can, parseAllCallOriginId } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { checkMediaRoomAccess } from '../calls/call-access';
import type { Db } from '../db/db';
import type { JanusClient, JanusJson } from './janus-client';
import { filterJsep, ProxyRefusal, RefusalCode } from './janus-proxy-filter';
import { audioMids, filterPttVideoRoomMessage, type PttRole } from './ptt-videoroom-filter';
import { sfuDisplay, type SfuRooms } from './sfu-rooms';
import { VideoRoomError } from './videoroom-admin';

// PTT handles of the VideoRoom behind the /janus proxy (PTT_MEDIA=sfu, issue 18). Joins are
// checked like AudioBridge joins and rewritten (room, pin, display `u<uid>`). The safety rule:
// a publisher's JSEP answer (its `configured` event) reaches the browser only after the server
// has moderated that publisher's audio mids (muted unless it holds the floor now); without the
// answer the browser cannot complete ICE, so no unmoderated audio can flow. The long poll hands
// its events to `screen` for that.

interface PttHandle {
  uid: number;
  role: PttRole;
  chatId: string;
  /** The publisher's feed id, from its `joined` event. */
  feedId: string | null;
  session: { handles: Map<string, unknown>; lastSeen: number };
  handleId: string;
}

type JanusEvent = JanusJson & { sender?: unknown; plugindata?: { data?: JanusJson }; jsep?: { type?: unknown; sdp?: unknown } };

/** What the browser gets instead of an answer the server could not make safe. */
const UNSAFE = { videoroom: 'event', error_code: 499, error: 'The server could not moderate the stream; publish again' };

export class PttVideoRoomGate {
  private readonly handles = new Map<string, PttHandle>();

  constructor(
    private readonly client: JanusClient,
    readonly sfu: SfuRooms,
    private readonly db: Db,
    private readonly checkAccess: typeof checkMediaRoomAccess,
  ) {}

  owns(sessionId: string, handleId: string): boolean {
    return this.handles.has(`${sessionId}/${handleId}`);
  }

  /** One `message` of a PTT handle (or the join that makes it one): filtered, rewritten, forwarded. */
  async message(user: ActiveSession, session: PttHandle['session'], sessionId: string, handleId: string, body: JanusJson): Promise<JanusJson> {
    const key = `${sessionId}/${handleId}`;
    const h = this.handles.get(key);
    const message = filterPttVideoRoomMessage(body.body, h?.role ?? null);
    const jsep = filterJsep(body.jsep);
    let forwarded: JanusJson;
    if (message.kind === 'forward') {
      forwarded = message.body;
    } else {
      const { chatId } = message;
      const origin = parseAllCallOriginId(chatId);
      if (origin) {
        // An all-call origin room (ADR 024): only its own user publishes there, nobody listens.
        if (message.kind !== 'publisherJoin') throw new ProxyRefusal(RefusalCode.Unauthorized, 'Nobody subscribes in an all-call origin room');
        if (origin.entId !== user.entId || origin.uid !== user.userId || !can(user.role, 'ptt.force')) {
          throw new ProxyRefusal(RefusalCode.Unauthorized, 'Only its own dispatcher publishes in an all-call origin room');
        }
      } else {
        await this.checkAccess(this.db, user, chatId);
      }
      try {
        await this.sfu.ensureRoom(chatId);
      } catch (err) {
        if (err instanceof VideoRoomError) throw new ProxyRefusal(err.code, 'The media server could not prepare the room');
        throw err;
      }
      const pin = this.sfu.roomPin(chatId);
      forwarded =
        message.kind === 'publisherJoin'
          ? { request: 'join', ptype: 'publisher', room: chatId, pin, display: sfuDisplay(user.userId) }
          : { request: 'join', ptype: 'subscriber', room: chatId, pin, streams: message.streams };
      this.prune();
      this.handles.set(key, { uid: user.userId, role: message.kind === 'publisherJoin' ? 'publisher' : 'subscriber', chatId, feedId: null, session, handleId });
    }
    const tx = typeof body.transaction === 'string' ? { transaction: body.transaction } : {};
    return this.client.post(`/${sessionId}/${handleId}`, { janus: 'message', body: forwarded, ...(jsep ? { jsep } : {}), ...tx });
  }

  /**
   * The long poll's events for one session, in order: publishers' feed ids are remembered from
   * `joined`, and an event carrying a publisher's JSEP answer waits until its audio is moderated
   * (or becomes an error event when that failed). The answer keeps its shape (one event or a list).
   */
  async screen(sessionId: string, events: unknown): Promise<unknown> {
    if (Array.isArray(events)) {
      const out: unknown[] = [];
      for (const e of events) out.push(await this.screenOne(sessionId, e));
      return out;
    }
    return this.screenOne(sessionId, events);
  }

  private async screenOne(sessionId: string, event: unknown): Promise<unknown> {
    const e = event as JanusEvent | null;
    if (e?.janus !== 'event' || typeof e.sender !== 'number') return event;
    const h = this.handles.get(`${sessionId}/${e.sender}`);
    if (!h || h.role !== 'publisher') return event;
    const data = e.plugindata?.data;
    if (data?.videoroom === 'joined' && (typeof data.id === 'string' || typeof data.id === 'number')) h.feedId = String(data.id);
    if (!e.jsep) return event;
    try {
      if (h.feedId === null) throw new Error('a publisher answer before its joined event');
      const sdp = typeof e.jsep.sdp === 'string' ? e.jsep.sdp : '';
      await this.sfu.admitPublisher(h.chatId, h.feedId, h.uid, audioMids(sdp));
      return event;
    } catch (err) {
      // Withheld: the browser cannot complete ICE, so nothing unmoderated flows.
      const { jsep: _held, ...rest } = e;
      return { ...rest, plugindata: { ...e.plugindata, data: { ...UNSAFE, cause: err instanceof Error ? err.message : String(err) } } };
    }
  }

  /** Forgets handles their session no longer has (detached) or whose session went quiet. */
  private prune(): void {
    const cutoff = Date.now() - 5 * 60_000;
    for (const [key, h] of this.handles) if (!h.session.handles.has(h.handleId) || h.session.lastSeen < cutoff) this.handles.delete(key);
  }
}
