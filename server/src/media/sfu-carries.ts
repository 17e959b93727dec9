import { randomUUID } from 'node:crypto';
import { BridgeRelay } from './bridge-relay';
import type { KeyedQueue } from './keyed-queue';
import type { CarryHandle } from './media-rooms';
import { BRIDGE_DISPLAY, BRIDGE_MID, type Bridge } from './sfu-bridges';
import { sfuDisplay, type Feed } from './sfu-feed';
import type { Forward, SfuForwards } from './sfu-forwards';

// Patch and all-call on the VideoRoom (ADR 024). A carry forwards one talker's audio from the
// source room to a relay of this server, which feeds the bridge of each target room; a target
// hears its bridge and no other feed while the carry lasts. Each room's bridge is made once and
// kept with the room (sfu-bridges.ts says why). This keeps which bridge is heard for which carry,
// so that the end of one carry never mutes a bridge another carry took over meanwhile.

/** What carries need of the rooms (SfuRooms): the rooms' queue, their feeds and moderation. */
export interface CarryRooms {
  /** The rooms' queue: hearing a bridge is a moderation like a floor's, in the same order. */
  queue: KeyedQueue;
  forwards: SfuForwards;
  /** Where the relay sends to a bridge: Janus's own host (remote publishers listen on every address). */
  janusHost(): string;
  ensureRoom(chatId: string): Promise<void>;
  addBridge(chatId: string): Promise<Bridge>;
  listFeeds(chatId: string): Promise<Map<string, Feed>>;
  /** A feed this node knows of, without listing the room. */
  knownFeed(chatId: string, id: string): Feed | undefined;
  recordFeed(chatId: string, id: string, feed: Feed): void;
  moderate(chatId: string, id: string, feed: Feed, mute: boolean): Promise<void>;
  /** A heard bridge replaces the room's plain floor on this node. */
  clearSpeaker(chatId: string): void;
}

/** A patch press or an all-call in progress: one forward of the source, one relay. */
interface Carry extends CarryHandle {
  readonly targets: Set<string>;
  relay: BridgeRelay;
  forwards: Forward[];
}

export class SfuCarries {
  /** Per room: its bridge, made once, kept with the room. */
  private readonly bridges = new Map<string, Promise<Bridge>>();
  /** Bridge feed ids known now (for the moderation loops, which must not wait on a creation). */
  private readonly bridgeIds = new Map<string, string>();
  /** Rooms whose bridge is heard now, and the carry it is heard for. */
  private readonly carriedBy = new Map<string, string>();
  private readonly carries = new Map<string, Carry>();

  constructor(private readonly rooms: CarryRooms) {}

  /** Whether this feed is the room's bridge (the one feed a bridged floor lets be heard). */
  isBridge(chatId: string, id: string): boolean {
    return id === this.bridgeIds.get(chatId);
  }

  /** A plain floor (or none) set in the room: no carry is heard there; its bridge is muted with everyone else. */
  plainFloor(chatId: string): void {
    this.carriedBy.delete(chatId);
  }

  /** The room was destroyed: its bridge went with it. */
  forgetRoom(chatId: string): void {
    this.bridges.delete(chatId);
    this.bridgeIds.delete(chatId);
    this.carriedBy.delete(chatId);
  }

  /** Janus restarted: no room, so no bridge, is left. Carries in progress keep their relays. */
  forgetRooms(): void {
    this.bridges.clear();
    this.bridgeIds.clear();
    this.carriedBy.clear();
  }

  /** The room's bridge: made the first time (muted), then the same one until the room goes. */
  ensureBridge(chatId: string): Promise<Bridge> {
    let p = this.bridges.get(chatId);
    if (!p) {
      const making = this.rooms
        .ensureRoom(chatId)
        .then(() => this.rooms.queue.run(chatId, () => this.rooms.addBridge(chatId)))
        .then((b) => {
          this.bridgeIds.set(chatId, b.id);
          this.rooms.recordFeed(chatId, b.id, { display: BRIDGE_DISPLAY, mids: [BRIDGE_MID], muted: true });
          return b;
        });
      this.bridges.set(chatId, making);
      making.catch(() => {
        if (this.bridges.get(chatId) === making) this.bridges.delete(chatId);
      });
      p = making;
    }
    return p;
  }

  /** The bridge heard (for `carryId`), every other feed of the room muted; or the bridge muted. */
  hear(chatId: string, carryId: string, on: boolean): Promise<void> {
    return this.rooms.queue.run(chatId, async () => {
      const bridge = this.bridgeIds.get(chatId);
      if (!on) {
        // Another carry (or a plain floor) took the room since: not ours to mute.
        if (this.carriedBy.get(chatId) !== carryId) return;
        this.carriedBy.delete(chatId);
        const f = bridge === undefined ? undefined : this.rooms.knownFeed(chatId, bridge);
        if (bridge !== undefined && f) await this.rooms.moderate(chatId, bridge, f, true);
        return;
      }
      this.carriedBy.set(chatId, carryId);
      this.rooms.clearSpeaker(chatId);
      const work: Promise<void>[] = [];
      for (const [id, f] of await this.rooms.listFeeds(chatId)) {
        if (id === bridge) work.push(this.rooms.moderate(chatId, id, f, false));
        else if (f.muted !== true) work.push(this.rooms.moderate(chatId, id, f, true));
      }
      await Promise.all(work);
    });
  }

  /** Carries `uid`'s audio in `source` into the targets' bridges (ids checked by the caller). */
  async carry(source: string, uid: number, targets: string[]): Promise<CarryHandle> {
    const bridges = await Promise.all(targets.map((t) => this.ensureBridge(t)));
    const relay = await BridgeRelay.open(this.rooms.forwards.host);
    const c: Carry = { id: randomUUID(), source, targets: new Set(targets), relay, forwards: [] };
    this.carries.set(c.id, c);
    bridges.forEach((b, i) => relay.add({ chatId: targets[i]!, host: this.rooms.janusHost(), port: b.port, clock: b.clock }));
    try {
      await Promise.all(targets.map((t) => this.hear(t, c.id, true)));
      await this.rooms.queue.run(source, async () => {
        const feeds = [...(await this.rooms.listFeeds(source))].filter(([, f]) => f.display === sfuDisplay(uid));
        c.forwards.push(...(await this.rooms.forwards.start(source, feeds, relay.port)));
      });
    } catch (err) {
      await this.uncarry(c).catch(() => undefined);
      throw err;
    }
    return c;
  }

  /** Ends the carry into `only` of its targets (else all); the forward and relay go with the last one. */
  async uncarry(handle: CarryHandle, only?: string[]): Promise<void> {
    const c = this.carries.get(handle.id);
    if (!c) return;
    const ending = only ? only.filter((t) => c.targets.has(t)) : [...c.targets];
    for (const t of ending) {
      c.relay.remove(t);
      c.targets.delete(t);
    }
    if (c.targets.size === 0) {
      this.carries.delete(c.id);
      await this.rooms.queue.run(c.source, () => this.rooms.forwards.stop(c.source, c.forwards));
      c.relay.close();
    }
    await Promise.all(ending.map((t) => this.hear(t, c.id, false)));
  }

  /** Carries in progress (tests): source, targets, packets relayed. */
  now(): { source: string; targets: string[]; received: number; relayPort: number }[] {
    return [...this.carries.values()].map((c) => ({ source: c.source, targets: [...c.targets], received: c.relay.received, relayPort: c.relay.port }));
  }

  /** The server is closing: every relay closed. */
  close(): void {
    for (const c of this.carries.values()) c.relay.close();
    this.carries.clear();
  }
}
