import { MonitorJanusCode, can, parseMonitorRoomId, type MonitorEndCause } from '@ptt/contracts';
import type { ActiveSession } from '../auth/session.repository';
import type { JanusClient, JanusJson } from './janus-client';
import { filterJsep, ProxyRefusal, RefusalCode } from './janus-proxy-filter';
import { monitorDisplay, type MonitorRooms } from './monitor-rooms';
import { VIDEOROOM, VideoRoomError } from './videoroom-admin';
import { filterVideoRoomMessage, type VideoRole } from './videoroom-filter';
import { isPttJoin } from './ptt-videoroom-filter';
import type { PttVideoRoomGate } from './ptt-videoroom-gate';

// The VideoRoom side of the /janus proxy (janus-proxy.ts hands over attaches of the VideoRoom and
// every message of a handle attached here). Who may do what:
// - staff (permission device.command) attach, and subscribe to the open sessions of their
//   enterprise's devices: the proxy finds the device's feed and adds the room and pin;
// - a device's bound account attaches while one of its sessions is open, and joins it as the only
//   publisher under the display `u<uid>` (its earlier participant, if any, is kicked first).
// With PTT_MEDIA=sfu every user may attach: a handle whose join names a PTT chat id belongs to
// the PTT gate (ptt-videoroom-gate.ts); the monitor rules above apply to monitor joins.

/** The proxy's record of one browser Janus session (janus-proxy.ts OwnedSession). */
export interface ProxiedSession {
  handles: Map<string, unknown>;
  lastSeen: number;
}

interface VideoHandle {
  session: ProxiedSession;
  handleId: string;
  role: VideoRole | null;
  roomId: string | null;
  left: boolean;
}

/** janus.js polls at least every 30 s; a session quiet for longer than this has gone. */
const QUIET_MS = 45_000;

const CAUSE_TEXT: Record<MonitorEndCause, string> = {
  deviceNotFound: 'the device did not receive the command; the session has ended',
  enterRoomFailed: 'the device did not join its monitor session; the session has ended',
};

const refuse = (code: number, reason: string): never => {
  throw new ProxyRefusal(code, reason);
};

export class VideoRoomGate {
  private readonly handles = new Map<string, VideoHandle>();

  constructor(
    private readonly client: JanusClient,
    /** The app's monitor sessions (app.ts makes them and closes them with the app). */
    readonly monitor: MonitorRooms | null,
    /** PTT rooms on the VideoRoom (PTT_MEDIA=sfu); null: the VideoRoom is for monitor sessions only. */
    readonly ptt: PttVideoRoomGate | null = null,
  ) {}

  /** Whether this handle was attached here (its messages are VideoRoom ones). */
  owns(sessionId: string, handleId: string): boolean {
    return this.handles.has(`${sessionId}/${handleId}`);
  }

  private mayAttach(user: ActiveSession): boolean {
    if (can(user.role, 'device.command')) return true;
    return this.monitor?.publishesFor(user.entId, user.userId) === true;
  }

  async attach(user: ActiveSession, session: ProxiedSession, sessionId: string, body: JanusJson): Promise<JanusJson> {
    if (!this.ptt && (!this.monitor || !this.mayAttach(user))) {
      return refuse(RefusalCode.UnauthorizedPlugin, `${VIDEOROOM} may be attached by staff, or by a device while its monitor session is open`);
    }
    this.prune();
    const opaque = typeof body.opaque_id === 'string' ? { opaque_id: body.opaque_id.slice(0, 128) } : {};
    const tx = typeof body.transaction === 'string' ? { transaction: body.transaction } : {};
    const answer = await this.client.post(`/${sessionId}`, { janus: 'attach', plugin: VIDEOROOM, ...opaque, ...tx });
    const id = (answer.data as { id?: unknown } | undefined)?.id;
    if (answer.janus === 'success' && typeof id === 'number') {
      session.handles.set(String(id), { room: null });
      this.handles.set(`${sessionId}/${id}`, { session, handleId: String(id), role: null, roomId: null, left: false });
    }
    return answer;
  }

