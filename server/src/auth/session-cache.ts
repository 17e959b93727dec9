import type { ActiveSession, FileLinkSession } from './session.repository';

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

/**
 * The same for signed file URLs (ADR 012): the session and key of a file link id for a few
 * seconds, so a chat page of pictures costs one query. Dropped by token hash with the session's
 * own entry, so a revocation ends its links on every node as soon as it ends its token.
 */
export class FileLinkCache {
  private readonly entries = new Map<string, { value: FileLinkSession; until: number }>();
  /** token hash -> link id, to drop an entry when its session is revoked. */
  private readonly links = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  get(link: string): FileLinkSession | null {
    const e = this.entries.get(link);
    if (!e) return null;
    if (e.until <= this.now()) {
      this.remove(link);
      return null;
    }
    return e.value;
  }

  set(link: string, value: FileLinkSession): void {
    if (this.entries.size >= MAX_ENTRIES) this.remove(this.entries.keys().next().value!);
    this.entries.set(link, { value, until: this.now() + SESSION_CACHE_MS });
    this.links.set(value.session.tokenHash, link);
  }

  drop(tokenHash: string): void {
    const link = this.links.get(tokenHash);
    if (link !== undefined) this.remove(link);
  }

  private remove(link: string): void {
    const e = this.entries.get(link);
    this.entries.delete(link);
    if (e && this.links.get(e.value.session.tokenHash) === link) this.links.delete(e.value.session.tokenHash);
  }
}
