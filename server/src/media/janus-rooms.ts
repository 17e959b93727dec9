import { createHmac } from 'node:crypto';
import path from 'node:path';
import { AudioBridgeCode, AudioBridgeError, type JanusClient, type JanusJson } from './janus-client';
import type { JanusProcess } from './janus-process';
import type { Logger } from '../logger';
import { KeyedQueue } from './keyed-queue';
import { startWatchdog, type WatchedParticipant } from './room-watchdog';
import { finishedBurstFile } from './wav';
import type { BurstRecording, HolderLookup, MediaRooms } from './media-rooms';

// One AudioBridge room per chat id (ADR 010). Only the server knows a room's secret and pin; both
// are derived from the AudioBridge admin key, so every node serving one Janus agrees on them
// without storing anything. Requests about one room run one after another, so a grant and the
// release right after it cannot overtake each other.

export interface JanusRoomsOptions {
  client: JanusClient;
  /** The AudioBridge `admin_key`; also the key the room secrets and pins are derived from. */
  adminKey: string;
  /** Where Janus writes burst recordings (`<recordDir>/<chatId>/<burstId>.wav`); read by the server. */
  recordDir: string;
  log: Logger;
  /** The Janus the server started (JANUS_AUTOSTART): stopped by close(). */
  process?: JanusProcess;
  /** Watchdog period (default 1 s). */
  watchIntervalMs?: number;
  /** How long stopRecording waits for Janus to close the burst's WAV (default 3 s). */
  recordCloseLimitMs?: number;
}

export type RoomParticipant = WatchedParticipant;

/** Chat ids and burst ids become file names: letters, digits, '-' and '_' only. */
const SAFE_ID = /^[\w-]{1,64}$/;

function checkId(what: string, id: string): void {
  if (!SAFE_ID.test(id)) throw new Error(`invalid ${what} for a media room: ${JSON.stringify(id)}`);
}

export const displayFor = (uid: number): string => `u${uid}`;

