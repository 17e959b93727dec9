import { isPttChatId, parseAllCallOriginId } from '@ptt/contracts';
import type { JanusJson } from './janus-client';
import type { KeyedQueue } from './keyed-queue';
import type { Logger } from '../logger';
import { BRIDGE_HOLDER, type Holder, type HolderLookup } from './media-rooms';
import { sfuDisplay, type Feed } from './sfu-feed';
import type { VideoRoomAdmin } from './videoroom-admin';

// The watchdog of ADR 010 on the VideoRoom (SfuRooms): in every PTT room with participants, a feed
// heard without holding the floor is muted (a client that reached Janus some other way, or a
// moderation this node missed). room-watchdog.ts is the AudioBridge's.

export interface WatchedRooms {
  admin: VideoRoomAdmin;
  adminKey: string;
  /** The rooms' queue: a check never overtakes a grant or a release of the same room. */
  queue: KeyedQueue;
  log: Logger;
  intervalMs: number;
  /** Who this node last let speak in the room (an all-call origin room has no floor record). */
  speakerOf(chatId: string): number | null | undefined;
  listFeeds(chatId: string): Promise<Map<string, Feed>>;
  isBridge(chatId: string, id: string): boolean;
  moderate(chatId: string, id: string, feed: Feed, mute: boolean): Promise<void>;
}

export class SfuWatchdog {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly rooms: WatchedRooms) {}

  /** One round: in every PTT room with participants, non-holders not known muted are muted. */
  async enforce(holders: HolderLookup): Promise<void> {
    const { rooms: r } = this;
    const data: JanusJson = await r.admin.request({ request: 'list', admin_key: r.adminKey });
    const rooms = (Array.isArray(data.list) ? data.list : []) as { room: unknown; num_participants?: number }[];
    const withPeople = rooms.filter((x) => (x.num_participants ?? 0) > 0).map((x) => String(x.room));
    const busy = withPeople.filter(isPttChatId);
    // All-call origin rooms have no floor: their user is heard while this node has a call on air.
    const origins = withPeople.filter((x) => parseAllCallOriginId(x) !== null);
    const lookup = async (chatIds: string[]): Promise<Map<string, Holder>> => {
      const m = chatIds.some(isPttChatId) ? await holders(chatIds.filter(isPttChatId)) : new Map<string, Holder>();
      for (const o of chatIds.filter((c) => !isPttChatId(c))) {
        const uid = r.speakerOf(o);
        if (uid !== undefined && uid !== null) m.set(o, uid);
      }
      return m;
    };
    if (busy.length + origins.length === 0) return;
    const held = await lookup([...busy, ...origins]);
    await Promise.all(
      [...busy, ...origins].map((chatId) =>
        r.queue.run(chatId, async () => {
          const heard = async (h: Holder | null) => [...(await r.listFeeds(chatId))].filter(([id, f]) => f.muted !== true && !this.mayBeHeard(chatId, id, f, h));
          if ((await heard(held.get(chatId) ?? null)).length === 0) return;
          // The floor may have changed since the batch lookup: ask again before muting anyone.
          const fresh = (await lookup([chatId])).get(chatId) ?? null;
          for (const [id, f] of await heard(fresh)) {
            if (f.muted === false) r.log.warn({ room: chatId, display: f.display, holder: fresh }, 'PTT watchdog muted a publisher that does not hold the floor');
            await r.moderate(chatId, id, f, true);
          }
        }),
      ),
    );
  }

  /** Whether this feed may be heard while `h` holds the room: the holder's feeds, or our bridge. */
  private mayBeHeard(chatId: string, id: string, f: Feed, h: Holder | null): boolean {
    if (h === null) return false;
    if (h === BRIDGE_HOLDER) return this.rooms.isBridge(chatId, id);
    return f.display === sfuDisplay(h);
  }

  /** A round every `intervalMs` (none while the last one runs); returns its stop function. */
  watch(holders: HolderLookup): () => void {
    let running = false;
    let failing = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.enforce(holders)
        .then(() => {
          failing = false;
        })
        .catch((err: unknown) => {
          // Once per outage, not every round.
          if (!failing) this.rooms.log.warn({ err }, 'PTT watchdog could not check the VideoRoom rooms');
          failing = true;
        })
        .finally(() => {
          running = false;
        });
    }, this.rooms.intervalMs);
    timer.unref();
    this.timers.add(timer);
    return () => {
      clearInterval(timer);
      this.timers.delete(timer);
    };
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers.clear();
  }
}
