// The seam between floor control (server/src/ptt) and the media server (server/src/media).
// See docs/adr/010-ptt-media.md.

/** A finished burst recording: a WAV file the AudioBridge wrote, or an Ogg Opus file the server
 *  wrote from the VideoRoom's forwarded RTP (sfu-rooms.ts). */
export interface BurstRecording {
  path: string;
  durationMs: number;
  /** The file's format; absent: 'wav'. */
  format?: 'wav' | 'ogg';
}

/** Holders by chat id, for the watchdog: the chat ids it asks about are rooms with participants. */
export type HolderLookup = (chatIds: string[]) => Promise<Map<string, number>>;

export interface MediaRooms {
  /** False when no Janus is configured: PTT answers 'PTT intercom cannot connect'. */
  readonly available: boolean;
  /** The Janus HTTP API base this server uses (the diagnostics probe); absent without Janus. */
  readonly janusUrl?: string;
  /** Makes the chat's AudioBridge room exist (idempotent, safe to call concurrently). */
  ensureRoom(chatId: string): Promise<void>;
  /** Unmutes this user's participants in the room and mutes every other one; null mutes all. */
  setSpeaker(chatId: string, uid: number | null): Promise<void>;
  /** Starts recording the room's mix for one burst. */
  startRecording(chatId: string, burstId: string): Promise<void>;
  /** Stops the burst's recording: its file, or null when nothing usable was written. */
  stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null>;
  /**
   * A 1V1 call's room (no floor, both parties talk at once): unmutes these users' participants and
   * mutes anyone else; answers which of the users have their audio up (WebRTC set up, unmuted).
   * Optional so that floor-control fakes need not implement it; NoMedia refuses.
   */
  allowSpeakers?(chatId: string, uids: number[]): Promise<number[]>;
  /** Removes the room (temporary channel closed, channel deleted, call ended); no-op when it does not exist. */
  destroyRoom(chatId: string): Promise<void>;
  /** Starts muting unmuted non-holders in rooms that have participants; returns a stop function. */
  watch(holders: HolderLookup): () => void;
  close(): Promise<void>;
}

/** No media server configured: every media operation is refused. */
export class NoMedia implements MediaRooms {
  readonly available = false;
  private refuse(): Promise<never> {
    return Promise.reject(new Error('no media server is configured'));
  }
  ensureRoom(): Promise<void> {
    return this.refuse();
  }
  setSpeaker(): Promise<void> {
    return this.refuse();
  }
  startRecording(): Promise<void> {
    return this.refuse();
  }
  stopRecording(): Promise<BurstRecording | null> {
    return this.refuse();
  }
  allowSpeakers(): Promise<number[]> {
    return this.refuse();
  }
  destroyRoom(): Promise<void> {
    return Promise.resolve();
  }
  watch(): () => void {
    return () => undefined;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
