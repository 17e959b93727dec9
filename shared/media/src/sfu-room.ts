import { VIDEOROOM } from './monitor';
import { RoomLifecycle } from './room-lifecycle';
import type { RoomDeps } from './room-lifecycle';
import { Feeds } from './sfu-feeds';
import type { Publisher, SubscribedStream } from './sfu-feeds';
import { inboundStatsOf } from './stats';
import type { InboundStats, JanusJS, JanusPluginHandle, JoinOptions, RoomConnection } from './types';

type Side = 'pub' | 'sub';
type VideoRoomMessage = JanusJS.Message & {
  videoroom?: string;
  id?: string | number;
  publishers?: Publisher[];
  /** The subscriber's streams (`attached`, `updated`): which feed each mid carries. */
  streams?: SubscribedStream[];
  unpublished?: string | number;
  leaving?: string | number;
};

/**
 * One PTT room on the VideoRoom (an SFU: Janus forwards each talker's packets, no mixing or
 * prebuffering) through the server's filtering proxy. One Janus session, two handles: the
 * publisher sends our microphone (disabled until the floor is ours; the server's `moderate` is the
 * real gate) and hears who comes and goes; the subscriber receives every other publisher's audio,
 * subscribed as soon as it is published so a new talker is heard from the first packet. The
 * states, rejoin with backoff and microphone handling are the `RoomLifecycle` it shares with the
 * AudioBridge `Room`.
 */
export class SfuRoom extends RoomLifecycle implements RoomConnection {
  private pub: JanusPluginHandle | null = null;
  private sub: JanusPluginHandle | null = null;
  private feeds: Feeds | null = null;
  private ownId: string | null = null;
  private joined = false;
  /** Whether this attempt publishes (it has a microphone) or only listens. */
  private publishing = false;
  private up: Record<Side, boolean> = { pub: false, sub: false };
  /** The subscriber's mids that carry the room's bridge feed (ADR 024), and those that do not. */
  private bridgeMids = new Set<string>();
  private otherMids = new Set<string>();

  constructor(chatId: string, options: JoinOptions, deps: RoomDeps) {
    super(chatId, options, deps);
    this.begin();
  }

  async getInboundStats(): Promise<InboundStats | null> {
    const pc = this.sub?.webrtcStuff?.pc;
    if (!pc) return null;
    return inboundStatsOf(await pc.getStats());
  }