  /** One `message` of a VideoRoom handle: filtered, joins rewritten, then forwarded. */
  async message(user: ActiveSession, sessionId: string, handleId: string, body: JanusJson): Promise<JanusJson> {
    const key = `${sessionId}/${handleId}`;
    const h = this.handles.get(key)!;
    if (this.ptt && (this.ptt.owns(sessionId, handleId) || (h.role === null && isPttJoin(body.body)))) {
      return this.ptt.message(user, h.session, sessionId, handleId, body);
    }
    if (!this.monitor || !this.mayAttach(user)) {
      return refuse(RefusalCode.UnauthorizedPlugin, `${VIDEOROOM} is for PTT rooms here, and for monitor sessions of staff or of a device while its session is open`);
    }
    const monitor = this.monitor;
    const message = filterVideoRoomMessage(body.body, h.role);
    const jsep = filterJsep(body.jsep);
    let forwarded: JanusJson;
    try {
      if (message.kind === 'forward') {
        forwarded = message.body;
      } else {
        const { roomId } = message;
        const s = monitor.find(roomId);
        if (!s || parseMonitorRoomId(roomId)?.entId !== user.entId) {
          // A session that ended because its device never joined says why (monitorEndCauseOf).
          const cause = parseMonitorRoomId(roomId)?.entId === user.entId ? monitor.endedCause(roomId) : null;
          return refuse(MonitorJanusCode.NoSession, cause ? `${cause}: ${CAUSE_TEXT[cause]}` : `No monitor session is open in ${roomId}`);
        }
        if (message.kind === 'publisherJoin') {
          if (s.deviceUid !== user.userId) return refuse(RefusalCode.Unauthorized, 'Only the device itself publishes into its monitor session');
          monitor.joining(roomId);
          await monitor.ensureRoom(roomId);
          await monitor.kickDevice(roomId);
          forwarded = { request: 'join', ptype: 'publisher', room: roomId, pin: monitor.pin(roomId), display: monitorDisplay(user.userId) };
        } else {
          if (!can(user.role, 'device.command')) return refuse(RefusalCode.Unauthorized, 'Only staff watch and listen to devices');
          const feed = await monitor.publisherFeed(roomId);
          if (feed === null) return refuse(MonitorJanusCode.NoPublisherYet, 'The device is not sending yet');
          if (message.feeds.some((f) => f !== feed)) return refuse(MonitorJanusCode.NoPublisherYet, 'No such feed in this monitor session');
          forwarded = { request: 'join', ptype: 'subscriber', room: roomId, pin: monitor.pin(roomId), streams: [{ feed }] };
        }
        h.role = message.kind === 'publisherJoin' ? 'publisher' : 'subscriber';
        h.roomId = roomId;
      }
    } catch (err) {
      if (err instanceof VideoRoomError) throw new ProxyRefusal(err.code, 'The media server could not prepare the monitor room');
      throw err;
    }
    const tx = typeof body.transaction === 'string' ? { transaction: body.transaction } : {};
    const answer = await this.client.post(`/${sessionId}/${handleId}`, { janus: 'message', body: forwarded, ...(jsep ? { jsep } : {}), ...tx });
    if (h.role === 'subscriber' && h.roomId && answer.janus === 'ack') {
      if (forwarded.request === 'join') monitor.watch(h.roomId, key, () => !h.left && h.session.handles.has(h.handleId) && Date.now() - h.session.lastSeen < QUIET_MS);
      if (forwarded.request === 'leave') h.left = true;
    }
    return answer;
  }

  /** Forgets handles their session no longer has (detached) or whose session went quiet. */
  private prune(): void {
    const cutoff = Date.now() - 5 * 60_000;
    for (const [key, h] of this.handles) if (!h.session.handles.has(h.handleId) || h.session.lastSeen < cutoff) this.handles.delete(key);
  }
}
