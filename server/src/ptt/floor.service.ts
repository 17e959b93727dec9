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
import { BRIDGE_HOLDER, type CarryHandle, type Holder, type MediaRooms } from '../media/media-rooms';
import type { Hub } from '../ws/hub';
import type { BurstKeeper } from './burst-keeper';
import { cannotConnect, floorOf, FloorOccupiedError, frameOf, otherFloorHeld, publishFloor, type ChannelNameLookup } from './floor-frames';
import { isLive, type FloorRecord, type FloorStore } from './floor-store';
import { FloorWatch } from './floor-watch';
import type { FloorGroup, GroupGrant, PatchLookup } from './floor-group';
import { chatIdError, pttAccess, type PttActor } from './ptt-access';
import { pttChatIdsOf } from './ptt.repository';

export interface FloorDeps {
  db: Db;
  hub: Hub;
  media: MediaRooms;
  floors: FloorStore;
  /** Channel names for the large screen's ScreenFloor frames (ADR 026); without it none are sent. */
  channelName?: ChannelNameLookup;
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
  /** Floors that start and end together (a patch press, an all-call: floor-group.ts), by burst id. */
  private readonly groupOf = new Map<string, FloorGroup>();
  /** Set by the patch service (compose.ts): the live patch holding a chat id, if any. */
  patchOf: PatchLookup = () => null;

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
    const patch = this.patchOf(rec.chatId);
    const others = patch ? patch.chatIds.filter((c) => c !== rec.chatId) : [];
    // A patch is one talkgroup (ADR 024): a press is granted only when every patched channel is free.
    if (patch && body.force !== true) {
      const held = (await floors.getMany(others).catch((err: unknown) => this.storeDown(err))).find((r) => isLive(r, now));
      if (held) throw new FloorOccupiedError(floorOf(held.chatId, held));
    }
    const result = await floors.acquire(rec, { force: body.force === true, now }).catch((err: unknown) => this.storeDown(err));
    if (result.kind === 'occupied') throw new FloorOccupiedError(floorOf(rec.chatId, result.current));
    if (result.kind === 'busy') throw otherFloorHeld(result.chatId);
    if (result.kind === 'held') return floorOf(rec.chatId, result.current);
    const { previous } = result;
    if (patch) {
      const via = { kind: 'patch' as const, id: patch.id, chatId: rec.chatId };
      const bridged = await this.takeBridged(others.map((chatId) => ({ ...rec, chatId, burstId: randomUUID(), via, memberIds: undefined })), body.force === true, now);
      const refused = bridged.find((b) => !b.ok);
      if (refused && !refused.ok) {
        // Taken meanwhile by another node's press: nothing of this press stays.
        await Promise.all([this.undoGrant(rec, previous), ...bridged.flatMap((b) => (b.ok ? [this.undoGrant(b.rec, b.previous)] : []))]);
        throw new FloorOccupiedError(floorOf(refused.rec.chatId, refused.current));
      }
      const start = performance.now();
      await this.startGroup({ main: { rec, previous }, bridged: bridged.flatMap((b) => (b.ok ? [b] : [])), source: rec.chatId, origin: null }, now);
      timing.mediaMs = performance.now() - start;
      return floorOf(rec.chatId, rec);
    }
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
  async holders(chatIds: string[]): Promise<Map<string, Holder>> {
    const now = Date.now();
    const held = await this.deps.floors.getMany(chatIds);
    // A bridged floor is heard through the room's bridge, not the talker's feeds there (ADR 024).
    return new Map(held.filter((r) => isLive(r, now)).map((r) => [r.chatId, r.via ? BRIDGE_HOLDER : r.uid]));
  }

  /** Bridged floors (ADR 024), one attempt each, in order: granted with what they replaced, or refused. */
  async takeBridged(recs: FloorRecord[], force: boolean, now: number): Promise<GroupGrant[]> {
    const out: GroupGrant[] = [];
    for (const rec of recs) {
      const r = await this.deps.floors.acquire(rec, { force, now, bridged: true }).catch((err: unknown) => this.storeDown(err));
      out.push(r.kind === 'granted' ? { ok: true, rec, previous: r.previous } : { ok: false, rec, current: r.kind === 'busy' ? null : r.current });
    }
    return out;
  }

  /**
   * Granted floors that live and end together: the talker's own (a patch press) or the origin
   * room's (an all-call) is made the speaker, the audio carried into the bridged rooms; then the
   * timers, watches and frames. The media failing undoes every grant (600 'PTT intercom cannot connect').
   */
  async startGroup(spec: { main: { rec: FloorRecord; previous: FloorRecord | null } | null; bridged: { rec: FloorRecord; previous: FloorRecord | null }[]; source: string; origin: string | null; onEnd?: FloorGroup['onEnd'] }, now: number): Promise<void> {
    const { media } = this.deps;
    const all = [...(spec.main ? [spec.main] : []), ...spec.bridged];
    const talker = all[0]!.rec;
    let handle: CarryHandle | null = null;
    try {
      if (!media.carry) throw new Error('this media path cannot carry audio between rooms');
      await media.ensureRoom(spec.source);
      await media.setSpeaker(spec.source, talker.uid);
      if (spec.bridged.length > 0) handle = await media.carry(spec.source, talker.uid, spec.bridged.map((b) => b.rec.chatId));
    } catch (err) {
      this.log(err, 'ptt: the media server did not carry the patch or all-call');
      if (spec.origin) await media.setSpeaker(spec.origin, null).catch(() => undefined);
      await Promise.all(all.map((g) => this.undoGrant(g.rec, g.previous)));
      throw cannotConnect();
    }
    const group: FloorGroup = { records: new Map(all.map((g) => [g.rec.burstId, g.rec])), handle, origin: spec.origin, onEnd: spec.onEnd };
    for (const g of all) this.groupOf.set(g.rec.burstId, group);
    for (const g of all) this.afterGrant(g.rec, g.previous, now);
  }

