import { createHmac } from 'node:crypto';
import {
  MONITOR_END_CAUSES,
  MONITOR_IDLE_MS,
  MONITOR_JOIN_WAIT_MS,
  MONITOR_PUBLISHER_WAIT_MS,
  monitorRoomId,
  type CameraFacing,
  type CommandState,
  type MonitorEndCause,
  type MonitorEndReason,
  type MonitorInfo,
  type MonitorKind,
} from '@ptt/contracts';
import { KeyedQueue } from './keyed-queue';
import type { Logger } from '../logger';
import { VideoRoomCode, VideoRoomError, type VideoRoomAdmin } from './videoroom-admin';

// Monitor sessions (environment listen and monitor, ADR 010 addendum): one Janus VideoRoom room per
// device, `{entId}-4-{deviceId}`, that the device's own account publishes into alone and staff
// subscribe to. The room's secret and pin are derived from the admin key, as for AudioBridge rooms.
// Sessions live in this node's memory, like the proxy's Janus sessions (see the ADR). A session
// ends when staff stop it, when another kind replaces it, when its device has not published for
// `publisherWaitMs`, or when nobody has watched it for `idleMs`. A device that never starts
// publishing is given `joinWaitMs` from the command: then the session ends with a cause the
// console shows in the spec's words (the device did not receive the command: 'device not found';
// it did, or said it could not: 'failed to enter the room, refresh'), remembered for a while so a
// subscriber asking afterwards learns it too.

export interface MonitorSession {
  roomId: string;
  entId: number;
  deviceId: number;
  /** The device's bound account: the only one that may publish. */
  deviceUid: number;
  kind: MonitorKind;
  facing?: CameraFacing;
  /** The device's wait starts again at open, at every re-sent command and while it publishes. */
  waitFrom: number;
  /** Last moment a subscriber was there (or the open). */
  watchedAt: number;
  /** The device has published in this session (it joined). */
  published: boolean;
  /** The device received the latest command of this session (it said so, or joined). */
  delivered: boolean;
  /** The latest command that opened or reused the session: its replies count. */
  commandId: number | null;
}

export interface OpenRequest {
  entId: number;
  deviceId: number;
  deviceUid: number;
  kind: MonitorKind;
  facing?: CameraFacing;
}

export interface MonitorRoomsOptions {
  admin: VideoRoomAdmin;
  /** The VideoRoom `admin_key` (the same as the AudioBridge's); also what secrets are derived from. */
  adminKey: string;
  log: Logger;
  reapIntervalMs?: number;
  publisherWaitMs?: number;
  idleMs?: number;
  /** How long a device has from the command to its first publish (MONITOR_JOIN_WAIT_MS). */
  joinWaitMs?: number;
}

/** How long the cause of a session that ended without its device is remembered for subscribers. */
const ENDED_MEMORY_MS = 5 * 60_000;

export const monitorDisplay = (uid: number): string => `u${uid}`;

interface Participant {
  id: string;
  display?: string;
  publisher?: boolean;
}

export class MonitorRooms {
  private readonly sessions = new Map<string, MonitorSession>();
  private readonly created = new Set<string>();
  /** Room -> subscriber key -> whether that subscriber is still there. */
  private readonly watchers = new Map<string, Map<string, () => boolean>>();
  /** Room -> why its last session ended without its device, and when. */
  private readonly endedCauses = new Map<string, { cause: MonitorEndCause; at: number }>();
  private readonly joinTimers = new Map<string, NodeJS.Timeout>();
  private readonly queue = new KeyedQueue();
  private reaper: NodeJS.Timeout | null = null;

  constructor(private readonly opts: MonitorRoomsOptions) {
    // A new Janus session may mean a restarted Janus without our rooms: make them again on use.
    opts.admin.onReset(() => this.created.clear());
  }

  private derive(kind: 'secret' | 'pin', roomId: string): string {
    return createHmac('sha256', this.opts.adminKey).update(`ptt-monitor-${kind}:${roomId}`).digest('base64url').slice(0, 32);
  }
  /** The pin the proxy adds to joins. */
  pin(roomId: string): string {
    return this.derive('pin', roomId);
  }

  find(roomId: string): MonitorSession | undefined {
    return this.sessions.get(roomId);
  }

