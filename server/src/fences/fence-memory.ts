import type { FenceState } from './fence-rules';

/** A (fence, user) state as a node remembers it. */
export interface Known {
  state: FenceState | null;
  /** `point_at` of the stored row the state was read from or written as; null: no row. */
  version: number | null;
  /** When the database last confirmed it (our clock). */
  checked: number;
}

/**
 * The node's memory of fence states, by user then fence: a report looks up all of its member's
 * fences, and numeric keys under one user cost far less than a string key per (fence, user) at
 * 20,000 lookups a second. At most `max` states; the users least recently written go first.
 */
export class StateMemory {
  private readonly byUser = new Map<number, Map<number, Known>>();
  private size = 0;

  constructor(private readonly max: number) {}

  get(userId: number, fenceId: number): Known | undefined {
    return this.byUser.get(userId)?.get(fenceId);
  }

  set(userId: number, fenceId: number, known: Known): void {
    const fences = this.byUser.get(userId) ?? new Map<number, Known>();
    // Re-inserted last: a Map iterates in insertion order, so the first user is the oldest.
    this.byUser.delete(userId);
    if (!fences.has(fenceId)) this.size += 1;
    fences.set(fenceId, known);
    this.byUser.set(userId, fences);
    while (this.size > this.max) {
      const [oldest, states] = this.byUser.entries().next().value!;
      this.byUser.delete(oldest);
      this.size -= states.size;
    }
  }

  delete(userId: number, fenceId: number): void {
    if (this.byUser.get(userId)?.delete(fenceId)) this.size -= 1;
  }

  /** Every user's state of this fence. */
  forgetFence(fenceId: number): void {
    for (const fences of this.byUser.values()) if (fences.delete(fenceId)) this.size -= 1;
  }
}