  /**
   * The publisher handle joins (and, with a microphone, publishes); its events drive the subscriber.
   * Listening only (or without a microphone) it joins as a publisher that never publishes: that is
   * how the VideoRoom tells it who comes and goes.
   */
  protected override attach(attempt: number, mic: MediaStream | null): void {
    const session = this.session;
    if (attempt !== this.attempt || !session) return;
    const fail = (e: unknown) => this.fail(attempt, e);
    const track = mic?.getAudioTracks()[0];
    this.publishing = track !== undefined;
    session.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        if (!this.adopt(attempt, handle)) return;
        this.pub = handle;
        this.attachSubscriber(attempt);
        handle.send({ message: { request: 'join', ptype: 'publisher', chatId: this.chatId }, error: fail });
      },
      error: fail,
      onmessage: (raw: JanusJS.Message, jsep?: JanusJS.JSEP) => {
        const msg = raw as VideoRoomMessage;
        const handle = this.pub;
        if (attempt !== this.attempt || !handle) return;
        if (msg.error_code !== undefined || msg.error !== undefined) {
          fail(msg.error ?? msg.error_code);
          return;
        }
        if (msg.videoroom === 'joined' && !this.joined) {
          this.joined = true;
          this.ownId = String(msg.id);
          if (track) this.publish(handle, track, fail);
        }
        if (msg.leaving === 'ok' || (msg.leaving !== undefined && String(msg.leaving) === this.ownId)) {
          fail('left the room'); // kicked, or the room went away: join again
          return;
        }
        for (const gone of [msg.unpublished, msg.leaving]) if (gone !== undefined && gone !== 'ok') this.feeds?.remove(gone);
        this.feeds?.add(msg.publishers);
        if (jsep) handle.handleRemoteJsep({ jsep, error: fail });
        this.check(attempt);
      },
      webrtcState: (on: boolean) => this.webrtc(attempt, 'pub', on),
      iceState: (state) => this.ice(attempt, state, 'pub'),
    });
  }

  /** Audio only, send only: our track is disabled until the floor is ours (and muted by the server). */
  private publish(handle: JanusPluginHandle, track: MediaStreamTrack, fail: (e: unknown) => void): void {
    handle.createOffer({
      // Kept across rejoins, so janus.js must not stop it.
      tracks: [{ type: 'audio', capture: track, recv: false, dontStop: true }],
      success: (offer: JanusJS.JSEP) => handle.send({ message: { request: 'configure', audio: true, video: false }, jsep: offer, error: fail }),
      error: fail,
    });
  }

  private attachSubscriber(attempt: number): void {
    const session = this.session;
    if (attempt !== this.attempt || !session) return;
    const fail = (e: unknown) => this.fail(attempt, e);
    const pending: JanusJS.PluginMessage['message'][] = [];
    const send = (message: JanusJS.PluginMessage['message']) => {
      const handle = this.sub;
      if (!handle) {
        pending.push(message); // sent once the handle is attached
        return;
      }
      handle.send({ message, error: () => this.feeds?.failed() });
    };
    this.feeds = new Feeds(this.chatId, () => this.ownId, send);
    session.attach({
      plugin: VIDEOROOM,
      success: (handle) => {
        if (!this.adopt(attempt, handle)) return;
        this.sub = handle;
        for (const message of pending.splice(0)) send(message);
      },
      error: fail,
      onmessage: (raw: JanusJS.Message, jsep?: JanusJS.JSEP) => {
        const msg = raw as VideoRoomMessage;
        const handle = this.sub;
        if (attempt !== this.attempt || !handle) return;
        if (msg.error_code !== undefined || msg.error !== undefined) {
          this.deps.log(`room ${this.chatId}: subscribe refused: ${String(msg.error ?? msg.error_code)}`, msg);
          this.feeds?.failed();
          return;
        }
        if (msg.streams) this.bridgesAre(msg.streams);
        if (jsep) this.answer(attempt, handle, jsep);
        else if (msg.videoroom === 'updated') this.feeds?.settled(); // nothing changed, no offer
      },
      webrtcState: (on: boolean) => this.webrtc(attempt, 'sub', on),
      iceState: (state) => this.ice(attempt, state, 'sub'),
      onremotetrack: (track: MediaStreamTrack, mid: string, on: boolean, meta?: JanusJS.RemoteTrackMetadata) => {
        if (attempt !== this.attempt || track.kind !== 'audio') return;
        // A muted remote track is silence (nobody holds the floor), not gone: keep it playing.
        if (on) this.remote.play(mid, track);
        else if (meta?.reason === 'ended') this.remote.stop(mid, track);
      },
    });
  }

  /** Janus said which feed each mid carries (mids are reused as feeds come and go): re-apply the bridge's silence. */
  private bridgesAre(streams: SubscribedStream[]): void {
    this.bridgeMids = this.feeds?.bridgeMids(streams) ?? new Set();
    this.otherMids = new Set(streams.flatMap((s) => (s.mid !== undefined && !this.bridgeMids.has(s.mid) ? [s.mid] : [])));
    this.bridgeChanged();
  }

  protected override bridgeChanged(): void {
    for (const mid of this.bridgeMids) this.remote.setSilenced(mid, this.bridgeMuted);
    for (const mid of this.otherMids) this.remote.setSilenced(mid, false);
  }

  /** Every subscriber offer (join, subscribe, a publisher gone) is answered receive-only, then started. */
  private answer(attempt: number, handle: JanusPluginHandle, jsep: JanusJS.JSEP): void {
    const fail = (e: unknown) => this.fail(attempt, e);
    handle.createAnswer({
      jsep,
      // No tracks of our own: the offered audio m-lines are accepted as receive-only.
      tracks: [],
      success: (answer: JanusJS.JSEP) => {
        if (attempt !== this.attempt) return;
        handle.send({ message: { request: 'start' }, jsep: answer, success: () => this.feeds?.settled(), error: fail });
      },
      error: fail,
    });
  }

  private webrtc(attempt: number, side: Side, on: boolean): void {
    if (attempt !== this.attempt) return;
    if (!on) {
      this.fail(attempt, `hangup (${side})`);
      return;
    }
    this.up[side] = true;
    this.check(attempt);
  }

  /** Connected: our audio goes out (or we only listen) and, with others in the room, theirs comes in. */
  private check(attempt: number): void {
    if (attempt !== this.attempt || this.state === 'connected') return;
    const sending = this.publishing ? this.up.pub : this.joined;
    const hearing = this.up.sub || !this.feeds?.any;
    if (sending && hearing) this.connected(attempt);
  }

  protected override release(): void {
    this.feeds?.dispose();
    this.feeds = null;
    this.pub = null;
    this.sub = null;
    this.ownId = null;
    this.joined = false;
    this.up = { pub: false, sub: false };
    this.bridgeMids = new Set();
    this.otherMids = new Set();
    this.remote.stopAll(); // the next attempt's subscriber brings new tracks
  }
}
