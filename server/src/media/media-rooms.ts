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

/** The watchdog's holder of a room whose floor is carried in through its bridge (ADR 024). */
export const BRIDGE_HOLDER = 'bridge';
/** A user id, or BRIDGE_HOLDER: the room's bridge feed is the one to hear, every other is muted. */
export type Holder = number | typeof BRIDGE_HOLDER;

/** Holders by chat id, for the watchdog: the chat ids it asks about are rooms with participants. */
export type HolderLookup = (chatIds: string[]) => Promise<Map<string, Holder>>;

/** One carry in progress (patch press or all-call): what `uncarry` needs to stop it. */
export interface CarryHandle {
  readonly id: string;
  readonly source: string;
  /** The rooms it still carries into. */
  readonly targets: ReadonlySet<string>;
}

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
  /**
   * Patch and all-call (ADR 024), on the forwarding path only (absent: 409 'patchNeedsForwarding').
   * Forwards `uid`'s audio in the `source` room to the `targets`' bridge feeds, unmutes those bridges
   * and mutes every other feed of the targets. The source room's own moderation is the caller's
   * (setSpeaker). Bridges are made the first time a room is a target and kept with the room.
   */
  carry?(source: string, uid: number, targets: string[]): Promise<CarryHandle>;
  /** Stops a carry (into `only` of its targets, else all): forwards stopped, its bridges muted. */
  uncarry?(handle: CarryHandle, only?: string[]): Promise<void>;
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
