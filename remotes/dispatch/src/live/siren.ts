// The SOS alarm: a two-tone beep repeated until it is stopped, made with WebAudio so there is no
// audio file to load. Its state is what the page shows (data-sound), so a test can see it is real.

/** off: silent; starting: waiting for the audio context; playing: the oscillator runs in a running
 *  context; blocked: the browser refused to start audio without a click (autoplay policy). */
export type SirenState = 'off' | 'starting' | 'playing' | 'blocked';

/** One beep cycle: high tone, low tone, silence. */
export const SIREN_CYCLE_MS = 1_200;
const TONES_HZ = [960, 770] as const;
const TONE_S = 0.25;
const VOLUME = 0.2;
/** How far ahead cycles are scheduled on the audio clock, so timer jitter never leaves a hole. */
const LOOKAHEAD_S = 2.5;

type AudioContextFactory = () => AudioContext;

const defaultFactory: AudioContextFactory = () => new AudioContext();

export class Siren {
  private ctx: AudioContext | null = null;
  private osc: OscillatorNode | null = null;
  private gain: GainNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private scheduledUntil = 0;
  private current: SirenState = 'off';
  private wanted = false;
  /** Bumped by every start and stop, so a late resume() of an earlier start does nothing. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly createContext: AudioContextFactory = defaultFactory) {}

  get state(): SirenState {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): SirenState => this.current;

  /**
   * Creates the audio context during a user gesture, so a later alarm may start without one
   * (browsers only let a page make sound after the user interacted with it).
   */
  unlock(): void {
    const ctx = this.context();
    if (ctx && !this.wanted && ctx.state === 'running') void ctx.suspend().catch(() => undefined);
    if (ctx && this.wanted && this.current === 'blocked') this.start();
  }

  start(): void {
    this.wanted = true;
    if (this.current === 'playing' || this.current === 'starting') return;
    const ctx = this.context();
    if (!ctx) {
      this.set('blocked');
      return;
    }
    this.set('starting');
    const generation = ++this.generation;
    ctx
      .resume()
      .then(() => {
        if (generation !== this.generation) return;
        if (ctx.state !== 'running') {
          this.set('blocked');
          return;
        }
        this.beginTones(ctx);
        this.set('playing');
      })
      .catch(() => {
        if (generation === this.generation) this.set('blocked');
      });
  }

  stop(): void {
    this.wanted = false;
    this.generation += 1;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    if (this.osc) {
      this.osc.stop();
      this.osc.disconnect();
    }
    this.gain?.disconnect();
    this.osc = null;
    this.gain = null;
    // Suspended, not closed: a later alarm reuses it without needing another click.
    if (this.ctx?.state === 'running') void this.ctx.suspend().catch(() => undefined);
    this.set('off');
  }

  /** Frees the audio context (the console is going away). */
  dispose(): void {
    this.stop();
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      this.ctx = this.createContext();
    } catch {
      return null;
    }
    return this.ctx;
  }

  private beginTones(ctx: AudioContext): void {
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, ctx.currentTime);
    gain.connect(ctx.destination);
    const osc = ctx.createOscillator();
    osc.type = 'square';
    osc.connect(gain);
    osc.start();
    this.osc = osc;
    this.gain = gain;
    this.scheduledUntil = ctx.currentTime;
    this.schedule(ctx);
    this.timer = setInterval(() => this.schedule(ctx), SIREN_CYCLE_MS);
  }

  private schedule(ctx: AudioContext): void {
    const { osc, gain } = this;
    if (!osc || !gain) return;
    const cycle = SIREN_CYCLE_MS / 1000;
    while (this.scheduledUntil < ctx.currentTime + LOOKAHEAD_S) {
      const t = Math.max(this.scheduledUntil, ctx.currentTime);
      TONES_HZ.forEach((hz, i) => {
        const at = t + i * TONE_S;
        osc.frequency.setValueAtTime(hz, at);
        gain.gain.setValueAtTime(VOLUME, at);
      });
      gain.gain.setValueAtTime(0, t + TONES_HZ.length * TONE_S);
      this.scheduledUntil = t + cycle;
    }
  }

  private set(state: SirenState): void {
    if (this.current === state) return;
    this.current = state;
    for (const l of this.listeners) l();
  }
}
