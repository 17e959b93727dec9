import type { JanusConstructor, JanusPluginHandle, JanusSession, MediaLog } from './types';

/** What a room hears of the shared session it holds. */
export interface SessionUser {
  /** The session is up: attach the handles (at once when it already is). */
  up(): void;
  /** The session is gone (server lost, destroyed, an attach refused): fail over. */
  lost(reason: unknown): void;
}

/** One room's hold on a shared session, from `SessionPool.acquire` to `release`. */
export interface SessionLease {
  /** Attaches through the shared session; an attach it refuses ends the session for every room on it. */
  readonly session: JanusSession;
  /** Starts hearing `up` and `lost` (`up` at once when the session is already up). */
  use(user: SessionUser): void;
  /**
   * Lets go: detaches `handles` (only this room's), or destroys the session when this was the
   * last room on it. Once only; later calls do nothing.
   */
  release(handles: readonly JanusPluginHandle[]): void;
}

interface Entry {
  readonly key: string;
  session: JanusSession;
  up: boolean;
  /** Lost (or destroyed): no new room joins it, and the last one out destroys it. */
  dead: boolean;
  /** No room holds it any more and it was destroyed. */
  gone: boolean;
  readonly users: Map<object, SessionUser | null>;
}

/**
 * Janus sessions shared by the rooms of one page (ADR 023, "One Janus session for the watched
 * rooms"): over HTTP each session keeps a long poll open, and the browser allows six connections
 * per host, so twenty rooms with a session each starve one another. The rooms that opt in
 * (`JoinOptions.sharedSession`) share one session per server and token, refcounted by room: the
 * first creates it, the others attach their handles to it once it is up, a room that leaves or
 * retries detaches only its own handles, the last one out destroys it. When it dies every room on
 * it is told (`lost`), fails over through its own retry path and finds a new one.
 */
export class SessionPool {
  private readonly entries = new Map<string, Entry>();

  /** Open sessions (the tests' and the bench's count). */
  get size(): number {
    return this.entries.size;
  }

  acquire(Janus: JanusConstructor, server: string, token: string, log: MediaLog): SessionLease {
    const key = `${server}\n${token}`;
    const entry = this.entries.get(key) ?? this.create(Janus, key, server, token, log);
    const id = {};
    entry.users.set(id, null);
    let released = false;
    const session: JanusSession = {
      attach: (options) =>
        entry.session.attach({
          ...options,
          error: (e: string) => {
            // A session that cannot attach (not connected, no such session on Janus) is no good to anyone.
            this.kill(entry, `attach failed: ${e}`);
            options.error?.(e);
          },
        }),
      destroy: () => undefined, // only the pool destroys a shared session
    };
    return {
      session,
      use: (user) => {
        if (released || !entry.users.has(id)) return;
        entry.users.set(id, user);
        if (entry.dead) user.lost('the shared session is gone');
        else if (entry.up) user.up();
      },
      release: (handles) => {
        if (released) return;
        released = true;
        entry.users.delete(id);
        if (entry.users.size === 0) this.destroy(entry);
        else if (!entry.dead) for (const handle of handles) handle.detach({});
      },
    };
  }

  private create(Janus: JanusConstructor, key: string, server: string, token: string, log: MediaLog): Entry {
    const entry: Entry = { key, session: null as unknown as JanusSession, up: false, dead: false, gone: false, users: new Map() };
    this.entries.set(key, entry);
    entry.session = new Janus({
      server,
      token,
      success: () => {
        // Everyone left while it was being made: janus.js could not destroy it then, so now.
        if (entry.gone) {
          entry.session.destroy({ cleanupHandles: true, notifyDestroyed: false });
          return;
        }
        if (entry.dead) return;
        entry.up = true;
        for (const user of [...entry.users.values()]) if (user && !entry.dead) user.up();
      },
      error: (e: unknown) => {
        log(`shared Janus session lost: ${String(e)}`, e);
        this.kill(entry, e);
      },
      destroyed: () => this.kill(entry, 'the shared session was destroyed'),
    });
    return entry;
  }

  /** The session is no good: no room joins it any more, and every room on it fails over. */
  private kill(entry: Entry, reason: unknown): void {
    if (entry.dead || entry.gone) return;
    entry.dead = true;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    for (const user of [...entry.users.values()]) user?.lost(reason);
  }

  private destroy(entry: Entry): void {
    if (entry.gone) return;
    entry.gone = true;
    entry.dead = true;
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    // Destroying the session detaches every handle left on it.
    entry.session.destroy({ cleanupHandles: true, notifyDestroyed: false });
  }
}

/** The page's pool: every media client of the page shares it (the watched rooms and the all-call room come from different clients). */
export const pageSessions = new SessionPool();
