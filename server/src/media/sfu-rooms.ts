import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { isPttChatId, parseAllCallOriginId } from '@ptt/contracts';
import { BridgeRelay } from './bridge-relay';
import type { JanusClient, JanusJson } from './janus-client';
import { KeyedQueue } from './keyed-queue';
import type { Logger } from '../logger';
import { BRIDGE_HOLDER, type BurstRecording, type CarryHandle, type Holder, type HolderLookup, type MediaRooms } from './media-rooms';
import { addBridge, BRIDGE_MID, type Bridge } from './sfu-bridges';
import { BurstRecorder } from './sfu-recorder';
import { VideoRoomAdmin, VideoRoomCode, VideoRoomError } from './videoroom-admin';

// PTT channel and temporary-channel rooms on the Janus VideoRoom (issue 18): an audio-only SFU
// room per chat id, packets forwarded without mixing. Every publisher is moderated (muted at the
// plugin) except the floor holder's; the client cannot undo a moderation. Janus 1.1.2 lists
// neither a publisher's streams nor their moderation in a synchronous request, so this keeps its
// own record of each feed's audio mids (from the proxy, which sees the JSEP answers) and of what
// it moderated; listparticipants tells which feeds are still there. Requests about one room run one
// after another (KeyedQueue), as for the AudioBridge rooms.

export interface SfuRoomsOptions {
  client: JanusClient;
  /** The plugins' `admin_key` (lock_rtp_forward needs it too); room secrets and pins derive from it. */
  adminKey: string;
  /** Bursts are written to `<recordDir>/<chatId>/<burstId>.ogg`. */
  recordDir: string;
  log: Logger;
  /** Where Janus sends a burst's RTP (a local address of this server): JANUS_RTP_FORWARD_HOST. */
  forwardHost?: string;
  watchIntervalMs?: number;
  /** Room size: Janus refuses a publisher beyond it (its default, 3, is far too small). */
  maxPublishers?: number;
}

interface Feed {
  display: string;
  /** The feed's audio mids; null when this node never saw its answer (then '0', janus.js's first). */
  mids: string[] | null;
  /** What this node last moderated; null: unknown. */
  muted: boolean | null;
}

interface Listed {
  id: string;
  display?: string;
  publisher?: boolean;
}

type Forward = { feed: string; streamId: number };

interface Recording {
  burstId: string;
  recorder: BurstRecorder;
  forwards: Forward[];
}

/** A patch press or an all-call in progress (ADR 024): one forward of the source, one relay. */
interface Carry extends CarryHandle {
  readonly targets: Set<string>;
  relay: BridgeRelay;
  forwards: Forward[];
}

const SAFE_ID = /^[\w-]{1,64}$/;
const FALLBACK_MIDS = ['0'];

function checkId(what: string, id: string): void {
  if (!SAFE_ID.test(id)) throw new Error(`invalid ${what} for a media room: ${JSON.stringify(id)}`);
}

export const sfuDisplay = (uid: number): string => `u${uid}`;

const gone = (err: unknown): boolean =>
  err instanceof VideoRoomError && (err.code === VideoRoomCode.NoSuchFeed || err.code === VideoRoomCode.NoSuchRoom);

export class SfuRooms implements MediaRooms {
  readonly available = true;
  readonly admin: VideoRoomAdmin;
  private readonly created = new Map<string, Promise<void>>();
  /** Per room: feed id -> what we know (the last listing plus the proxy's admissions). */
  private readonly feeds = new Map<string, Map<string, Feed>>();
  private readonly speaker = new Map<string, number | null>();
  private readonly recording = new Map<string, Recording>();
  private readonly queue = new KeyedQueue();
  private readonly watchers = new Set<NodeJS.Timeout>();
  private holders: HolderLookup | null = null;
  /** Per room: its bridge (sfu-bridges.ts), made once, kept with the room. */
  private readonly bridges = new Map<string, Promise<Bridge>>();
  /** Bridge feed ids known now (for the moderation loops, which must not wait on a creation). */
  private readonly bridgeIds = new Map<string, string>();
  /** Rooms whose bridge is heard now, and the carry it is heard for. */
  private readonly carriedBy = new Map<string, string>();
  private readonly carries = new Map<string, Carry>();

