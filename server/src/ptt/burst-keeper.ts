import { open, rm } from 'node:fs/promises';
import { PTT_MIN_BURST_MS, PTT_SERVER_MAX_TALK_S, parseChatId } from '@ptt/contracts';
import type { ChatService } from '../chat/chat.service';
import type { Db } from '../db/db';
import type { FileStore } from '../files/file-store';
import type { BurstRecording, MediaRooms } from '../media/media-rooms';
import type { FloorRecord } from './floor-store';
import { markAudio } from './ptt.repository';

// Talk bursts become PTT messages (type 8): the room records each burst of a channel, and when the
// burst ends its recording (WAV from the AudioBridge, Ogg Opus on the VideoRoom path) becomes a stored file and a message from the talker in the channel's chat.
// Temporary channels have no chat: their bursts are not recorded. Nothing here is on the answer's
// path of a press or a release, and a failure loses the message, never the floor.

/** The longest burst as 48 kHz stereo 16-bit WAV, with room to spare: anything bigger is not ours. */
const MAX_WAV_BYTES = PTT_SERVER_MAX_TALK_S * 48_000 * 2 * 2 + 1024 * 1024;

export interface BurstDeps {
  db: Db;
  files: FileStore;
  media: MediaRooms;
  chat: ChatService;
}

export class BurstKeeper {
  /** Recording starts under way on this node, by burst id: a stop waits for its start. */
  private readonly starting = new Map<string, Promise<void>>();
  /** The last stop under way per chat id: the next burst's start waits for it (one recording per room). */
  private readonly stopping = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: BurstDeps,
    private readonly onError: (err: unknown, what: string) => void,
  ) {}

  /** Starts recording a channel burst, after the room's previous recording has stopped. */
  start(rec: FloorRecord): void {
    if (!parseChatId(rec.chatId)) return;
    const after = this.stopping.get(rec.chatId) ?? Promise.resolve();
    const started = after
      .then(() => this.deps.media.startRecording(rec.chatId, rec.burstId))
      .catch((err: unknown) => this.onError(err, 'ptt: recording did not start'));
    this.starting.set(rec.burstId, started);
  }

  /** Stops the burst's recording; then, when `keep`, turns it into a PTT message. */
  finish(rec: FloorRecord, keep: boolean): Promise<void> {
    const channel = parseChatId(rec.chatId);
    if (!channel) return Promise.resolve();
    const started = this.starting.get(rec.burstId) ?? Promise.resolve();
    this.starting.delete(rec.burstId);
    const stop = started.then(() => this.deps.media.stopRecording(rec.chatId, rec.burstId));
    const settled = stop.then(
      () => undefined,
      () => undefined,
    );
    this.stopping.set(rec.chatId, settled);
    void settled.then(() => {
      if (this.stopping.get(rec.chatId) === settled) this.stopping.delete(rec.chatId);
    });
    return stop.then((recording) => (recording ? this.keep(rec, channel.channelId, recording, keep) : undefined));
  }

  private async keep(rec: FloorRecord, channelId: number, recording: BurstRecording, keep: boolean): Promise<void> {
    try {
      // A press shorter than the press time (`discard`) or a click is not a transmission.
      if (!keep || recording.durationMs < PTT_MIN_BURST_MS) return;
      const { db, files, chat } = this.deps;
      // Opened first, so a missing recording is this call's error, not a stream's unheard one.
      const file = await open(recording.path, 'r');
      const format = recording.format ?? 'wav';
      const stored = await files.save({
        entId: rec.entId,
        uploaderId: rec.uid,
        name: `ptt-${rec.burstId}.${format}`,
        stream: file.createReadStream(),
        maxBytes: MAX_WAV_BYTES,
      });
      await markAudio(db, stored.id, format);
      await chat.pttBurst(rec.entId, channelId, rec.uid, { fileId: stored.id, durationMs: Math.round(recording.durationMs) });
    } finally {
      // The file store has its own copy; the recording folder only holds bursts in progress.
      await rm(recording.path, { force: true });
    }
  }
}
