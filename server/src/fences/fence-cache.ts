import type { Queryable } from '../db/db';
import { activeFences, coverage, coverageRows, entTimeZone, type ActiveFence } from './fence-state.repository';

export type { ActiveFence } from './fence-state.repository';

/**
 * How long a node trusts its copy of an enterprise's fences. Changes made through this server
 * drop the copy at once on every node (hub topic `sys/internal/fences`, and channel membership
 * messages); the time limit bounds what nothing announces (a user deleted, a direct SQL change).
 */
export const FENCE_CACHE_MS = 30_000;

/** An enterprise's enabled fences by covered user, and the time zone their schedules are read in. */
export interface EntFences {
  timeZone: string;
  byUser: Map<number, ActiveFence[]>;
}

interface Entry {
  at: number;
  value: Promise<EntFences>;
  /** `value` once it has resolved. */
  loaded: EntFences | null;
  /** A reload after the age limit, while `value` still answers. */
  refreshing: Promise<EntFences> | null;
}

/**
 * Enabled fences per enterprise, indexed by the users they cover, so the location path (1,000
 * points/s) costs one map lookup for a user no fence covers, and no query at all while warm.
 */
export class FenceCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  /** The fences covering the user (none: an empty list) and the enterprise's time zone. */
  async forUser(entId: number, userId: number): Promise<{ fences: readonly ActiveFence[]; timeZone: string }> {
    const ent = await this.get(entId);
    return { fences: ent.byUser.get(userId) ?? [], timeZone: ent.timeZone };
  }

  /**
   * The same without waiting, when the copy is loaded (null otherwise): most points are then
   * evaluated in the turn that stored them (see FenceMonitor.onStored).
   */
  peek(entId: number, userId: number): { fences: readonly ActiveFence[]; timeZone: string } | null {
    const loaded = this.entries.get(entId)?.loaded;
    if (!loaded) return null;
    void this.get(entId); // reloads in the background when old
    return { fences: loaded.byUser.get(userId) ?? [], timeZone: loaded.timeZone };
  }

  /** A change was announced: the next point waits for a fresh copy. */
  invalidate(entId: number): void {
    this.entries.delete(entId);
  }

  private get(entId: number): Promise<EntFences> {
    const cached = this.entries.get(entId);
    if (!cached) return this.start(entId).value;
    // Only old, nothing announced: keep answering from the copy while one reload runs, so the
    // positions of a large enterprise do not all wait for it every 30 s.
    if (this.now() - cached.at >= FENCE_CACHE_MS && !cached.refreshing) {
      const refreshing = this.load(entId);
      cached.refreshing = refreshing;
      refreshing.then(
        (loaded) => {
          if (this.entries.get(entId) === cached) this.entries.set(entId, { at: this.now(), value: refreshing, loaded, refreshing: null });
        },
        () => {
          if (this.entries.get(entId) === cached) this.entries.delete(entId);
        },
      );
    }
    return cached.value;
  }

  private start(entId: number): Entry {
    // One load per enterprise at a time: concurrent points wait for the same promise.
    const entry: Entry = { at: this.now(), value: this.load(entId), loaded: null, refreshing: null };
    this.entries.set(entId, entry);
    entry.value.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => {
        if (this.entries.get(entId) === entry) this.entries.delete(entId);
      },
    );
    return entry;
  }

  private async load(entId: number): Promise<EntFences> {
    const [fences, rows, timeZone] = await Promise.all([activeFences(this.db, entId), coverageRows(this.db, entId), entTimeZone(this.db, entId)]);
    const covered = coverage(rows);
    const byUser = new Map<number, ActiveFence[]>();
    for (const fence of fences) {
      for (const userId of covered.get(fence.id) ?? []) {
        const list = byUser.get(userId);
        if (list) list.push(fence);
        else byUser.set(userId, [fence]);
      }
    }
    return { timeZone, byUser };
  }
}