  /**
   * Opens the device's session, or reuses the open one of the same kind (a camera command on an
   * open video session turns its camera: the facing changes, the room stays). Another kind ends
   * the open session first.
   */
  open(req: OpenRequest): Promise<MonitorInfo> {
    const roomId = monitorRoomId(req.entId, req.deviceId);
    return this.queue.run(roomId, async () => {
      const current = this.sessions.get(roomId);
      if (current && (current.kind !== req.kind || current.deviceUid !== req.deviceUid)) await this.endNow(roomId, 'replaced');
      await this.createRoom(roomId);
      const now = Date.now();
      const session: MonitorSession = this.sessions.get(roomId) ?? {
        roomId, entId: req.entId, deviceId: req.deviceId, deviceUid: req.deviceUid, kind: req.kind, waitFrom: now, watchedAt: now, published: false, delivered: false, commandId: null,
      };
      session.waitFrom = now;
      if (req.kind === 'video') session.facing = req.facing ?? 'front';
      this.sessions.set(roomId, session);
      this.endedCauses.delete(roomId);
      // A new command for a device that has not joined yet: its wait starts again.
      if (!session.published) {
        session.delivered = false;
        this.armJoinTimer(session);
      }
      this.startReaper();
      return infoOf(session);
    });
  }

  /** The command that opened (or reused) the session: its replies are the device's word on it. */
  bindCommand(roomId: string, commandId: number): void {
    const s = this.sessions.get(roomId);
    if (s) s.commandId = commandId;
  }

  /**
   * A reply of the device to a command: the session's latest one delivered (or executed) means the
   * device got it; failed before the device ever published means it cannot join: the session ends
   * at once ('failed to enter the room').
   */
  async commandReply(roomId: string, commandId: number, state: CommandState): Promise<void> {
    const s = this.sessions.get(roomId);
    if (!s || s.commandId !== commandId) return;
    if (state === 'delivered' || state === 'executed') s.delivered = true;
    if (state === 'failed' && !s.published) await this.end(roomId, 'enterRoomFailed');
  }

  /** The device asked to publish (a publisher join through the proxy): it got the command. */
  joining(roomId: string): void {
    const s = this.sessions.get(roomId);
    if (s) s.delivered = true;
  }

  /** Why the room's last session ended without its device (recently), or null. */
  endedCause(roomId: string): MonitorEndCause | null {
    const e = this.endedCauses.get(roomId);
    return e && Date.now() - e.at < ENDED_MEMORY_MS ? e.cause : null;
  }

  private armJoinTimer(session: MonitorSession): void {
    const { roomId } = session;
    this.clearJoinTimer(roomId);
    const timer = setTimeout(() => {
      this.joinTimers.delete(roomId);
      this.queue
        .run(roomId, async () => {
          if (this.sessions.get(roomId) !== session || session.published) return;
          if ((await this.publisherFeed(roomId)) !== null) {
            session.published = true;
            return;
          }
          await this.endNow(roomId, session.delivered ? 'enterRoomFailed' : 'deviceNotFound');
        })
        .catch((err: unknown) => this.opts.log.warn({ err, roomId }, 'monitor session: the device join could not be checked'));
    }, this.opts.joinWaitMs ?? MONITOR_JOIN_WAIT_MS);
    timer.unref();
    this.joinTimers.set(roomId, timer);
  }

  private clearJoinTimer(roomId: string): void {
    const timer = this.joinTimers.get(roomId);
    if (timer) clearTimeout(timer);
    this.joinTimers.delete(roomId);
  }

  /** Makes the open session's room exist again (a restarted Janus lost it). */
  ensureRoom(roomId: string): Promise<void> {
    if (this.created.has(roomId) || !this.sessions.has(roomId)) return Promise.resolve();
    return this.queue.run(roomId, () => this.createRoom(roomId));
  }

