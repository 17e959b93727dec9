import { BehaviorSubject } from 'rxjs';
import { MonitorJanusCode, monitorEndCauseOf, type MonitorEndCause } from '@ptt/contracts';
import { retryDelayMs } from './client';
import { loadJanus } from './loadJanus';
import { inboundStatsOf } from './stats';
import { MONITOR_CONNECT_TIMEOUT_MS, PUBLISHER_POLL_MS, type MonitorClient, type MonitorClientOptions, type MonitorState, type MonitorSubscription } from './monitor-types';
import type { InboundStats, JanusConstructor, JanusJS, JanusSession, MediaLog } from './types';

export * from './monitor-types';

// Environment listen and monitor, the watching side: a VideoRoom subscriber to a device's monitor
// session through the server's /janus proxy (ADR 010 addendum). The proxy finds the device's feed
// and adds the room and pin; it answers 428 while the device is not sending yet (we ask again) and
// 426 once the session is over (ended). A lost feed or connection subscribes again.

export const VIDEOROOM = 'janus.plugin.videoroom';

type Handle = Pick<JanusJS.PluginHandle, 'send' | 'createAnswer'> & { webrtcStuff?: { pc?: RTCPeerConnection | null } | null };
type Message = JanusJS.Message & { videoroom?: string; streams?: { active?: boolean }[]; left?: unknown; unpublished?: unknown; leaving?: unknown };

interface Deps {
  janusPath: string;
  token: string;
  log: MediaLog;
  loadJanus: () => Promise<JanusConstructor>;
  createStream: (tracks: MediaStreamTrack[]) => MediaStream;
}

/** The Janus error code at the start of janus.js's error text ("428 The device is ..."). */
const codeOf = (e: unknown): number => Number(/^(\d{3})\b/.exec(String(e))?.[1] ?? 0);

class Subscription implements MonitorSubscription {
  readonly state$ = new BehaviorSubject<MonitorState>('connecting');
  readonly stream$ = new BehaviorSubject<MediaStream | null>(null);
  muted = false;
  endCause: MonitorEndCause | null = null;
  private attempt = 0;
  private failures = 0;
  private left = false;
  private session: JanusSession | null = null;
  private handle: Handle | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly tracks = new Map<string, MediaStreamTrack>();

  constructor(
    readonly roomId: string,
    private readonly deps: Deps,
  ) {
    void this.start(this.attempt);
  }

  get state(): MonitorState {
    return this.state$.value;
  }
  get stream(): MediaStream | null {
    return this.stream$.value;
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    for (const t of this.tracks.values()) if (t.kind === 'audio') t.enabled = !muted;
  }

  reconnect(): void {
    if (this.left) return;
    this.failures = 0;
    this.restart(this.attempt, 'reconnect', 0);
  }

  async getInboundStats(): Promise<InboundStats | null> {
    const pc = this.handle?.webrtcStuff?.pc;
    return pc ? inboundStatsOf(await pc.getStats()) : null;
  }

  leave(): void {
    if (this.left) return;
    this.teardown();
    this.left = true;
    this.state$.complete();
    this.stream$.complete();
  }

  private set(state: MonitorState): void {
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
    if (attempt !== this.attempt || this.left) return;
    this.session = new Janus({
      server: this.deps.janusPath,
      token: this.deps.token,
      success: () => this.attach(attempt),
      error: (e: unknown) => this.fail(attempt, e),
    });
  }

  private attach(attempt: number): void {
    if (attempt !== this.attempt || !this.session) return;
    const fail = (e: unknown) => this.fail(attempt, e);
    this.session.attach({
      plugin: VIDEOROOM,
      success: (h) => {
        if (attempt !== this.attempt) return;
        this.handle = h;
        this.join(attempt);
      },
      error: fail,
      onmessage: (msg: Message, jsep?: JanusJS.JSEP) => this.onMessage(attempt, msg, jsep),
      webrtcState: (up: boolean) => (up ? this.connected(attempt) : this.restart(attempt, 'hangup')),
      iceState: (state) => {
        if (state === 'failed' || state === 'closed') fail(`ice ${state}`);
      },
      onremotetrack: (track: MediaStreamTrack, mid: string, on: boolean) => {
        if (attempt !== this.attempt) return;
        if (on) {
          if (track.kind === 'audio') track.enabled = !this.muted;
          this.tracks.set(mid, track);
        } else this.tracks.delete(mid);
        this.stream$.next(this.tracks.size ? this.deps.createStream([...this.tracks.values()]) : null);
      },
    });
  }

