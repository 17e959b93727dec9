import { randomUUID } from 'node:crypto';
import {
  PTT_DEFAULT_TALK_S,
  PTT_SERVER_MAX_TALK_S,
  parseChatId,
  parseTempChannelChatId,
  type FloorChangeReason,
  type Floor,
  type RequestFloorRequest,
  type ReleaseFloorRequest,
} from '@ptt/contracts';
import { requirePermission, type Caller } from '../http/caller';
import type { Db } from '../db/db';
import type { MediaRooms } from '../media/media-rooms';
import type { Hub } from '../ws/hub';
import type { BurstKeeper } from './burst-keeper';
import { cannotConnect, floorOf, FloorOccupiedError, frameOf, otherFloorHeld, publishFloor } from './floor-frames';
import { isLive, type FloorRecord, type FloorStore } from './floor-store';
import { FloorWatch } from './floor-watch';
import { chatIdError, pttAccess, type PttActor } from './ptt-access';
import { pttChatIdsOf } from './ptt.repository';

export interface FloorDeps {
  db: Db;
  hub: Hub;
  media: MediaRooms;
  floors: FloorStore;
}

type Log = (err: unknown, what: string) => void;

/**
 * PTT floor control (ADR 010, docs/decisions.md "Issue 7: floor control"): one holder per chat
 * id, granted to a member who presses while it is free, taken over by staff with `force`, ended
 * by the holder, the max duration, a lost connection or membership, or the channel's end. Every
 * change goes out as a PttFloor frame. The node that granted a floor keeps its timer and follows
 * its holder; any node may end any floor through the store.
 */
export class FloorService {
  /** Floors granted by this node: their max-duration timers. */
  private readonly local = new Map<string, { rec: FloorRecord; timer: NodeJS.Timeout }>();
  private readonly watch: FloorWatch;

  constructor(
    private readonly deps: FloorDeps,
    private readonly bursts: BurstKeeper,
    private readonly log: Log,
  ) {
    this.watch = new FloorWatch(deps.hub, {
      left: (entId, uid) => this.endLocal((r) => r.entId === entId && r.uid === uid, 'left'),
      channelDeleted: (entId, channelId) => void this.closeRoom(`${entId}-1-${channelId}`, false),
      tempClosed: (chatId) => void this.closeRoom(chatId, false),
    });
  }

  /**
   * A press: the floor when granted (or already held by the caller), else the refusal.
   * `timing.mediaMs`: how long the media server took to make the caller the speaker (the
   * route sends it as Server-Timing; the console's diagnostics break the access time down).
   */
  async request(caller: Caller, body: RequestFloorRequest, timing: { mediaMs?: number } = {}): Promise<Floor> {
    if (body.force) requirePermission(caller, 'ptt.force');
    const place = await pttAccess(this.deps.db, caller, body.chatId);
    const { media, floors } = this.deps;
    if (!media.available) throw cannotConnect();
    const now = Date.now();
    const talkS = Math.min(body.maxDurationS ?? PTT_DEFAULT_TALK_S, PTT_SERVER_MAX_TALK_S);
    const rec: FloorRecord = {
      chatId: place.chatId,
      entId: place.entId,
      uid: caller.userId,
      nickname: caller.nickname,
      burstId: randomUUID(),
      since: now,
      until: now + Math.round(talkS * 1000),
      ...(place.kind === 'temp' ? { memberIds: place.memberIds } : {}),
    };
    const result = await floors.acquire(rec, { force: body.force === true, now }).catch((err: unknown) => this.storeDown(err));
    if (result.kind === 'occupied') throw new FloorOccupiedError(floorOf(rec.chatId, result.current));
    if (result.kind === 'busy') throw otherFloorHeld(result.chatId);
    if (result.kind === 'held') return floorOf(rec.chatId, result.current);
    const { previous } = result;
    const mediaStart = performance.now();
    try {
      await media.ensureRoom(rec.chatId);
      await media.setSpeaker(rec.chatId, rec.uid);
      timing.mediaMs = performance.now() - mediaStart;
    } catch (err) {
      this.log(err, 'ptt: the media server did not take the speaker');
      await this.undoGrant(rec, previous);
      throw cannotConnect();
    }
    this.afterGrant(rec, previous, now);
    return floorOf(rec.chatId, rec);
  }

  /** Letting go: the holder frees the floor; anyone else gets the floor as it is (harmless). */
  async release(caller: Caller, body: ReleaseFloorRequest): Promise<Floor> {
    const { chatId } = body;
    ownEnterprise(caller, chatId);
    const current = await this.deps.floors.get(chatId).catch((err: unknown) => this.storeDown(err));
    const now = Date.now();
    if (current && current.uid === caller.userId) {
      await this.end(current, isLive(current, now) ? 'released' : 'timeout', body.discard !== true).catch((err: unknown) => this.storeDown(err));
      return floorOf(chatId, null);
    }
    if (!isLive(current, now)) return floorOf(chatId, null);
    // Someone else's floor is shown only to those who may be in the room.
    await pttAccess(this.deps.db, caller, chatId);
    return floorOf(chatId, current);
  }