  private async createRoom(roomId: string): Promise<void> {
    if (this.created.has(roomId)) return;
    try {
      await this.opts.admin.request({
        request: 'create',
        room: roomId,
        admin_key: this.opts.adminKey,
        secret: this.derive('secret', roomId),
        pin: this.pin(roomId),
        description: roomId,
        is_private: true,
        permanent: false,
        // One publisher: the device. A rejoining device first has its old participant kicked.
        publishers: 1,
        bitrate: 512_000,
        audiocodec: 'opus',
        videocodec: 'vp8',
        notify_joining: false,
        record: false,
        lock_record: true,
      });
    } catch (err) {
      // Made before by this node's earlier life (or another node) with the same secret and pin.
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.RoomExists)) throw err;
    }
    this.created.add(roomId);
  }

  private async participants(roomId: string): Promise<Participant[]> {
    try {
      const data = await this.opts.admin.request({ request: 'listparticipants', room: roomId });
      return (Array.isArray(data.participants) ? data.participants : []) as Participant[];
    } catch (err) {
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchRoom)) throw err;
      this.created.delete(roomId);
      return [];
    }
  }

  /** The device's published feed in its room, or null while it does not send. */
  async publisherFeed(roomId: string): Promise<string | null> {
    const s = this.sessions.get(roomId);
    if (!s) return null;
    const display = monitorDisplay(s.deviceUid);
    return (await this.participants(roomId)).find((p) => p.publisher === true && p.display === display)?.id ?? null;
  }

  /** Removes the device's earlier participants (a rejoin after a lost connection): one publisher only. */
  async kickDevice(roomId: string): Promise<void> {
    const s = this.sessions.get(roomId);
    if (!s) return;
    const display = monitorDisplay(s.deviceUid);
    for (const p of await this.participants(roomId)) {
      if (p.display !== display) continue;
      await this.opts.admin.request({ request: 'kick', room: roomId, secret: this.derive('secret', roomId), id: p.id }).catch(() => undefined);
    }
  }

  /** Whether this account publishes into one of the enterprise's open sessions (may attach). */
  publishesFor(entId: number, uid: number): boolean {
    for (const s of this.sessions.values()) if (s.entId === entId && s.deviceUid === uid) return true;
    return false;
  }

  /** A subscriber joined through the proxy; `alive` says whether it is still there. */
  watch(roomId: string, key: string, alive: () => boolean): void {
    let m = this.watchers.get(roomId);
    if (!m) this.watchers.set(roomId, (m = new Map<string, () => boolean>()));
    m.set(key, alive);
    const s = this.sessions.get(roomId);
    if (s) s.watchedAt = Date.now();
  }

  /** Ends a session: the room is destroyed, so its publisher and subscribers drop out. */
  end(roomId: string, reason: MonitorEndReason): Promise<boolean> {
    return this.queue.run(roomId, () => this.endNow(roomId, reason));
  }

  private async endNow(roomId: string, reason: MonitorEndReason): Promise<boolean> {
    const s = this.sessions.get(roomId);
    if (!s) return false;
    this.sessions.delete(roomId);
    this.watchers.delete(roomId);
    this.created.delete(roomId);
    this.clearJoinTimer(roomId);
    const now = Date.now();
    for (const [room, e] of this.endedCauses) if (now - e.at >= ENDED_MEMORY_MS) this.endedCauses.delete(room);
    if ((MONITOR_END_CAUSES as readonly string[]).includes(reason)) this.endedCauses.set(roomId, { cause: reason as MonitorEndCause, at: now });
    try {
      await this.opts.admin.request({ request: 'destroy', room: roomId, secret: this.derive('secret', roomId) });
    } catch (err) {
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchRoom)) throw err;
    }
    this.opts.log.info({ roomId, deviceId: s.deviceId, kind: s.kind, reason }, 'monitor session ended');
    if (this.sessions.size === 0) this.stopReaper();
    return true;
  }

  /** One round of the time limits; exposed for tests. */
  async reap(): Promise<void> {
    const publisherWait = this.opts.publisherWaitMs ?? MONITOR_PUBLISHER_WAIT_MS;
    const idle = this.opts.idleMs ?? MONITOR_IDLE_MS;
    await Promise.all(
      [...this.sessions.keys()].map((roomId) =>
        this.queue.run(roomId, async () => {
          const s = this.sessions.get(roomId);
          if (!s) return;
          const now = Date.now();
          if (!this.created.has(roomId)) await this.createRoom(roomId);
          if ((await this.publisherFeed(roomId)) !== null) {
            s.waitFrom = now;
            s.published = true;
          }
          const watchers = this.watchers.get(roomId);
          for (const [key, alive] of watchers ?? []) if (!alive()) watchers!.delete(key);
          if (watchers && watchers.size > 0) s.watchedAt = now;
          if (now - s.waitFrom > publisherWait) await this.endNow(roomId, 'noPublisher');
          else if (now - s.watchedAt > idle) await this.endNow(roomId, 'idle');
        }),
      ),
    );
  }

  private startReaper(): void {
    if (this.reaper) return;
    this.reaper = setInterval(() => {
      this.reap().catch((err: unknown) => this.opts.log.warn({ err }, 'monitor sessions: the time limits could not be checked'));
    }, this.opts.reapIntervalMs ?? 2_000);
    this.reaper.unref();
  }

  private stopReaper(): void {
    if (this.reaper) clearInterval(this.reaper);
    this.reaper = null;
  }

  /** The app is closing: stop the timer and the server's VideoRoom session (rooms go with Janus). */
  async close(): Promise<void> {
    this.stopReaper();
    for (const roomId of [...this.joinTimers.keys()]) this.clearJoinTimer(roomId);
    await this.opts.admin.close();
  }
}

export function infoOf(s: MonitorSession): MonitorInfo {
  return s.kind === 'video' ? { roomId: s.roomId, kind: s.kind, facing: s.facing ?? 'front' } : { roomId: s.roomId, kind: s.kind };
}
