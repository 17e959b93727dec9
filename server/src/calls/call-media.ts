import { callChatId } from '@ptt/contracts';
import type { MediaRooms } from '../media/media-rooms';

// The audio of accepted 1V1 calls (ADR 008, "What the media issue adds"): one AudioBridge room per
// call, `{entId}-3-{callId}`, that only the two parties may join (the /janus proxy checks it). The
// node that accepted the call follows its room by asking Janus who is in it: Janus knows whether a
// party's PeerConnection is up, which neither the proxy (it sees the join, not the media) nor the
// client (it could say anything) can tell as well. Each look unmutes the parties (they join muted,
// like everyone, and a rejoin after a network drop joins muted again) and mutes anyone else.

export interface CallMediaOptions {
  /** Both parties' audio must be up within this after the accept, and may be gone this long. */
  timeoutMs: number;
  /** Looks at the room while connecting: this bounds what connecting costs on top of ICE. */
  connectingPollMs?: number;
  /** Looks at the room while talking: how soon a rejoined party is unmuted again. */
  talkingPollMs?: number;
}

export interface CallMediaHandlers {
  /** Both parties' audio is up: the call talks. False when it had ended meanwhile (stop looking). */
  connected(entId: number, callId: number): Promise<boolean>;
  /** A party's audio did not come up, or stayed away, for the limit: the call ends as an exception. */
  failed(entId: number, callId: number): Promise<void>;
}

type Log = (err: unknown, what: string) => void;

export class CallMedia {
  private readonly followed = new Map<number, () => void>();

  constructor(
    private readonly media: MediaRooms,
    private readonly opts: CallMediaOptions,
    private readonly on: CallMediaHandlers,
    private readonly log: Log,
  ) {}

  /** Makes the call's room; false when it cannot be (no media server, Janus refused or away). */
  async open(entId: number, callId: number): Promise<boolean> {
    if (!this.media.available || !this.media.allowSpeakers) return false;
    try {
      await this.media.ensureRoom(callChatId(entId, callId));
      return true;
    } catch (err) {
      this.log(err, `call ${callId}: the room could not be set up`);
      return false;
    }
  }

  /** Looks at the room until the call ends: connecting → talking, unmuting, the media limit. */
  follow(entId: number, callId: number, uids: [number, number]): void {
    if (this.followed.has(callId)) return;
    const chatId = callChatId(entId, callId);
    const { timeoutMs, connectingPollMs = 200, talkingPollMs = 1_000 } = this.opts;
    // When each party's audio was last seen up; the accept starts both clocks.
    const seen = new Map(uids.map((uid) => [uid, Date.now()]));
    let talking = false;
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      if (this.followed.get(callId) === stop) this.followed.delete(callId);
    };
    const look = async (): Promise<void> => {
      // Janus away or the room gone: nobody counts as up, and the limit decides.
      const up = await this.media.allowSpeakers!(chatId, uids).catch(() => [] as number[]);
      if (stopped) return;
      const now = Date.now();
      for (const uid of up) seen.set(uid, now);
      if (uids.some((uid) => now - seen.get(uid)! > timeoutMs)) {
        stop();
        await this.on.failed(entId, callId);
        return;
      }
      if (!talking && uids.every((uid) => up.includes(uid))) {
        talking = true;
        if (!(await this.on.connected(entId, callId))) return stop();
      }
      if (!stopped) schedule();
    };
    const schedule = () => {
      timer = setTimeout(() => {
        look().catch((err: unknown) => {
          // The database failed (or the node is closing): stop here; a read ends it later.
          this.log(err, `call ${callId}: following the room failed`);
          stop();
        });
      }, talking ? talkingPollMs : connectingPollMs);
      timer.unref();
    };
    this.followed.set(callId, stop);
    schedule();
  }

  /** The call ended: stop following it and remove its room (any node may, by its derived secret). */
  async close(entId: number, callId: number): Promise<void> {
    this.followed.get(callId)?.();
    if (!this.media.available) return;
    await this.media.destroyRoom(callChatId(entId, callId)).catch((err: unknown) => this.log(err, `call ${callId}: the room could not be removed`));
  }
}
