import type { Ws2Frame } from '@ptt/contracts';

/** `text` is the frame already serialised once per publish, so a fan-out to many sockets does not
 *  stringify per socket. */
export type FrameListener = (frame: Ws2Frame, text: string) => void;

/**
 * Real-time fan-out seam. The in-process hub serves one server node; a Redis pub/sub
 * implementation of the same interface lets several nodes serve one organisation.
 */
export interface Hub {
  /** Delivers `{ code: 0, topic, data, t }` to every subscriber of `topic` (on every node). */
  publish(topic: string, t: string, data: unknown): Promise<void>;
  /** Returns the function that ends this subscription. */
  subscribe(topic: string, listener: FrameListener): () => void;
  close(): Promise<void>;
}

/** Topics the server uses between its own parts; never subscribed by a socket. */
export const INTERNAL_TOPICS = {
  sessionRevoked: 'sys/internal/session-revoked',
  membership: 'sys/internal/membership',
  /** A fence or its links changed in `{ entId, fenceId }`, or the organisation's time zone (`{ entId }`):
   *  every node drops its cached fences (and the remembered states of that fence). */
  fences: 'sys/internal/fences',
  /** Patrol nodes, tasks, runs or check-ins of `{ entId }` changed: every node drops its copy of
   *  the organisation's active runs (ADR 029). */
  patrol: 'sys/internal/patrol',
} as const;

/** Why a session ended; travels on `sessionRevoked` and in the socket's last frame. */
export const REVOKE_REASONS = {
  logout: 'logout',
  loginElsewhere: 'loginElsewhere',
  /** Locked, deleted, role or password changed: 'account information changed, log in again'. */
  accountChanged: 'accountChanged',
} as const;
export type RevokeReason = (typeof REVOKE_REASONS)[keyof typeof REVOKE_REASONS];

export class InProcessHub implements Hub {
  private readonly listeners = new Map<string, Set<FrameListener>>();

  constructor(private readonly onListenerError: (err: unknown, topic: string) => void = () => undefined) {}

  publish(topic: string, t: string, data: unknown): Promise<void> {
    const set = this.listeners.get(topic);
    if (!set || set.size === 0) return Promise.resolve();
    const frame: Ws2Frame = { code: 0, topic, data, t };
    const text = JSON.stringify(frame);
    // Copy first: a listener may unsubscribe (socket closing) while we iterate.
    for (const listener of [...set]) {
      try {
        listener(frame, text);
      } catch (err) {
        this.onListenerError(err, topic);
      }
    }
    return Promise.resolve();
  }

  subscribe(topic: string, listener: FrameListener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  /** Number of topics with at least one subscriber (tests check sockets clean up after themselves). */
  topicCount(): number {
    return this.listeners.size;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
