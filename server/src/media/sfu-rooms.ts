import { createHmac } from 'node:crypto';
import { isPttChatId } from '@ptt/contracts';
import type { JanusClient } from './janus-client';
import { KeyedQueue } from './keyed-queue';
import type { Logger } from '../logger';
import { BRIDGE_HOLDER, type BurstRecording, type CarryHandle, type Holder, type HolderLookup, type MediaRooms } from './media-rooms';
import { addBridge, type Bridge } from './sfu-bridges';
import { SfuCarries } from './sfu-carries';
import { feedMids, gone, sfuDisplay, type Feed } from './sfu-feed';
import { SfuForwards } from './sfu-forwards';
import { SfuRecordings } from './sfu-recordings';
import { SfuWatchdog } from './sfu-watchdog';
import { VideoRoomAdmin, VideoRoomCode, VideoRoomError } from './videoroom-admin';

// PTT channel and temporary-channel rooms on the Janus VideoRoom (issue 18): an audio-only SFU
// room per chat id, packets forwarded without mixing. Every publisher is moderated (muted at the
// plugin) except the floor holder's; the client cannot undo a moderation. Janus 1.1.2 lists
// neither a publisher's streams nor their moderation in a synchronous request, so this keeps its
// own record of each feed's audio mids (from the proxy, which sees the JSEP answers) and of what
// it moderated; listparticipants tells which feeds are still there. Requests about one room run one
// after another (KeyedQueue), as for the AudioBridge rooms. Beside it, sharing that queue and
// record: burst recordings (sfu-recordings.ts), patch and all-call carries (sfu-carries.ts), and the
// watchdog (sfu-watchdog.ts).

export { sfuDisplay };

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

interface Listed {
  id: string;
  display?: string;
  publisher?: boolean;
}

const SAFE_ID = /^[\w-]{1,64}$/;

function checkId(what: string, id: string): void {
  if (!SAFE_ID.test(id)) throw new Error(`invalid ${what} for a media room: ${JSON.stringify(id)}`);
}

export class SfuRooms implements MediaRooms {
  readonly available = true;
  readonly admin: VideoRoomAdmin;
  private readonly created = new Map<string, Promise<void>>();
  /** Per room: feed id -> what we know (the last listing plus the proxy's admissions). */
  private readonly feeds = new Map<string, Map<string, Feed>>();
  private readonly speaker = new Map<string, number | null>();
  private readonly queue = new KeyedQueue();
  private holders: HolderLookup | null = null;
  private readonly recordings: SfuRecordings;
  private readonly carries: SfuCarries;
  private readonly watchdog: SfuWatchdog;

  constructor(private readonly opts: SfuRoomsOptions) {
    this.admin = new VideoRoomAdmin(opts.client, opts.log);
    const { admin, queue } = this;
    const { adminKey, log } = opts;
    // The parts beside the rooms share their queue and their record of feeds, reached through these.
    const listFeeds = (c: string) => this.listFeeds(c);
    const moderate = (c: string, id: string, feed: Feed, mute: boolean) => this.moderate(c, id, feed, mute);
    const forwards = new SfuForwards({ admin, adminKey, host: opts.forwardHost ?? '127.0.0.1', secret: (c) => this.secret(c), log });
    this.recordings = new SfuRecordings(forwards, opts.recordDir, queue);
    this.carries = new SfuCarries({
      queue,
      forwards,
      janusHost: () => new URL(opts.client.url).hostname.replace(/^\[|\]$/g, ''),
      ensureRoom: (c) => this.ensureRoom(c),
      addBridge: (c) => addBridge(admin, log, c, this.secret(c)),
      listFeeds,
      knownFeed: (c, id) => this.feeds.get(c)?.get(id),
      recordFeed: (c, id, feed) => void this.room(c).set(id, feed),
      moderate,
      clearSpeaker: (c) => void this.speaker.set(c, null),
    });
    const isBridge = (c: string, id: string) => this.carries.isBridge(c, id);
    const speakerOf = (c: string) => this.speaker.get(c);
    this.watchdog = new SfuWatchdog({ admin, adminKey, queue, log, intervalMs: opts.watchIntervalMs ?? 1_000, speakerOf, listFeeds, isBridge, moderate });
    this.admin.onReset(() => this.forgetRooms());
  }

