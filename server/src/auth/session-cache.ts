import type { ActiveSession } from './session.repository';

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 50_000;

/**
 * Active sessions by token hash for a few seconds, so a burst of REST calls costs one session
 * query, not one per call. Revocations (logout, newer login, lock, delete, role or password
 * change) reach every node on the hub and drop the entry at once; what the cache can serve stale
 * for at most SESSION_CACHE_MS is only an enterprise passing its validity date and a nickname.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: ActiveSession; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(tokenHash: string): ActiveSession | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (e.until <= this.now()) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.session;
  }

  set(session: ActiveSession): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(session.tokenHash, { session, until: this.now() + SESSION_CACHE_MS });
  }

  drop(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}
