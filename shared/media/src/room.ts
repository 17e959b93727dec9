import { BehaviorSubject, Subject } from 'rxjs';
import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import { micErrorKey } from './micError';
import { inboundStatsOf } from './stats';
import type { InboundStats, JanusConstructor, JanusJS, JanusPluginHandle, JanusSession, JoinOptions, MediaLog, MediaProblem, RoomConnection, RoomState } from './types';

export const AUDIOBRIDGE = 'janus.plugin.audiobridge';
/** A join that is not connected by then is given up and tried again. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** ICE "disconnected" often heals by itself; only after this long is the room rejoined. */
export const ICE_GRACE_MS = 4_000;

export interface RoomDeps {
  janusPath: string;
  token: string;
  log: MediaLog;
  loadJanus: () => Promise<JanusConstructor>;
  openMicrophone: (microphoneId: string | undefined) => Promise<MediaStream>;
  createAudio: () => HTMLAudioElement;
  /** Wait before rejoin attempt number `failures` (1, 2, ...). */
  retryDelayMs: (failures: number) => number;
}

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

/**
 * One AudioBridge room through the server's filtering proxy: join muted (the proxy fills in the
 * room, pin, display and `muted: true`), offer our microphone track disabled, and enable it only
 * while the floor is held. A lost session or PeerConnection is rejoined with backoff.
 */
export class Room implements RoomConnection {
  readonly state$ = new BehaviorSubject<RoomState>('connecting');
  readonly problems$ = new Subject<MediaProblem>();
  micProblem: MediaProblem | null = null;
  transmitting = false;

  /** Bumped by every teardown: callbacks of an older attempt then do nothing. */
  private attempt = 0;
  private failures = 0;
  private everConnected = false;
  private problemShown = false;
  private left = false;
  private session: JanusSession | null = null;
  private handle: JanusPluginHandle | null = null;
  private mic: MediaStream | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private iceTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly audio: SinkAudio;

  constructor(
    readonly chatId: string,
    private options: JoinOptions,
    private readonly deps: RoomDeps,
  ) {
    this.audio = deps.createAudio();
    this.audio.autoplay = true;
    void this.start(this.attempt);
  }

  get state(): RoomState {
    return this.state$.value;
  }

  setTransmitting(on: boolean): void {
    this.transmitting = on;
    for (const track of this.mic?.getAudioTracks() ?? []) track.enabled = on;
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

  leave(): void {
    if (this.left) return;
    this.left = true;
    this.teardown();
    for (const track of this.mic?.getTracks() ?? []) track.stop();
    this.mic = null;
    this.audio.srcObject = null;
    this.state$.complete();
    this.problems$.complete();
  }

  private set(state: RoomState): void {
    if (!this.left && this.state$.value !== state) this.state$.next(state);
  }

  private async start(attempt: number): Promise<void> {
    let Janus: JanusConstructor;
    try {
      Janus = await this.deps.loadJanus();
    } catch (e) {
      this.fail(attempt, e);
      return;
    }
    if (attempt !== this.attempt) return;
    const mic = await this.microphone();
    if (attempt !== this.attempt) return;
    this.timer = setTimeout(() => this.fail(attempt, 'connect timeout'), CONNECT_TIMEOUT_MS);
    this.session = new Janus({
      server: this.deps.janusPath,
      token: this.deps.token,
      success: () => this.attach(attempt, mic),
      error: (e: unknown) => this.fail(attempt, e),
    });
  }

  /** The microphone, opened once and kept across rejoins; null when it cannot be had (listen only). */
  private async microphone(): Promise<MediaStream | null> {
    if (this.mic?.getAudioTracks().some((t) => t.readyState === 'live')) return this.mic;
    try {
      const mic = await this.deps.openMicrophone(this.options.microphoneId);
      if (this.left) {
        for (const track of mic.getTracks()) track.stop(); // left while the browser was asking
        return null;
      }
      this.mic = mic;
      this.micProblem = null;
      this.setTransmitting(this.transmitting);
      return this.mic;
    } catch (e) {
      this.mic = null;
      this.micProblem = { key: micErrorKey(e), cause: e };
      this.problems$.next(this.micProblem);
      return null;
    }
  }

  private attach(attempt: number, mic: MediaStream | null): void {
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

  private ice(attempt: number, state: string): void {
    if (attempt !== this.attempt) return;
    if (state === 'failed' || state === 'closed') this.fail(attempt, `ice ${state}`);
    else if (state === 'disconnected') {
      this.iceTimer ??= setTimeout(() => this.fail(attempt, 'ice disconnected'), ICE_GRACE_MS);
    } else if (this.iceTimer) {
      clearTimeout(this.iceTimer);
      this.iceTimer = null;
    }
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

  private connected(attempt: number): void {
    if (attempt !== this.attempt) return;
    this.clearTimers();
    this.failures = 0;
    this.everConnected = true;
    this.problemShown = false;
    this.set('connected');
  }

  /** This attempt is over: drop it, say so, and try again after a growing wait. */
  private fail(attempt: number, reason: unknown): void {
    if (attempt !== this.attempt || this.left) return;
    this.deps.log(`room ${this.chatId}: ${String(reason)}`, reason);
    this.teardown();
    this.set(this.everConnected ? 'disconnected' : 'notConnected');
    if (!this.problemShown) {
      this.problemShown = true;
      this.problems$.next({ key: CLIENT_ERROR_KEYS.pttCannotConnect, cause: reason });
    }
    this.failures += 1;
    const next = this.attempt;
    this.timer = setTimeout(() => void this.start(next), this.deps.retryDelayMs(this.failures));
  }

  private teardown(): void {
    this.attempt += 1;
    this.clearTimers();
    const session = this.session;
    this.session = null;
    this.handle = null;
    // Destroying the session detaches the handle, which takes us out of the room.
    session?.destroy({ cleanupHandles: true, notifyDestroyed: false });
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.iceTimer) clearTimeout(this.iceTimer);
    this.timer = null;
    this.iceTimer = null;
  }
}
