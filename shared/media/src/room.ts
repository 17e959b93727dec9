import { RoomLifecycle } from './room-lifecycle';
import type { RoomDeps, SinkAudio } from './room-lifecycle';
import { inboundStatsOf } from './stats';
import type { InboundStats, JanusJS, JanusPluginHandle, JoinOptions, RoomConnection } from './types';

export const AUDIOBRIDGE = 'janus.plugin.audiobridge';

/**
 * One AudioBridge room through the server's filtering proxy: join muted (the proxy fills in the
 * room, pin, display and `muted: true`), offer our microphone track disabled, and enable it only
 * while the floor is held. A lost session or PeerConnection is rejoined with backoff.
 */
export class Room extends RoomLifecycle implements RoomConnection {
  private handle: JanusPluginHandle | null = null;
  private readonly audio: SinkAudio;

  constructor(chatId: string, options: JoinOptions, deps: RoomDeps) {
    super(chatId, options, deps);
    this.audio = deps.createAudio();
    this.audio.autoplay = true;
    this.begin();
  }

  setSpeaker(speakerId: string | undefined): void {
    this.options = { ...this.options, speakerId };
    this.applySpeaker();
  }

  async getInboundStats(): Promise<InboundStats | null> {
    const pc = this.handle?.webrtcStuff?.pc;
    if (!pc) return null;
    return inboundStatsOf(await pc.getStats());
  }

  protected override leaving(): void {
    this.audio.srcObject = null;
  }

  protected override attach(attempt: number, mic: MediaStream | null): void {
    const session = this.session;
    if (attempt !== this.attempt || !session) return;
    let offered = false;
    const fail = (e: unknown) => this.fail(attempt, e);
    session.attach({
      plugin: AUDIOBRIDGE,
      success: (handle) => {
        if (attempt !== this.attempt) return;
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
        if (on) this.play(track);
        else if (meta?.reason === 'ended') this.audio.srcObject = null;
      },
    });
  }

  private play(track: MediaStreamTrack): void {
    const current = this.audio.srcObject as MediaStream | null;
    if (current?.getTracks().includes(track)) return;
    this.audio.srcObject = new MediaStream([track]);
    this.applySpeaker();
    this.audio.play()?.catch((e: unknown) => this.deps.log('remote audio did not start', e));
  }

  private applySpeaker(): void {
    const id = this.options.speakerId;
    if (id && this.audio.setSinkId) this.audio.setSinkId(id).catch((e: unknown) => this.deps.log('speaker not set', e));
  }

  protected override release(): void {
    this.handle = null;
  }
}
