import type { FloorVia } from '@ptt/contracts';

// Where floors live: one record per chat id while someone holds it, and per holder the chat id they
// hold (one floor per user at a time). In memory for one node; RedisFloorStore shares it between
// nodes. Both decide "free or taken" in one atomic step, so two presses never both win.

/** One held floor. Times are ms since the epoch, from the clock of the node that granted it. */
export interface FloorRecord {
  chatId: string;
  entId: number;
  uid: number;
  nickname: string;
  /** Names this talk burst: a release or a timer only ends the burst it was made for. */
  burstId: string;
  since: number;
  /** The server ends the talk here (max duration); a record past it counts as free. */
  until: number;
  /** Temporary channels: the members, whose user topics get the frames. */
  memberIds?: number[];
  /** A bridged floor (ADR 024): held on the talker's behalf through a patch or an all-call. */
  via?: FloorVia;
}

export type AcquireResult =
  /** `previous`: the holder this grant replaced (force-insert), or an expired record nobody ended. */
  | { kind: 'granted'; previous: FloorRecord | null }
  | { kind: 'occupied'; current: FloorRecord }
  /** The asker holds this floor already: the press is answered with the floor as it is. */
  | { kind: 'held'; current: FloorRecord }
  /** The asker holds another chat's floor. */
  | { kind: 'busy'; chatId: string };

export interface AcquireOptions {
  force: boolean;
  now: number;
  /**
   * A bridged floor (ADR 024): not "the user's one floor" (a dispatcher all-calling holds many), so
   * neither the one-floor rule nor the per-user index applies; a live floor is occupied whoever
   * holds it (the holder's own plain press included) unless `force`.
   */
  bridged?: boolean;
}

export interface FloorStore {
  /** Takes the floor for `rec` when it is free, expired, or `force` and held by someone else. */
  acquire(rec: FloorRecord, opts: AcquireOptions): Promise<AcquireResult>;
  /** Removes the floor if it is still this burst's; returns the removed record (expired or not). */
  release(chatId: string, burstId: string): Promise<FloorRecord | null>;
  /** The record as stored, expired or not (a caller decides with `isLive`). */
  get(chatId: string): Promise<FloorRecord | null>;
  /** Stored records of these chat ids, expired or not. */
  getMany(chatIds: readonly string[]): Promise<FloorRecord[]>;
  /** The floor this user holds as their own (not a bridged one), expired or not. */
  heldBy(entId: number, uid: number): Promise<FloorRecord | null>;
  close(): Promise<void>;
}

/** Past `until` a floor is free, whether or not a timer has ended it yet (lazy expiry). */
export function isLive(rec: FloorRecord | null, now: number): rec is FloorRecord {
  return rec !== null && rec.until > now;
}

/** One node's floors. Every method runs to completion before another starts: atomic by itself. */
export class MemoryFloorStore implements FloorStore {
  private readonly floors = new Map<string, FloorRecord>();
  /** `${entId}:${uid}` -> the chat id that user holds. */
  private readonly byUser = new Map<string, string>();

  acquire(rec: FloorRecord, { force, now, bridged = false }: AcquireOptions): Promise<AcquireResult> {
    const userKey = `${rec.entId}:${rec.uid}`;
    const other = this.byUser.get(userKey);
    if (!bridged && other !== undefined && other !== rec.chatId) {
      const held = this.floors.get(other) ?? null;
      if (isLive(held, now) && held.uid === rec.uid) return Promise.resolve({ kind: 'busy', chatId: other });
    }
    const stored = this.floors.get(rec.chatId) ?? null;
    if (isLive(stored, now)) {
      if (!bridged && stored.uid === rec.uid && !stored.via) return Promise.resolve({ kind: 'held', current: stored });
      if (!force) return Promise.resolve({ kind: 'occupied', current: stored });
    }
    if (stored) this.forgetUser(stored);
    this.floors.set(rec.chatId, rec);
    if (!bridged) this.byUser.set(userKey, rec.chatId);
    return Promise.resolve({ kind: 'granted', previous: stored });
  }

  release(chatId: string, burstId: string): Promise<FloorRecord | null> {
    const stored = this.floors.get(chatId);
    if (!stored || stored.burstId !== burstId) return Promise.resolve(null);
    this.floors.delete(chatId);
    this.forgetUser(stored);
    return Promise.resolve(stored);
  }

  get(chatId: string): Promise<FloorRecord | null> {
    return Promise.resolve(this.floors.get(chatId) ?? null);
  }

  getMany(chatIds: readonly string[]): Promise<FloorRecord[]> {
    return Promise.resolve(chatIds.flatMap((id) => this.floors.get(id) ?? []));
  }

  heldBy(entId: number, uid: number): Promise<FloorRecord | null> {
    const chatId = this.byUser.get(`${entId}:${uid}`);
    const rec = chatId === undefined ? null : (this.floors.get(chatId) ?? null);
    return Promise.resolve(rec?.uid === uid && !rec.via ? rec : null);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private forgetUser(rec: FloorRecord): void {
    const key = `${rec.entId}:${rec.uid}`;
    if (this.byUser.get(key) === rec.chatId) this.byUser.delete(key);
  }
}
