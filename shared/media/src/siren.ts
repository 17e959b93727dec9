// The SOS alarm: a two-tone beep repeated until it is stopped, made with WebAudio so there is no
// audio file to load. Its state is what a page shows (data-sound), so a test can see it is real.
// Two levels (ADR 025): 1 is the plain beep; 2 (an SOS nobody acknowledged in time) is louder,
// higher and faster, so a room that got used to level 1 hears that something changed.

/** off: silent; starting: waiting for the audio context; playing: the oscillator runs in a running
 *  context; blocked: the browser refused to start audio without a click (autoplay policy). */
export type SirenState = 'off' | 'starting' | 'playing' | 'blocked';

/** 1: an SOS is waiting; 2: an SOS waiting was escalated. */
export type SirenLevel = 1 | 2;

/** One beep cycle at level 1: high tone, low tone, silence. Also how often more cycles are scheduled. */
export const SIREN_CYCLE_MS = 1_200;

interface Pattern {
  tonesHz: readonly number[];
  toneS: number;
  cycleS: number;
  volume: number;
}

const PATTERNS: Record<SirenLevel, Pattern> = {
  1: { tonesHz: [960, 770], toneS: 0.25, cycleS: SIREN_CYCLE_MS / 1000, volume: 0.2 },
  // Twice as many beeps a second, a third higher, more than twice as loud.
  2: { tonesHz: [1_280, 1_020], toneS: 0.15, cycleS: 0.6, volume: 0.45 },
};

/** How far ahead cycles are scheduled on the audio clock, so timer jitter never leaves a hole. */
const LOOKAHEAD_S = 2.5;
/**
 * How long a resume() may take before the siren says it is blocked. Browsers that refuse sound
 * without a click do not reject resume(): they keep its promise pending until a click allows it
 * (Web Audio: "not allowed to start"), so without this the siren would say 'starting' forever.
 */
export const SIREN_RESUME_GRACE_MS = 500;

type AudioContextFactory = () => AudioContext;

const defaultFactory: AudioContextFactory = () => new AudioContext();

export class Siren {
  private ctx: AudioContext | null = null;
  private osc: OscillatorNode | null = null;
  private gain: GainNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private scheduledUntil = 0;
  /** Start times of the cycles already on the audio clock, so a level change can replace the
   *  ones that have not begun instead of waiting out the whole lookahead. */
  private cycleStarts: number[] = [];
  private current: SirenState = 'off';
  private currentLevel: SirenLevel = 1;
  private wanted = false;
  /** Bumped by every start and stop, so a late resume() of an earlier start does nothing. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly createContext: AudioContextFactory = defaultFactory) {}

  get state(): SirenState {
    return this.current;
  }

  get level(): SirenLevel {
    return this.currentLevel;
  }

  /** The audio context's own state (null before one was made): what a page can show to prove the
   *  sound is real, not only that the siren thinks it plays. */
  get contextState(): AudioContextState | null {
    return this.ctx?.state ?? null;
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

  /**
   * Unlocks on every click or key in `target` (captured, so nothing the page does stops it):
   * browsers let a page start sound only after the user interacted with it, so an alarm that
   * comes later can sound. Returns the function that stops listening.
   */
  unlockOnGesture(target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document): () => void {
    const unlock = () => this.unlock();
    target.addEventListener('pointerdown', unlock, true);
    target.addEventListener('keydown', unlock, true);
    return () => {
      target.removeEventListener('pointerdown', unlock, true);
      target.removeEventListener('keydown', unlock, true);
    };
  }

  /**
   * Sets the loudness and pace. While playing, the cycle already sounding finishes and the next
   * one is at the new level (at most one cycle later); stopped, it applies to the next start.
   */
  setLevel(level: SirenLevel): void {
    if (level === this.currentLevel) return;
    this.currentLevel = level;
    const { ctx, osc, gain } = this;
    if (!ctx || !osc || !gain) return;
    const next = this.cycleStarts.find((t) => t > ctx.currentTime) ?? Math.max(this.scheduledUntil, ctx.currentTime);
    osc.frequency.cancelScheduledValues(next);
    gain.gain.cancelScheduledValues(next);
    this.cycleStarts = this.cycleStarts.filter((t) => t < next);
    this.scheduledUntil = next;
    this.schedule(ctx);
    this.emit();
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
    // Still pending by then: the browser waits for a click. Say so; the same promise resolves
    // (and the siren plays) once the user clicks.
    const grace = setTimeout(() => {
      if (generation === this.generation && this.current === 'starting') this.set('blocked');
    }, SIREN_RESUME_GRACE_MS);
    ctx
      .resume()
      .then(() => {
        clearTimeout(grace);
        if (generation !== this.generation) return;
        if (ctx.state !== 'running') {
          this.set('blocked');
          return;
        }
        this.beginTones(ctx);
        this.set('playing');
      })
      .catch(() => {
        clearTimeout(grace);
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
    this.cycleStarts = [];
    // Suspended, not closed: a later alarm reuses it without needing another click.
    if (this.ctx?.state === 'running') void this.ctx.suspend().catch(() => undefined);
    this.set('off');
  }

  /** Frees the audio context (the page is going away). */
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
    this.cycleStarts = [];
    this.schedule(ctx);
    this.timer = setInterval(() => this.schedule(ctx), SIREN_CYCLE_MS);
  }

  private schedule(ctx: AudioContext): void {
    const { osc, gain } = this;
    if (!osc || !gain) return;
    const p = PATTERNS[this.currentLevel];
    // Forget the cycles that are over, so the list stays as short as the lookahead.
    this.cycleStarts = this.cycleStarts.filter((t) => t + p.cycleS * 2 > ctx.currentTime);
    while (this.scheduledUntil < ctx.currentTime + LOOKAHEAD_S) {
      const t = Math.max(this.scheduledUntil, ctx.currentTime);
      p.tonesHz.forEach((hz, i) => {
        const at = t + i * p.toneS;
        osc.frequency.setValueAtTime(hz, at);
        gain.gain.setValueAtTime(p.volume, at);
      });
      gain.gain.setValueAtTime(0, t + p.tonesHz.length * p.toneS);
      this.cycleStarts.push(t);
      this.scheduledUntil = t + p.cycleS;
    }
  }

  private set(state: SirenState): void {
    if (this.current === state) return;
    this.current = state;
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