export class JanusRooms implements MediaRooms {
  readonly available = true;
  private readonly created = new Map<string, Promise<void>>();
  private readonly lastListing = new Map<string, RoomParticipant[]>();
  private readonly queue = new KeyedQueue();
  private readonly recording = new Map<string, string>();
  private readonly watchers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: JanusRoomsOptions) {
    opts.client.onReset(() => this.forgetRooms());
    // A restarted Janus has none of our rooms or sessions: start over at once.
    opts.process?.onRestart(() => {
      opts.client.dropHandle();
      this.forgetRooms();
    });
  }

  get client(): JanusClient {
    return this.opts.client;
  }
  get janusUrl(): string {
    return this.opts.client.url;
  }
  /** The plugins' admin key: monitor rooms (monitor-rooms.ts) create VideoRoom rooms with it. */
  get adminKey(): string {
    return this.opts.adminKey;
  }

  private derive(kind: 'secret' | 'pin', chatId: string): string {
    return createHmac('sha256', this.opts.adminKey).update(`ptt-room-${kind}:${chatId}`).digest('base64url').slice(0, 32);
  }
  /** The pin the proxy adds to a client's join. */
  roomPin(chatId: string): string {
    return this.derive('pin', chatId);
  }
  private secret(chatId: string): string {
    return this.derive('secret', chatId);
  }

  /** Janus restarted or our session was recreated: rooms are created again on next use. */
  forgetRooms(): void {
    this.created.clear();
    this.lastListing.clear();
    this.recording.clear();
  }

  async ensureRoom(chatId: string): Promise<void> {
    checkId('chat id', chatId);
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
      await this.opts.client.audiobridge({
        request: 'create',
        room: chatId,
        admin_key: this.opts.adminKey,
        secret: this.secret(chatId),
        pin: this.roomPin(chatId),
        description: chatId,
        is_private: true,
        permanent: false,
        sampling_rate: 16000,
        // known-facts.md: 2 packets instead of the default 6 save about 100 ms mouth to ear.
        default_prebuffering: 2,
        audiolevel_event: false,
        record: false,
      });
    } catch (err) {
      // Another node, or an earlier life of this one, made it with the same derived secret and pin.
      if (err instanceof AudioBridgeError && err.code === AudioBridgeCode.RoomExists) return;
      throw err;
    }
  }

  /** The room's participants; a room Janus does not have has none. */
  async listParticipants(chatId: string): Promise<RoomParticipant[]> {
    try {
      const data = await this.opts.client.audiobridge({ request: 'listparticipants', room: chatId });
      const list = (Array.isArray(data.participants) ? data.participants : []) as RoomParticipant[];
      this.lastListing.set(chatId, list);
      return list;
    } catch (err) {
      if (!(err instanceof AudioBridgeError && err.code === AudioBridgeCode.NoSuchRoom)) throw err;
      this.created.delete(chatId);
      this.lastListing.delete(chatId);
      return [];
    }
  }

  /** Mutes or unmutes one participant; one who has just left is no error. */
  private async moderate(chatId: string, request: 'mute' | 'unmute', id: string): Promise<void> {
    try {
      await this.opts.client.audiobridge({ request, room: chatId, secret: this.secret(chatId), id });
    } catch (err) {
      const gone = err instanceof AudioBridgeError && (err.code === AudioBridgeCode.NoSuchUser || err.code === AudioBridgeCode.NoSuchRoom);
      if (!gone) throw err;
    }
  }

  async setSpeaker(chatId: string, uid: number | null): Promise<void> {
    checkId('chat id', chatId);
    const display = uid === null ? null : displayFor(uid);
    return this.queue.run(chatId, async () => {
      // On the press path: unmute the participants we saw last time at once, alongside the listing
      // that finds everyone else (a stale id only costs a 'no such user').
      const known = (this.lastListing.get(chatId) ?? []).filter((p) => p.display === display);
      const early = known.map((p) => this.moderate(chatId, 'unmute', p.id).then(() => p.id));
      const [earlyDone, list] = await Promise.all([Promise.allSettled(early), this.listParticipants(chatId)]);
      const unmuted = new Set(earlyDone.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
      const work: Promise<void>[] = [];
      for (const p of list) {
        if (p.display === display) {
          if (p.muted && !unmuted.has(p.id)) work.push(this.moderate(chatId, 'unmute', p.id));
        } else if (!p.muted) {
          work.push(this.moderate(chatId, 'mute', p.id));
        }
      }
      // An early unmute that failed is retried above (the listing shows that participant muted).
      await Promise.all(work);
    });
  }

  async allowSpeakers(chatId: string, uids: number[]): Promise<number[]> {
    checkId('chat id', chatId);
    const speakers = new Map(uids.map((uid) => [displayFor(uid), uid]));
    return this.queue.run(chatId, async () => {
      const up = new Set<number>();
      await Promise.all(
        (await this.listParticipants(chatId)).map(async (p) => {
          const uid = p.display === undefined ? undefined : speakers.get(p.display);
          if (uid === undefined) {
            if (!p.muted) await this.moderate(chatId, 'mute', p.id);
            return;
          }
          if (p.muted) await this.moderate(chatId, 'unmute', p.id);
          if (p.setup === true) up.add(uid);
        }),
      );
      return [...up];
    });
  }

  private recordFolder(chatId: string): string {
    return path.join(this.opts.recordDir, chatId);
  }

  private enableRecording(chatId: string, on: boolean, burstId?: string): Promise<JanusJson> {
    const body: JanusJson = { request: 'enable_recording', room: chatId, secret: this.secret(chatId), record: on };
    // Janus 1.1.2 joins record_dir and record_file and creates the folder itself.
    if (on) Object.assign(body, { record_dir: this.recordFolder(chatId), record_file: `${burstId}.wav` });
    return this.opts.client.audiobridge(body);
  }

  async startRecording(chatId: string, burstId: string): Promise<void> {
    checkId('chat id', chatId);
    checkId('burst id', burstId);
    return this.queue.run(chatId, async () => {
      // Janus ignores a second start while it records: end a burst whose stop never came.
      if (this.recording.has(chatId)) await this.enableRecording(chatId, false).catch(() => undefined);
      this.recording.delete(chatId);
      await this.ensureRoom(chatId);
      try {
        await this.enableRecording(chatId, true, burstId);
      } catch (err) {
        if (!(err instanceof AudioBridgeError && err.code === AudioBridgeCode.NoSuchRoom)) throw err;
        this.created.delete(chatId);
        await this.ensureRoom(chatId);
        await this.enableRecording(chatId, true, burstId);
      }
      this.recording.set(chatId, burstId);
    });
  }

  async stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null> {
    checkId('chat id', chatId);
    checkId('burst id', burstId);
    await this.queue.run(chatId, async () => {
      const current = this.recording.get(chatId);
      // Unknown here (another node started it) or this burst: stop. Another burst: leave it alone.
      if (current !== undefined && current !== burstId) return;
      this.recording.delete(chatId);
      try {
        await this.enableRecording(chatId, false);
      } catch (err) {
        if (!(err instanceof AudioBridgeError && err.code === AudioBridgeCode.NoSuchRoom)) throw err;
      }
    });
    return finishedBurstFile(path.join(this.recordFolder(chatId), `${burstId}.wav`), this.opts.recordCloseLimitMs ?? 3_000);
  }

  async destroyRoom(chatId: string): Promise<void> {
    checkId('chat id', chatId);
    return this.queue.run(chatId, async () => {
      try {
        await this.opts.client.audiobridge({ request: 'destroy', room: chatId, secret: this.secret(chatId) });
      } catch (err) {
        if (!(err instanceof AudioBridgeError && err.code === AudioBridgeCode.NoSuchRoom)) throw err;
      }
      this.created.delete(chatId);
      this.lastListing.delete(chatId);
      this.recording.delete(chatId);
    });
  }

  watch(holders: HolderLookup): () => void {
    const timer = startWatchdog(
      {
        client: this.opts.client,
        adminKey: this.opts.adminKey,
        queue: this.queue,
        listParticipants: (chatId) => this.listParticipants(chatId),
        mute: (chatId, id) => this.moderate(chatId, 'mute', id),
        displayFor,
        log: this.opts.log,
        intervalMs: this.opts.watchIntervalMs ?? 1_000,
      },
      holders,
    );
    this.watchers.add(timer);
    return () => {
      clearInterval(timer);
      this.watchers.delete(timer);
    };
  }

  async close(): Promise<void> {
    for (const t of this.watchers) clearInterval(t);
    this.watchers.clear();
    await this.opts.client.close();
    await this.opts.process?.stop();
  }
}