  /** The floors held now in the caller's channels and temporary channels. */
  async list(caller: Caller): Promise<Floor[]> {
    const chatIds = await pttChatIdsOf(this.deps.db, caller.entId, caller.userId);
    const now = Date.now();
    const held = await this.deps.floors.getMany(chatIds).catch((err: unknown) => this.storeDown(err));
    return held.filter((r) => isLive(r, now)).map((r) => floorOf(r.chatId, r));
  }

  /** The holder of each chat id that has one: what the media watchdog leaves unmuted. */
  async holders(chatIds: string[]): Promise<Map<string, number>> {
    const now = Date.now();
    const held = await this.deps.floors.getMany(chatIds);
    return new Map(held.filter((r) => isLive(r, now)).map((r) => [r.chatId, r.uid]));
  }

  /** Ends the chat's floor if its holder matches (membership, suspend, disband). */
  async endIf(chatId: string, match: (rec: FloorRecord) => boolean, reason: FloorChangeReason, keep = true): Promise<void> {
    const current = await this.deps.floors.get(chatId);
    if (current && match(current)) await this.end(current, reason, keep);
  }

  /** The room is gone for good (temporary channel closed, channel disbanded or deleted). */
  async closeRoom(chatId: string, keep: boolean): Promise<void> {
    this.watch.forgetTemp(chatId);
    try {
      await this.endIf(chatId, () => true, 'closed', keep);
      await this.deps.media.destroyRoom(chatId);
    } catch (err) {
      this.log(err, 'ptt: closing a room failed');
    }
  }

  /** Ends exactly this burst: mute, tell everyone, keep the recording. False when already over. */
  async end(rec: FloorRecord, reason: FloorChangeReason, keep = true): Promise<boolean> {
    this.forgetLocal(rec.burstId);
    let released: FloorRecord | null;
    try {
      released = await this.deps.floors.release(rec.chatId, rec.burstId);
    } catch (err) {
      // The store is away: nobody can be granted the floor meanwhile, so muting is safe, and
      // better than a talker heard for ever.
      await this.deps.media.setSpeaker(rec.chatId, null).catch(() => undefined);
      throw err;
    }
    if (!released) return false;
    await Promise.all([
      this.deps.media.setSpeaker(rec.chatId, null).catch((err: unknown) => this.log(err, 'ptt: muting after the floor failed')),
      publishFloor(this.deps.hub, released, frameOf(rec.chatId, null, reason, released)),
    ]);
    this.bursts.finish(released, keep).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
    return true;
  }

  /** Off the answer's path: the timer, the watches, the recording and the frame. */
  private afterGrant(rec: FloorRecord, previous: FloorRecord | null, now: number): void {
    const preempted = isLive(previous, now);
    if (previous) {
      this.forgetLocal(previous.burstId);
      this.bursts.finish(previous, true).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
    }
    const timer = setTimeout(() => {
      this.end(rec, 'timeout').catch((err: unknown) => this.log(err, 'ptt: ending a talk at its max duration failed'));
    }, rec.until - now);
    timer.unref();
    this.local.set(rec.burstId, { rec, timer });
    this.watch.follow(rec);
    void publishFloor(this.deps.hub, rec, frameOf(rec.chatId, rec, preempted ? 'preempted' : 'granted', preempted ? previous : null));
    this.bursts.start(rec);
  }

  /** The media server failed the grant: the floor goes back to free, and nobody is heard. */
  private async undoGrant(rec: FloorRecord, previous: FloorRecord | null): Promise<void> {
    await this.deps.floors.release(rec.chatId, rec.burstId).catch((err: unknown) => this.log(err, 'ptt: undoing a grant failed'));
    await this.deps.media.setSpeaker(rec.chatId, null).catch(() => undefined);
    if (!previous) return;
    this.forgetLocal(previous.burstId);
    await publishFloor(this.deps.hub, previous, frameOf(rec.chatId, null, 'preempted', previous));
    this.bursts.finish(previous, true).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
  }

  private endLocal(match: (rec: FloorRecord) => boolean, reason: FloorChangeReason): void {
    for (const { rec } of [...this.local.values()]) {
      if (match(rec)) this.end(rec, reason).catch((err: unknown) => this.log(err, `ptt: ending a floor (${reason}) failed`));
    }
  }

  private forgetLocal(burstId: string): void {
    const entry = this.local.get(burstId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.local.delete(burstId);
    this.watch.unfollow(entry.rec);
  }

  private storeDown(err: unknown): never {
    this.log(err, 'ptt: the floor store failed');
    throw cannotConnect();
  }
}

/** A chat id of another enterprise is a wrong chat id, as in chat (the schema checked its form). */
function ownEnterprise(actor: PttActor, chatId: string): void {
  const entId = (parseChatId(chatId) ?? parseTempChannelChatId(chatId))?.entId;
  if (entId !== actor.entId) throw chatIdError();
}