  get janusUrl(): string {
    return this.opts.client.url;
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
    this.carries.forgetRooms();
    this.recordings.discardAll();
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
        feedMids(feed).map((mid) =>
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
      await Promise.all(feedMids(feed).map((mid) => this.admin.request({ request: 'moderate', room: chatId, secret: this.secret(chatId), id: feedId, mid, mute })));
      feed.muted = mute;
    });
  }

  async setSpeaker(chatId: string, uid: number | null): Promise<void> {
    checkId('chat id', chatId);
    const display = uid === null ? null : sfuDisplay(uid);
    return this.queue.run(chatId, async () => {
      this.speaker.set(chatId, uid);
      // A plain floor (or none): the bridge is muted with everyone else (its display is not u<uid>).
      this.carries.plainFloor(chatId);
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
      await this.recordings.drop(chatId);
      await this.ensureRoom(chatId);
      // The grant that starts a burst set the speaker on this node just before.
      const holder = this.speaker.get(chatId) ?? (await this.holderOf(chatId));
      // A bridged floor is recorded in the talker's own room only (ADR 024).
      if (holder === null || holder === BRIDGE_HOLDER) return;
      const feeds = [...(await this.listFeeds(chatId))].filter(([, f]) => f.display === sfuDisplay(holder));
      await this.recordings.start(chatId, burstId, feeds);
    });
  }

  async stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null> {
    checkId('chat id', chatId);
    checkId('burst id', burstId);
    return this.recordings.stop(chatId, burstId);
  }

  async destroyRoom(chatId: string): Promise<void> {
    checkId('chat id', chatId);
    return this.queue.run(chatId, async () => {
      await this.recordings.drop(chatId);
      try {
        await this.admin.request({ request: 'destroy', room: chatId, secret: this.secret(chatId) });
      } catch (err) {
        if (!(err instanceof VideoRoomError && err.code === VideoRoomCode.NoSuchRoom)) throw err;
      }
      this.created.delete(chatId);
      this.feeds.delete(chatId);
      this.speaker.delete(chatId);
      this.carries.forgetRoom(chatId);
    });
  }

  /** One watchdog round (sfu-watchdog.ts): non-holders heard in PTT rooms are muted. */
  enforce(holders: HolderLookup): Promise<void> {
    return this.watchdog.enforce(holders);
  }

  /** The room's bridge (sfu-carries.ts): made the first time (muted), then the same one. */
  ensureBridge(chatId: string): Promise<Bridge> {
    return this.carries.ensureBridge(chatId);
  }

  async carry(source: string, uid: number, targets: string[]): Promise<CarryHandle> {
    checkId('chat id', source);
    targets.forEach((t) => checkId('chat id', t));
    return this.carries.carry(source, uid, targets);
  }

  uncarry(handle: CarryHandle, only?: string[]): Promise<void> {
    return this.carries.uncarry(handle, only);
  }

  /** Tests: a bridge heard (or muted) outside any carry, as another node's carry would leave it. */
  hearForTest(chatId: string, on: boolean): Promise<void> {
    return this.carries.hear(chatId, 'test', on);
  }

  /** Carries in progress (tests): source, targets, packets relayed. */
  carriesNow(): { source: string; targets: string[]; received: number; relayPort: number }[] {
    return this.carries.now();
  }

  watch(holders: HolderLookup): () => void {
    this.holders = holders;
    return this.watchdog.watch(holders);
  }

  async close(): Promise<void> {
    this.watchdog.stop();
    this.recordings.discardAll();
    this.carries.close();
    await this.admin.close();
  }
}
