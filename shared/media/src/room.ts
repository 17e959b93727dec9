import { RoomLifecycle } from './room-lifecycle';
import type { RoomDeps } from './room-lifecycle';
import { inboundStatsOf } from './stats';
import type { InboundStats, JanusJS, JanusPluginHandle, JoinOptions, RoomConnection } from './types';

export const AUDIOBRIDGE = 'janus.plugin.audiobridge';
/** The AudioBridge sends one track, the room's mix: its key among the room's players. */
const MIXED = 'mix';

/**
 * One AudioBridge room through the server's filtering proxy: join muted (the proxy fills in the
 * room, pin, display and `muted: true`), offer our microphone track disabled (or, listening only,
 * a receive-only offer), and enable it only while the floor is held. A lost session or PeerConnection is rejoined with backoff.
 */
export class Room extends RoomLifecycle implements RoomConnection {
  private handle: JanusPluginHandle | null = null;

  constructor(chatId: string, options: JoinOptions, deps: RoomDeps) {
    super(chatId, options, deps);
    this.begin();
  }

  async getInboundStats(): Promise<InboundStats | null> {
    const pc = this.handle?.webrtcStuff?.pc;
    if (!pc) return null;
    return inboundStatsOf(await pc.getStats());
  }

  protected override attach(attempt: number, mic: MediaStream | null): void {
    const session = this.session;
    if (attempt !== this.attempt || !session) return;
    let offered = false;
    const fail = (e: unknown) => this.fail(attempt, e);
    session.attach({
      plugin: AUDIOBRIDGE,
      success: (handle) => {
        if (!this.adopt(attempt, handle)) return;
        this.handle = handle;
        handle.send({ message: { request: 'join', chatId: this.chatId }, error: fail });
      },
      error: fail,
      onmessage: (msg: JanusJS.Message, jsep?: JanusJS.JSEP) => {
        const handle = this.handle;
        if (attempt !== this.attempt || !handle) return;
        if (msg.error_code !== undefined || (msg.audiobridge === 'event' && msg.error)) {
          fail(msg.error ?? msg.error_code);
          return;
        }
        if (msg.audiobridge === 'joined' && !offered) {
          offered = true;
          const track = mic?.getAudioTracks()[0];
          handle.createOffer({
            // Our own track (disabled until the floor is ours); kept across rejoins, so janus.js must not stop it.
            tracks: [{ type: 'audio', capture: track ?? false, recv: true, dontStop: true }],
            success: (offer: JanusJS.JSEP) => handle.send({ message: { request: 'configure', muted: true }, jsep: offer, error: fail }),
            error: fail,
          });
        }
        if (jsep) handle.handleRemoteJsep({ jsep, error: fail });
      },
      webrtcState: (up: boolean) => (up ? this.connected(attempt) : fail('hangup')),
      iceState: (state) => this.ice(attempt, state),
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean, meta?: JanusJS.RemoteTrackMetadata) => {
        if (attempt !== this.attempt || track.kind !== 'audio') return;
        // A muted remote track is silence, not gone: keep it attached so sound resumes at once.
        if (on) this.remote.play(MIXED, track);
        else if (meta?.reason === 'ended') this.remote.stop(MIXED, track);
      },
    });
  }

  protected override release(): void {
    this.handle = null;
  }
}
