import { BehaviorSubject, Subject } from 'rxjs';
import { CLIENT_ERROR_KEYS } from '@ptt/contracts';
import type { SharedOutput } from './channel-output';
import { micErrorKey } from './micError';
import { RemoteAudio } from './remote-audio';
import { ClipReplay } from './replay';
import type { SessionLease, SessionPool } from './session-pool';
import type { ChannelOutputSettings, JanusConstructor, JanusPluginHandle, JoinOptions, MediaLog, MediaProblem, JanusSession, RoomState } from './types';

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
  /** The client's WebAudio output, shared by its rooms (used only by rooms given output settings). */
  output: SharedOutput;
  /** Wait before rejoin attempt number `failures` (1, 2, ...). */
  retryDelayMs: (failures: number) => number;
  /** The page's shared Janus sessions, for rooms joined with `sharedSession`. */
  sessions: SessionPool;
}

/**
 * The connection life cycle both kinds of room share (the AudioBridge `Room` and the VideoRoom
 * `SfuRoom`), kept in one place so that they cannot drift apart: the states and problems, the
 * microphone opened once and kept across rejoins (never, when only listening), one Janus session
 * per attempt (or, with `sharedSession`, a hold on the page's shared one) with a connect timeout, ICE grace, rejoin with backoff, and what plays the remote
 * audio (`RemoteAudio`: <audio> elements, or the WebAudio output with volume, mute and pan). A subclass attaches its handles to the session
 * (`attach`), takes each one it is given with `adopt`, calls `connected` and `fail`, and lets go
 * of its handles in `release`.
 */
export abstract class RoomLifecycle {
  readonly state$ = new BehaviorSubject<RoomState>('connecting');
  readonly problems$ = new Subject<MediaProblem>();
  micProblem: MediaProblem | null = null;
  transmitting = false;
  bridgeMuted = false;
  /** The remote audio, kept across rejoins (a subclass stops what it no longer receives). */
  protected readonly remote: RemoteAudio;
  /** The instant replay of recorded clips into this room's output (issue 19). */
  private readonly replays = new ClipReplay();

  /** Bumped by every teardown: callbacks of an older attempt then do nothing. */
  protected attempt = 0;
  /** This attempt's Janus session, from its creation to teardown. */
  protected session: JanusSession | null = null;
  /** This attempt's hold on a shared session (`sharedSession`), from `start` to teardown. */
  private lease: SessionLease | null = null;
  /** This attempt's handles: on a shared session they are detached one by one at teardown. */
  private handles: JanusPluginHandle[] = [];
  private failures = 0;
  private everConnected = false;
  private problemShown = false;
  private left = false;
  private mic: MediaStream | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** ICE "disconnected" grace timers, one per PeerConnection (by side; '' when there is one). */
  private readonly iceTimers = new Map<string, ReturnType<typeof setTimeout>>();

  protected constructor(
    readonly chatId: string,
    protected options: JoinOptions,
    protected readonly deps: RoomDeps,
  ) {
    this.remote = new RemoteAudio(deps, options.speakerId, options.output);
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
    this.remote.setSpeaker(speakerId);
  }

  setOutput(output: ChannelOutputSettings): void {
    this.options = { ...this.options, output };
    this.remote.setOutput(output);
  }

  setBridgeMuted(muted: boolean): void {
    if (this.bridgeMuted === muted) return;
    this.bridgeMuted = muted;
    this.bridgeChanged();
  }

  getOutputLevel(): number {
    return this.remote.level();
  }

  replay(clip: ArrayBuffer): Promise<void> {
    if (this.left) return Promise.reject(new Error('the room was left: nothing to replay into'));
    return this.replays.play(clip, this.remote.clipTarget());
  }

  stopReplay(): void {
    this.replays.stop();
  }

  leave(): void {
    if (this.left) return;
    this.left = true;
    this.replays.stop();
    this.teardown();
    for (const track of this.mic?.getTracks() ?? []) track.stop();
    this.mic = null;
    this.remote.dispose();
    this.leaving();
    this.state$.complete();
    this.problems$.complete();
  }

  /** Attach this attempt's handles to `session` (the microphone is null when we only listen). */
  protected abstract attach(attempt: number, mic: MediaStream | null): void;

  /** Let go of this attempt's handles and whatever hangs on them (the session is being destroyed). */
  protected abstract release(): void;

  /** `bridgeMuted` changed: a room that has a bridge feed silences or restores it. */
  protected bridgeChanged(): void {}

  /** Left for good, just before the subjects complete: anything kept across rejoins goes. */
  protected leaving(): void {}

  /**
   * A handle attached for `attempt`: true when that attempt is still on (the handle is then this
   * room's until teardown). A handle of an attempt already over is detached at once: on a shared
   * session nothing else would (on a session of our own, its destroy already did; this is harmless).
   */
  protected adopt(attempt: number, handle: JanusPluginHandle): boolean {
    if (attempt === this.attempt) {
      this.handles.push(handle);
      return true;
    }
    if (this.options.sharedSession) handle.detach({});
    return false;
  }

  /** The first attempt; called by the subclass once its own fields are set up. */
  protected begin(): void {
    void this.start(this.attempt);
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
    const mic = this.options.listenOnly ? null : await this.microphone();
    if (attempt !== this.attempt) return;
    this.timer = setTimeout(() => this.fail(attempt, 'connect timeout'), CONNECT_TIMEOUT_MS);
    if (this.options.sharedSession) {
      const lease = this.deps.sessions.acquire(Janus, this.deps.janusPath, this.deps.token, this.deps.log);
      this.lease = lease;
      this.session = lease.session;
      lease.use({ up: () => this.attach(attempt, mic), lost: (e: unknown) => this.fail(attempt, e) });
      return;
    }
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

  /** ICE of one PeerConnection (`side` names it in the log when there are several). */
  protected ice(attempt: number, state: string, side = ''): void {
    if (attempt !== this.attempt) return;
    const of = side ? ` (${side})` : '';
    if (state === 'failed' || state === 'closed') this.fail(attempt, `ice ${state}${of}`);
    else if (state === 'disconnected') {
      if (!this.iceTimers.has(side)) this.iceTimers.set(side, setTimeout(() => this.fail(attempt, `ice disconnected${of}`), ICE_GRACE_MS));
    } else {
      const timer = this.iceTimers.get(side);
      if (timer) clearTimeout(timer);
      this.iceTimers.delete(side);
    }
  }

  protected connected(attempt: number): void {
    if (attempt !== this.attempt) return;
    this.clearTimers();
    this.failures = 0;
    this.everConnected = true;
    this.problemShown = false;
    this.set('connected');
  }

  /** This attempt is over: drop it, say so, and try again after a growing wait. */
  protected fail(attempt: number, reason: unknown): void {
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
    const lease = this.lease;
    const handles = this.handles;
    this.session = null;
    this.lease = null;
    this.handles = [];
    this.release();
    // Detaching the handles takes us out of the room: a shared session detaches ours only (or is
    // destroyed when we were the last on it), one of our own is destroyed with them.
    if (lease) lease.release(handles);
    else session?.destroy({ cleanupHandles: true, notifyDestroyed: false });
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const timer of this.iceTimers.values()) clearTimeout(timer);
    this.iceTimers.clear();
  }
}
