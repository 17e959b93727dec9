import type { JanusJS } from './types';

/** A publisher as VideoRoom lists it in `joined` and in `publishers` events. */
export interface Publisher {
  id: string | number;
  display?: string;
  streams?: { type?: string; mid?: string; disabled?: boolean }[];
}

/** The display of the room's bridge publisher (ADR 024): a talker of another room, relayed by the server. */
export const BRIDGE_DISPLAY = 'bridge';

/** One stream of the subscriber's PeerConnection as Janus lists it in `attached` / `updated`. */
export interface SubscribedStream {
  mid?: string;
  feed_id?: string | number;
  feed_display?: string;
}

/** One stream of the subscriber's `join` / `subscribe` request. */
export interface FeedStream {
  feed: string;
  mid?: string;
}

/** A failed subscribe is tried again after this long (a talker who left is dropped by then). */
export const SUBSCRIBE_RETRY_MS = 1_000;

/**
 * The subscriber side's plan: which other publishers' audio we want, which we have asked Janus
 * for, and one request at a time (Janus answers each with a new offer; overlapping renegotiations
 * would only be merged or refused). Every feed is subscribed as soon as it is published, so a
 * talker's first packets reach us without any set-up on the press path.
 */
export class Feeds {
  private readonly wanted = new Map<string, FeedStream[]>();
  private readonly subscribed = new Set<string>();
  /** Each publisher's display as announced (the bridge is told apart by it). */
  private readonly displays = new Map<string, string>();
  private inFlight: string[] | null = null;
  private joined = false;
  private joining = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly chatId: string,
    /** Our own publisher id once joined: never subscribed (we would hear ourselves). */
    private readonly ownId: () => string | null,
    private readonly request: (message: JanusJS.PluginMessage['message']) => void,
  ) {}

  /** Whether another publisher is in the room (listening then needs the subscriber up). */
  get any(): boolean {
    return this.wanted.size > 0;
  }

  add(publishers: Publisher[] | undefined): void {
    for (const p of publishers ?? []) {
      const id = String(p.id);
      if (id === this.ownId()) continue;
      if (p.display !== undefined) this.displays.set(id, p.display);
      if (!p.streams) {
        this.wanted.set(id, [{ feed: id }]); // no stream list: the feed's default streams (audio only here)
        continue;
      }
      const audio = p.streams.filter((s) => s.type === 'audio' && !s.disabled && s.mid !== undefined);
      if (audio.length) this.wanted.set(id, audio.map((s) => ({ feed: id, mid: s.mid })));
      else this.remove(id); // nothing to hear (Janus would refuse the subscribe)
    }
    this.sync();
  }

  /**
   * The subscriber's mids that carry the bridge, from a stream list of Janus's (`feed_display`,
   * else the display the publisher was announced with).
   */
  bridgeMids(streams: readonly SubscribedStream[]): Set<string> {
    const mids = new Set<string>();
    for (const s of streams) {
      if (s.mid === undefined || s.feed_id === undefined) continue;
      const display = s.feed_display ?? this.displays.get(String(s.feed_id));
      if (display === BRIDGE_DISPLAY) mids.add(s.mid);
    }
    return mids;
  }

  /** A publisher unpublished or left: Janus drops its m-lines itself (autoupdate) and sends an offer. */
  remove(id: string | number): void {
    this.wanted.delete(String(id));
    this.subscribed.delete(String(id));
    this.displays.delete(String(id));
  }

  /** Our last request was answered (offer answered, or nothing to change): on to the next. */
  settled(): void {
    this.inFlight = null;
    this.joining = false;
    this.sync();
  }

  /** Our last request was refused (a feed gone meanwhile, say): ask again for what is still wanted. */
  failed(): void {
    const ids = this.inFlight ?? [];
    this.inFlight = null;
    if (this.joining) this.joined = false; // the subscriber never joined: the next try joins again
    this.joining = false;
    for (const id of ids) this.subscribed.delete(id);
    if (this.retry || this.disposed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.sync();
    }, SUBSCRIBE_RETRY_MS);
  }

  dispose(): void {
    this.disposed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private sync(): void {
    if (this.inFlight || this.retry || this.disposed) return;
    const ids = [...this.wanted.keys()].filter((id) => !this.subscribed.has(id));
    if (!ids.length) return;
    const streams = ids.flatMap((id) => this.wanted.get(id) ?? []);
    this.inFlight = ids;
    for (const id of ids) this.subscribed.add(id);
    if (this.joined) {
      this.request({ request: 'subscribe', streams });
    } else {
      this.joined = true;
      this.joining = true;
      this.request({ request: 'join', ptype: 'subscriber', chatId: this.chatId, streams });
    }
  }
}
