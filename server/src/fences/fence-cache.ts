import type { Queryable } from '../db/db';
import { activeFences, coveredUsers, type ActiveFenceRow } from './fence-alert.repository';

/**
 * How long a node trusts its copy of an enterprise's fences. Changes made through this server
 * drop the copy at once on every node (hub topic `sys/internal/fences`, and channel membership
 * messages); the time limit bounds what nothing announces (a user deleted, a direct SQL change).
 */
export const FENCE_CACHE_MS = 30_000;

export type ActiveFence = ActiveFenceRow;

interface Entry {
  at: number;
  /** Enabled fences by covered user. */
  byUser: Promise<Map<number, ActiveFence[]>>;
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

  async forUser(entId: number, userId: number): Promise<readonly ActiveFence[]> {
    return (await this.get(entId)).get(userId) ?? [];
  }

  invalidate(entId: number): void {
    this.entries.delete(entId);
  }

  private get(entId: number): Promise<Map<number, ActiveFence[]>> {
    const cached = this.entries.get(entId);
    if (cached && this.now() - cached.at < FENCE_CACHE_MS) return cached.byUser;
    // One load per enterprise at a time: concurrent points wait for the same promise.
    const entry: Entry = { at: this.now(), byUser: this.load(entId) };
    this.entries.set(entId, entry);
    entry.byUser.catch(() => {
      if (this.entries.get(entId) === entry) this.entries.delete(entId);
    });
    return entry.byUser;
  }

  private async load(entId: number): Promise<Map<number, ActiveFence[]>> {
    const [fences, covered] = await Promise.all([activeFences(this.db, entId), coveredUsers(this.db, entId)]);
    const byId = new Map(fences.map((f) => [f.id, f]));
    const byUser = new Map<number, ActiveFence[]>();
    for (const { fenceId, userId } of covered) {
      const fence = byId.get(fenceId);
      if (!fence) continue;
      const list = byUser.get(userId) ?? [];
      list.push(fence);
      byUser.set(userId, list);
    }
    return byUser;
  }
}