  constructor(private readonly opts: SfuRoomsOptions) {
    this.admin = new VideoRoomAdmin(opts.client, opts.log);
    this.admin.onReset(() => this.forgetRooms());
  }

  get janusUrl(): string {
    return this.opts.client.url;
  }

  /** Where the relay sends to a bridge: Janus's own host (remote publishers listen on every address). */
  private get janusHost(): string {
    return new URL(this.opts.client.url).hostname.replace(/^\[|\]$/g, '');
  }

  private derive(kind: 'secret' | 'pin', chatId: string): string {
    return createHmac('sha256', this.opts.adminKey).update(`ptt-sfu-${kind}:${chatId}`).digest('base64url').slice(0, 32);
  }
  /** The pin the proxy adds to a client's join. */
  roomPin(chatId: string): string {
    return this.derive('pin', chatId);
  }
  private secret(chatId: string): string {
    return this.derive('secret', chatId);
  }

  forgetRooms(): void {
    this.created.clear();
    this.feeds.clear();
    this.bridges.clear();
    this.bridgeIds.clear();
    this.carriedBy.clear();
    for (const r of this.recording.values()) r.recorder.discard();
    this.recording.clear();
  }

  ensureRoom(chatId: string): Promise<void> {
    try {
      checkId('chat id', chatId);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    let p = this.created.get(chatId);
    if (!p) {
      const creating = this.createRoom(chatId);
      this.created.set(chatId, creating);
      creating.catch(() => {
        if (this.created.get(chatId) === creating) this.created.delete(chatId);
      });
      p = creating;
    }
    return p;
  }

  private async createRoom(chatId: string): Promise<void> {
    try {
      await this.admin.request({
        request: 'create',
        room: chatId,
        admin_key: this.opts.adminKey,
        secret: this.secret(chatId),
        pin: this.roomPin(chatId),
        description: chatId,
        is_private: true,
        permanent: false,
        publishers: this.opts.maxPublishers ?? 500,
        audiocodec: 'opus',
        opus_fec: true,
        videocodec: 'vp8',
        notify_joining: false,
        audiolevel_event: false,
        record: false,
        lock_record: true,
      });
    } catch (err) {
      // Another node, or an earlier life of this one, made it with the same derived secret and pin.
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.RoomExists)) throw err;
    }
  }

  private room(chatId: string): Map<string, Feed> {
    let m = this.feeds.get(chatId);
    if (!m) this.feeds.set(chatId, (m = new Map<string, Feed>()));
    return m;
  }

  /** The room's publishing feeds (merged into our record); a room Janus does not have has none. */
  async listFeeds(chatId: string): Promise<Map<string, Feed>> {
    let listed: Listed[];
    try {
      const data = await this.admin.request({ request: 'listparticipants', room: chatId });
      listed = (Array.isArray(data.participants) ? data.participants : []) as Listed[];
    } catch (err) {
      if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchRoom)) throw err;
      this.created.delete(chatId);
      this.feeds.delete(chatId);
      return new Map();
    }
    const known = this.room(chatId);
    const present = new Set<string>();
    for (const p of listed) {
      // A feed admitted by the proxy whose WebRTC is not up yet (publisher: false) is kept: its
      // streams exist and a press must unmute them. Others count once they publish.
      if (p.publisher !== true && !known.has(p.id)) continue;
      present.add(p.id);
      if (!known.has(p.id)) known.set(p.id, { display: p.display ?? '', mids: null, muted: null });
    }
    for (const id of known.keys()) if (!present.has(id)) known.delete(id);
    return known;
  }

  private async moderate(chatId: string, id: string, feed: Feed, mute: boolean): Promise<void> {
    try {
      await Promise.all(
        (feed.mids ?? FALLBACK_MIDS).map((mid) =>
          this.admin.request({ request: 'moderate', room: chatId, secret: this.secret(chatId), id, mid, mute }),
        ),
      );
      feed.muted = mute;
    } catch (err) {
      // A feed that just left (or a guessed mid it does not have) is no error.
      if (!gone(err)) throw err;
    }
  }

  private async holderOf(chatId: string): Promise<Holder | null> {
    // An all-call origin room has no floor: its user is heard while this node has their call on air.
    if (!isPttChatId(chatId)) return this.speaker.get(chatId) ?? null;
    if (this.holders) return (await this.holders([chatId])).get(chatId) ?? null;
    return this.speaker.get(chatId) ?? null;
  }

  /**
   * A publisher the proxy saw negotiate (its JSEP answer, not yet delivered): its audio mids are
   * moderated before the browser may complete ICE: muted, unless `uid` holds the floor now.
   */
  admitPublisher(chatId: string, feedId: string, uid: number, mids: string[]): Promise<void> {
    checkId('chat id', chatId);
    return this.queue.run(chatId, async () => {
      const feed: Feed = { display: sfuDisplay(uid), mids: mids.length > 0 ? mids : null, muted: null };
      this.room(chatId).set(feedId, feed);
      const holder = await this.holderOf(chatId);
      const mute = holder !== uid;
      await Promise.all((feed.mids ?? FALLBACK_MIDS).map((mid) => this.admin.request({ request: 'moderate', room: chatId, secret: this.secret(chatId), id: feedId, mid, mute })));
      feed.muted = mute;
    });
  }

  async setSpeaker(chatId: string, uid: number | null): Promise<void> {
    checkId('chat id', chatId);
    const display = uid === null ? null : sfuDisplay(uid);
    return this.queue.run(chatId, async () => {
      this.speaker.set(chatId, uid);
      // A plain floor (or none): the bridge is muted with everyone else (its display is not u<uid>).
      this.carriedBy.delete(chatId);
      // The press path: unmute the holder's feeds we know at once, alongside the listing.
      const known = [...(this.feeds.get(chatId) ?? new Map<string, Feed>())].filter(([, f]) => f.display === display);
      const early = known.map(([id, f]) => this.moderate(chatId, id, f, false).then(() => id));
      const [earlyDone, list] = await Promise.all([Promise.allSettled(early), this.listFeeds(chatId)]);
      const unmuted = new Set(earlyDone.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
      const work: Promise<void>[] = [];
      for (const [id, f] of list) {
        if (f.display === display) {
          if (!unmuted.has(id) || f.muted !== false) work.push(this.moderate(chatId, id, f, false));
        } else if (f.muted !== true) {
          work.push(this.moderate(chatId, id, f, true));
        }
      }
      await Promise.all(work);
    });
  }

  async startRecording(chatId: string, burstId: string): Promise<void> {
    checkId('chat id', chatId);
    checkId('burst id', burstId);
    return this.queue.run(chatId, async () => {
      await this.dropRecording(chatId);
      await this.ensureRoom(chatId);
      // The grant that starts a burst set the speaker on this node just before.
      const holder = this.speaker.get(chatId) ?? (await this.holderOf(chatId));
      // A bridged floor is recorded in the talker's own room only (ADR 024).
      if (holder === null || holder === BRIDGE_HOLDER) return;
      const feeds = [...(await this.listFeeds(chatId))].filter(([, f]) => f.display === sfuDisplay(holder));
      const file = path.join(this.opts.recordDir, chatId, `${burstId}.ogg`);
      const recorder = await BurstRecorder.open(this.opts.forwardHost ?? '127.0.0.1', file);
      const rec: Recording = { burstId, recorder, forwards: [] };
      this.recording.set(chatId, rec);
      rec.forwards.push(...(await this.forward(chatId, feeds, recorder.port)));
    });
  }

  /** `rtp_forward`s these feeds' audio to a port of this server; the forwarders made. */
  private async forward(chatId: string, feeds: [string, Feed][], port: number): Promise<Forward[]> {
    const out: Forward[] = [];
    for (const [id, f] of feeds) {
      try {
        const data = await this.admin.request({
          request: 'rtp_forward',
          room: chatId,
          publisher_id: id,
          host: this.opts.forwardHost ?? '127.0.0.1',
          secret: this.secret(chatId),
          admin_key: this.opts.adminKey,
          streams: (f.mids ?? FALLBACK_MIDS).map((mid) => ({ mid, port })),
        });
        const forwarders = (Array.isArray(data.forwarders) ? data.forwarders : []) as { stream_id?: number }[];
        for (const fw of forwarders) if (typeof fw.stream_id === 'number') out.push({ feed: id, streamId: fw.stream_id });
      } catch (err) {
        if (!gone(err)) throw err;
      }
    }
    return out;
  }

  private async stopForwards(chatId: string, rec: { forwards: Forward[] }): Promise<void> {
    await Promise.all(
      rec.forwards.map((fw) =>
        this.admin
          .request({ request: 'stop_rtp_forward', room: chatId, publisher_id: fw.feed, stream_id: fw.streamId, secret: this.secret(chatId), admin_key: this.opts.adminKey })
          .catch((err: unknown) => {
            if (!gone(err)) this.opts.log.warn({ err, room: chatId }, 'PTT recording: stop_rtp_forward failed');
          }),
      ),
    );
  }

  private async dropRecording(chatId: string): Promise<void> {
    const rec = this.recording.get(chatId);
    if (!rec) return;
    this.recording.delete(chatId);
    await this.stopForwards(chatId, rec);
    rec.recorder.discard();
  }

  async stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null> {
    checkId('chat id', chatId);
    checkId('burst id', burstId);
    const rec = await this.queue.run(chatId, async () => {
      const current = this.recording.get(chatId);
      if (!current || current.burstId !== burstId) return null;
      this.recording.delete(chatId);
      await this.stopForwards(chatId, current);
      return current;
    });
    if (!rec) return null;
    const done = await rec.recorder.finish();
    return done ? { ...done, format: 'ogg' } : null;
  }

  async destroyRoom(chatId: string): Promise<void> {
    checkId('chat id', chatId);
    return this.queue.run(chatId, async () => {
      await this.dropRecording(chatId);
      try {
        await this.admin.request({ request: 'destroy', room: chatId, secret: this.secret(chatId) });
      } catch (err) {
        if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchRoom)) throw err;
      }
      this.created.delete(chatId);
      this.feeds.delete(chatId);
      this.speaker.delete(chatId);
      this.bridges.delete(chatId);
      this.bridgeIds.delete(chatId);
      this.carriedBy.delete(chatId);
    });
  }

  /** One watchdog round: in every PTT room with participants, non-holders not known muted are muted. */
  async enforce(holders: HolderLookup): Promise<void> {
    const data: JanusJson = await this.admin.request({ request: 'list', admin_key: this.opts.adminKey });
    const rooms = (Array.isArray(data.list) ? data.list : []) as { room: unknown; num_participants?: number }[];
    const withPeople = rooms.filter((r) => (r.num_participants ?? 0) > 0).map((r) => String(r.room));
    const busy = withPeople.filter(isPttChatId);
    // All-call origin rooms have no floor: their user is heard while this node has a call on air.
    const origins = withPeople.filter((r) => parseAllCallOriginId(r) !== null);
    const lookup = async (chatIds: string[]): Promise<Map<string, Holder>> => {
      const m = chatIds.some(isPttChatId) ? await holders(chatIds.filter(isPttChatId)) : new Map<string, Holder>();
      for (const o of chatIds.filter((c) => !isPttChatId(c))) {
        const uid = this.speaker.get(o);
        if (uid !== undefined && uid !== null) m.set(o, uid);
      }
      return m;
    };
    if (busy.length + origins.length === 0) return;
    const held = await lookup([...busy, ...origins]);
    await Promise.all(
      [...busy, ...origins].map((chatId) =>
        this.queue.run(chatId, async () => {
          const heard = async (h: Holder | null) => [...(await this.listFeeds(chatId))].filter(([id, f]) => f.muted !== true && !this.isHolder(chatId, id, f, h));
          if ((await heard(held.get(chatId) ?? null)).length === 0) return;
          // The floor may have changed since the batch lookup: ask again before muting anyone.
          const fresh = (await lookup([chatId])).get(chatId) ?? null;
          for (const [id, f] of await heard(fresh)) {
            if (f.muted === false) this.opts.log.warn({ room: chatId, display: f.display, holder: fresh }, 'PTT watchdog muted a publisher that does not hold the floor');
            await this.moderate(chatId, id, f, true);
          }
        }),
      ),
    );
  }

  /** Whether this feed may be heard while `h` holds the room: the holder's feeds, or our bridge. */
  private isHolder(chatId: string, id: string, f: Feed, h: Holder | null): boolean {
    if (h === null) return false;
    if (h === BRIDGE_HOLDER) return id === this.bridgeIds.get(chatId);
    return f.display === sfuDisplay(h);
  }

  /** The room's bridge: made the first time (muted), then the same one until the room goes. */
  ensureBridge(chatId: string): Promise<Bridge> {
    let p = this.bridges.get(chatId);
    if (!p) {
      const making = this.ensureRoom(chatId)
        .then(() => this.queue.run(chatId, () => addBridge(this.admin, this.opts.log, chatId, this.secret(chatId))))
        .then((b) => {
          this.bridgeIds.set(chatId, b.id);
          this.room(chatId).set(b.id, { display: 'bridge', mids: [BRIDGE_MID], muted: true });
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
  private hearBridge(chatId: string, carryId: string, on: boolean): Promise<void> {
    return this.queue.run(chatId, async () => {
      const bridge = this.bridgeIds.get(chatId);
      if (!on) {
        if (this.carriedBy.get(chatId) !== carryId) return;
        this.carriedBy.delete(chatId);
        const f = bridge === undefined ? undefined : this.feeds.get(chatId)?.get(bridge);
        if (bridge !== undefined && f) await this.moderate(chatId, bridge, f, true);
        return;
      }
      this.carriedBy.set(chatId, carryId);
      this.speaker.set(chatId, null);
      const work: Promise<void>[] = [];
      for (const [id, f] of await this.listFeeds(chatId)) {
        if (id === bridge) work.push(this.moderate(chatId, id, f, false));
        else if (f.muted !== true) work.push(this.moderate(chatId, id, f, true));
      }
      await Promise.all(work);
    });
  }

  async carry(source: string, uid: number, targets: string[]): Promise<CarryHandle> {
    checkId('chat id', source);
    targets.forEach((t) => checkId('chat id', t));
    const bridges = await Promise.all(targets.map((t) => this.ensureBridge(t)));
    const relay = await BridgeRelay.open(this.opts.forwardHost ?? '127.0.0.1');
    const c: Carry = { id: randomUUID(), source, targets: new Set(targets), relay, forwards: [] };
    this.carries.set(c.id, c);
    bridges.forEach((b, i) => relay.add({ chatId: targets[i]!, host: this.janusHost, port: b.port, clock: b.clock }));
    try {
      await Promise.all(targets.map((t) => this.hearBridge(t, c.id, true)));
      await this.queue.run(source, async () => {
        const feeds = [...(await this.listFeeds(source))].filter(([, f]) => f.display === sfuDisplay(uid));
        c.forwards.push(...(await this.forward(source, feeds, relay.port)));
      });
    } catch (err) {
      await this.uncarry(c).catch(() => undefined);
      throw err;
    }
    return c;
  }

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
      await this.queue.run(c.source, () => this.stopForwards(c.source, c));
      c.relay.close();
    }
    await Promise.all(ending.map((t) => this.hearBridge(t, c.id, false)));
  }

  /** Tests: a bridge heard (or muted) outside any carry, as another node's carry would leave it. */
  hearForTest(chatId: string, on: boolean): Promise<void> {
    return on ? this.hearBridge(chatId, 'test', true) : this.hearBridge(chatId, 'test', false);
  }

  /** Carries in progress (tests): source, targets, packets relayed. */
  carriesNow(): { source: string; targets: string[]; received: number; relayPort: number }[] {
    return [...this.carries.values()].map((c) => ({ source: c.source, targets: [...c.targets], received: c.relay.received, relayPort: c.relay.port }));
  }

  watch(holders: HolderLookup): () => void {
    this.holders = holders;
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
          if (!failing) this.opts.log.warn({ err }, 'PTT watchdog could not check the VideoRoom rooms');
          failing = true;
        })
        .finally(() => {
          running = false;
        });
    }, this.opts.watchIntervalMs ?? 1_000);
    timer.unref();
    this.watchers.add(timer);
    return () => {
      clearInterval(timer);
      this.watchers.delete(timer);
    };
  }

  async close(): Promise<void> {
    for (const t of this.watchers) clearInterval(t);
    this.watchers.clear();
    for (const r of this.recording.values()) r.recorder.discard();
    this.recording.clear();
    for (const c of this.carries.values()) c.relay.close();
    this.carries.clear();
    await this.admin.close();
  }
}