  /**
   * Users a dead node left online and who have no connection anywhere (the presence store found
   * them, on this one live node): their floors end ('left'). Their granting node may be the dead
   * one, whose timer and watch died with it; otherwise its watch ends them too, and only one of
   * the two releases wins (by burst id).
   */
  async endHeldBy(users: readonly { entId: number; userId: number }[]): Promise<void> {
    for (const u of users) {
      try {
        const rec = await this.deps.floors.heldBy(u.entId, u.userId);
        if (rec) await this.end(rec, 'left');
      } catch (err) {
        this.log(err, 'ptt: ending the floor of a user a dead node left failed');
      }
    }
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

  /** Ends exactly this burst (and its group: floor-group.ts): mute, tell everyone, keep the recording. False when already over. */
  async end(rec: FloorRecord, reason: FloorChangeReason, keep = true): Promise<boolean> {
    const group = this.groupOf.get(rec.burstId);
    if (!group) return this.endOne(rec, reason, keep);
    for (const r of group.records.values()) this.groupOf.delete(r.burstId);
    await this.stopGroupMedia(group, null);
    const done = await Promise.all([...group.records.values()].map((r) => this.endOne(r, reason, keep)));
    group.onEnd?.(reason);
    return done[[...group.records.values()].indexOf(rec)] ?? false;
  }

  private async stopGroupMedia(group: FloorGroup, only: string[] | null): Promise<void> {
    const { media } = this.deps;
    if (group.handle && media.uncarry) await media.uncarry(group.handle, only ?? undefined).catch((err: unknown) => this.log(err, 'ptt: stopping a carry failed'));
    if (!only && group.origin) await media.setSpeaker(group.origin, null).catch((err: unknown) => this.log(err, 'ptt: muting an all-call origin failed'));
  }

  /**
   * A floor of a group was taken over (force-insert): that room leaves the group. The talker's
   * own floor gone, a patch press has no audio left to carry: the rest of it ends too.
   */
  private detach(previous: FloorRecord): void {
    const group = this.groupOf.get(previous.burstId);
    if (!group) return;
    this.groupOf.delete(previous.burstId);
    group.records.delete(previous.burstId);
    const rest = [...group.records.values()];
    if (!previous.via && rest.length > 0) {
      void this.end(rest[0]!, 'preempted').catch((err: unknown) => this.log(err, 'ptt: ending the rest of a patch press failed'));
      return;
    }
    if (rest.length === 0) {
      void this.stopGroupMedia(group, null).then(() => group.onEnd?.('preempted'));
      return;
    }
    void this.stopGroupMedia(group, [previous.chatId]);
  }

  private async endOne(rec: FloorRecord, reason: FloorChangeReason, keep: boolean): Promise<boolean> {
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
      publishFloor(this.deps.hub, released, frameOf(rec.chatId, null, reason, released), this.deps.channelName),
    ]);
    if (!released.via) this.bursts.finish(released, keep).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
    return true;
  }

  /** Off the answer's path: the timer, the watches, the recording and the frame. */
  private afterGrant(rec: FloorRecord, previous: FloorRecord | null, now: number): void {
    const preempted = isLive(previous, now);
    if (previous) {
      this.forgetLocal(previous.burstId);
      this.detach(previous);
      if (!previous.via) this.bursts.finish(previous, true).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
    }
    const timer = setTimeout(() => {
      this.end(rec, 'timeout').catch((err: unknown) => this.log(err, 'ptt: ending a talk at its max duration failed'));
    }, rec.until - now);
    timer.unref();
    this.local.set(rec.burstId, { rec, timer });
    this.watch.follow(rec);
    void publishFloor(this.deps.hub, rec, frameOf(rec.chatId, rec, preempted ? 'preempted' : 'granted', preempted ? previous : null), this.deps.channelName);
    // Only the talker's own room records (ADR 024): a bridged floor carries the same voice.
    if (!rec.via) this.bursts.start(rec);
  }

  /** The media server failed the grant: the floor goes back to free, and nobody is heard. */
  private async undoGrant(rec: FloorRecord, previous: FloorRecord | null): Promise<void> {
    await this.deps.floors.release(rec.chatId, rec.burstId).catch((err: unknown) => this.log(err, 'ptt: undoing a grant failed'));
    await this.deps.media.setSpeaker(rec.chatId, null).catch(() => undefined);
    if (!previous) return;
    this.forgetLocal(previous.burstId);
    this.detach(previous);
    await publishFloor(this.deps.hub, previous, frameOf(rec.chatId, null, 'preempted', previous), this.deps.channelName);
    if (!previous.via) this.bursts.finish(previous, true).catch((err: unknown) => this.log(err, 'ptt: keeping a burst failed'));
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