  private join(attempt: number): void {
    this.handle?.send({
      message: { request: 'join', ptype: 'subscriber', chatId: this.roomId },
      error: (e: unknown) => {
        if (attempt !== this.attempt) return;
        const code = codeOf(e);
        if (code === MonitorJanusCode.NoSession) this.end(attempt, monitorEndCauseOf(e));
        // The device is not sending yet: the server ends the session if it never does.
        else if (code === MonitorJanusCode.NoPublisherYet) {
          this.timer = setTimeout(() => {
            this.timer = null;
            this.join(attempt);
          }, PUBLISHER_POLL_MS);
        } else this.fail(attempt, e);
      },
    });
  }

  private onMessage(attempt: number, msg: Message, jsep?: JanusJS.JSEP): void {
    const handle = this.handle;
    if (attempt !== this.attempt || !handle) return;
    if (msg.videoroom === 'destroyed') return this.end(attempt);
    if (msg.error_code !== undefined) {
      if (msg.error_code === MonitorJanusCode.NoSession) return this.end(attempt, monitorEndCauseOf(msg.error));
      return this.fail(attempt, msg.error ?? msg.error_code);
    }
    const allGone = msg.videoroom === 'updated' && Array.isArray(msg.streams) && !msg.streams.some((s) => s.active !== false);
    if (allGone || (msg.videoroom === 'event' && (msg.left !== undefined || msg.unpublished !== undefined || msg.leaving !== undefined))) {
      // The device stopped sending (or reconnects): subscribe again, which also finds out whether
      // the session is still open.
      return this.restart(attempt, 'feed gone');
    }
    if (jsep) {
      if (this.state !== 'connected') {
        this.clearTimer();
        this.timer = setTimeout(() => this.fail(attempt, 'connect timeout'), MONITOR_CONNECT_TIMEOUT_MS);
      }
      handle.createAnswer({
        jsep,
        tracks: [], // receive only
        success: (answer: JanusJS.JSEP) => handle.send({ message: { request: 'start' }, jsep: answer, error: (e: unknown) => this.fail(attempt, e) }),
        error: (e: unknown) => this.fail(attempt, e),
      });
    }
  }

  private connected(attempt: number): void {
    if (attempt !== this.attempt) return;
    this.clearTimer();
    this.failures = 0;
    this.set('connected');
  }

  private end(attempt: number, cause: MonitorEndCause | null = null): void {
    if (attempt !== this.attempt) return;
    this.teardown();
    this.endCause = cause;
    this.set('ended');
  }

  /** Not a failure (the feed went, or the user asked): subscribe again after `delayMs`. */
  private restart(attempt: number, reason: string, delayMs = 500): void {
    if (attempt !== this.attempt || this.left) return;
    this.deps.log(`monitor ${this.roomId}: ${reason}`);
    this.teardown();
    this.set('connecting');
    const next = this.attempt;
    this.timer = setTimeout(() => void this.start(next), delayMs);
  }

  private fail(attempt: number, reason: unknown): void {
    if (attempt !== this.attempt || this.left) return;
    this.deps.log(`monitor ${this.roomId}: ${String(reason)}`, reason);
    this.teardown();
    this.set('failed');
    this.failures += 1;
    const next = this.attempt;
    this.timer = setTimeout(() => {
      this.set('connecting');
      void this.start(next);
    }, retryDelayMs(this.failures));
  }

  private teardown(): void {
    this.attempt += 1;
    this.clearTimer();
    const session = this.session;
    this.session = null;
    this.handle = null;
    this.tracks.clear();
    if (this.stream$.value !== null && !this.left) this.stream$.next(null);
    session?.destroy({ cleanupHandles: true, notifyDestroyed: false });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Subscriptions to devices' monitor sessions for one signed-in staff session. */
export function createMonitorClient(options: MonitorClientOptions): MonitorClient {
  const subs = new Set<Subscription>();
  const injected = options.janus;
  const deps: Deps = {
    janusPath: options.janusPath,
    token: options.token,
    log: options.log ?? ((message: string, detail?: unknown) => console.info(`[monitor] ${message}`, detail ?? '')),
    loadJanus: injected ? () => Promise.resolve(injected) : loadJanus,
    createStream: options.createStream ?? ((tracks) => new MediaStream(tracks)),
  };
  return {
    subscribe(roomId: string): MonitorSubscription {
      const sub = new Subscription(roomId, deps);
      subs.add(sub);
      sub.state$.subscribe({ complete: () => subs.delete(sub) });
      return sub;
    },
    close() {
      for (const sub of [...subs]) sub.leave();
    },
  };
}
