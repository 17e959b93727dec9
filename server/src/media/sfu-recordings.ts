import path from 'node:path';
import type { KeyedQueue } from './keyed-queue';
import type { BurstRecording } from './media-rooms';
import type { Feed } from './sfu-feed';
import type { Forward, SfuForwards } from './sfu-forwards';
import { BurstRecorder } from './sfu-recorder';

// The burst being recorded in each VideoRoom room (one at most): the holder's audio forwarded by
// Janus to a BurstRecorder of this server. SfuRooms picks the feeds; a bridged floor is not
// recorded here (ADR 024: only in the talker's own room).

interface Recording {
  burstId: string;
  recorder: BurstRecorder;
  forwards: Forward[];
}

export class SfuRecordings {
  private readonly recording = new Map<string, Recording>();

  constructor(
    private readonly forwards: SfuForwards,
    /** Bursts are written to `<recordDir>/<chatId>/<burstId>.ogg`. */
    private readonly recordDir: string,
    /** The rooms' queue: start and drop run inside it (the caller's task), stop queues itself. */
    private readonly queue: KeyedQueue,
  ) {}

  /** Records these feeds as burst `burstId` (the caller dropped the room's earlier one). */
  async start(chatId: string, burstId: string, feeds: [string, Feed][]): Promise<void> {
    const file = path.join(this.recordDir, chatId, `${burstId}.ogg`);
    const recorder = await BurstRecorder.open(this.forwards.host, file);
    const rec: Recording = { burstId, recorder, forwards: [] };
    this.recording.set(chatId, rec);
    rec.forwards.push(...(await this.forwards.start(chatId, feeds, recorder.port)));
  }

  /** Ends the room's recording, if any, without a file (a burst replaced, the room destroyed). */
  async drop(chatId: string): Promise<void> {
    const rec = this.recording.get(chatId);
    if (!rec) return;
    this.recording.delete(chatId);
    await this.forwards.stop(chatId, rec.forwards);
    rec.recorder.discard();
  }

  /** Ends burst `burstId` if it is still the one recorded; the file is written outside the queue. */
  async stop(chatId: string, burstId: string): Promise<BurstRecording | null> {
    const rec = await this.queue.run(chatId, async () => {
      const current = this.recording.get(chatId);
      if (!current || current.burstId !== burstId) return null;
      this.recording.delete(chatId);
      await this.forwards.stop(chatId, current.forwards);
      return current;
    });
    if (!rec) return null;
    const done = await rec.recorder.finish();
    return done ? { ...done, format: 'ogg' } : null;
  }

  /** Janus restarted or the server is closing: every recording dropped, no forward left to stop. */
  discardAll(): void {
    for (const r of this.recording.values()) r.recorder.discard();
    this.recording.clear();
  }
}
