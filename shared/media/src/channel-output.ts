import type { ChannelOutputSettings, MediaLog } from './types';

/** The part of `AudioContext` the output path uses, so unit tests can hand in a fake. */
export type OutputAudioContext = Pick<
  AudioContext,
  'state' | 'currentTime' | 'destination' | 'resume' | 'createGain' | 'createStereoPanner' | 'createAnalyser' | 'createMediaStreamSource'
  | 'decodeAudioData' | 'createBufferSource'
> & {
  /** Chrome 110+; elsewhere absent and the default device plays. */
  setSinkId?: (sinkId: string) => Promise<void>;
};

/** Where a suspended context waits for the user's first gesture (the document in a browser). */
export type GestureTarget = Pick<Document, 'addEventListener' | 'removeEventListener'>;

export interface OutputDeps {
  createAudioContext: () => OutputAudioContext;
  gestures: GestureTarget | null;
  log: MediaLog;
}

/** Samples the level is measured over: about 21 ms at 48 kHz, short enough to follow speech. */
export const LEVEL_WINDOW = 1024;
const GESTURES = ['pointerdown', 'keydown'] as const;

/** What is left of a ducked room's volume while a priority channel talks (about -14 dB): still
 *  heard, so nothing is missed, but clearly under the priority talker. */
export const DUCK_FACTOR = 0.2;
/** Time constant of the glide into and out of ducking: ~95% there in 90 ms, quick enough not to
 *  talk over the first syllable of the priority talker, slow enough not to click. */
export const DUCK_TIME_CONSTANT = 0.03;

/** The gain a room's settings ask for: volume, 0 when muted, times DUCK_FACTOR when ducked. */
export function outputGain(settings: ChannelOutputSettings): number {
  if (settings.muted) return 0;
  return clampVolume(settings.volume) * (settings.duck ? DUCK_FACTOR : 1);
}

/** 0..1; anything else (NaN included: an AudioParam throws on it) is clamped, NaN to silence. */
export function clampVolume(volume: number): number {
  return Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0;
}

let pageContext: OutputAudioContext | null = null;

/**
 * The page's one AudioContext, made on first use: every room on the WebAudio path shares it, so
 * there is one render thread and one output device however many channels are watched.
 */
export function pageAudioContext(): OutputAudioContext {
  pageContext ??= new AudioContext({ latencyHint: 'interactive' });
  return pageContext;
}

/**
 * What all rooms on the WebAudio path share: the context (made when the first of them needs it),
 * getting it out of `suspended` (on every new source, and once on the user's next gesture, since
 * browsers start it suspended without one), and the output device, which is the context's.
 */
export class SharedOutput {
  private ctx: OutputAudioContext | null = null;
  /** The device last asked of the context; undefined is the default one. */
  private sinkId: string | undefined;

  constructor(private readonly deps: OutputDeps) {}

  /** The context, or null where none can be made (then rooms stay on their <audio> elements). */
  context(): OutputAudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      this.ctx = this.deps.createAudioContext();
    } catch (e) {
      this.deps.log('no AudioContext: rooms play through <audio> elements', e);
      return null;
    }
    if (this.ctx.state === 'suspended') this.resumeOnGesture();
    return this.ctx;
  }

  resume(): void {
    const ctx = this.ctx;
    if (ctx?.state === 'suspended') ctx.resume().catch((e: unknown) => this.deps.log('audio output did not resume', e));
  }

  setSpeaker(speakerId: string | undefined): void {
    const ctx = this.ctx;
    if (!ctx || speakerId === this.sinkId) return;
    this.sinkId = speakerId;
    if (!ctx.setSinkId) {
      this.deps.log('this browser cannot choose the speaker of WebAudio: the default device plays');
      return;
    }
    ctx.setSinkId(speakerId ?? '').catch((e: unknown) => this.deps.log('speaker not set', e));
  }

  private resumeOnGesture(): void {
    const target = this.deps.gestures;
    if (!target) return;
    const onGesture = () => {
      for (const type of GESTURES) target.removeEventListener(type, onGesture, true);
      this.resume();
    };
    for (const type of GESTURES) target.addEventListener(type, onGesture, true);
  }
}

/**
 * One room's strip of the shared graph: each remote track is a source into the room's gain
 * (volume, 0 when muted), then its stereo panner, then an analyser (so the level is what is
 * heard), then the speakers.
 */
export class ChannelOutput {
  private readonly gain: GainNode;
  private readonly panner: StereoPannerNode;
  private readonly analyser: AnalyserNode;
  private readonly samples = new Float32Array(LEVEL_WINDOW);
  private readonly sources = new Map<string, MediaStreamAudioSourceNode>();
  /** Inputs that are not remote tracks: a replayed clip (src/replay.ts). */
  private readonly fed = new Set<AudioNode>();
  private settings: ChannelOutputSettings;

  constructor(
    private readonly shared: SharedOutput,
    private readonly ctx: OutputAudioContext,
    settings: ChannelOutputSettings,
  ) {
    this.gain = ctx.createGain();
    this.panner = ctx.createStereoPanner();
    this.analyser = ctx.createAnalyser();
    this.analyser.fftSize = LEVEL_WINDOW;
    this.gain.connect(this.panner);
    this.panner.connect(this.analyser);
    this.analyser.connect(ctx.destination);
    this.settings = settings;
    this.set(settings);
  }

  set(settings: ChannelOutputSettings): void {
    const ducking = Boolean(settings.duck) !== Boolean(this.settings.duck);
    this.settings = settings;
    const gain = this.gain.gain;
    const target = outputGain(settings);
    // Into and out of ducking the gain glides (a jump would click); a volume or mute change is the
    // user's own hand on the slider and applies at once, replacing a glide under way.
    gain.cancelScheduledValues(this.ctx.currentTime);
    if (ducking) gain.setTargetAtTime(target, this.ctx.currentTime, DUCK_TIME_CONSTANT);
    else gain.value = target;
    this.panner.pan.value = settings.pan;
  }

  /** Feeds `track` in under `key` (replacing what that key fed before). */
  connect(key: string, track: MediaStreamTrack): void {
    this.disconnect(key);
    const source = this.ctx.createMediaStreamSource(new MediaStream([track]));
    source.connect(this.gain);
    this.sources.set(key, source);
    this.shared.resume();
  }

  /** Feeds a node that is not a remote track (a replayed clip); the returned function takes it out. */
  feed(node: AudioNode): () => void {
    node.connect(this.gain);
    this.fed.add(node);
    this.shared.resume();
    return () => {
      node.disconnect();
      this.fed.delete(node);
    };
  }

  disconnect(key: string): void {
    this.sources.get(key)?.disconnect();
    this.sources.delete(key);
  }

  /** RMS of the last window after volume and mute, 0..1. */
  level(): number {
    if (this.settings.muted || (this.sources.size === 0 && this.fed.size === 0)) return 0;
    this.analyser.getFloatTimeDomainData(this.samples);
    let sum = 0;
    for (const x of this.samples) sum += x * x;
    return Math.min(1, Math.sqrt(sum / this.samples.length));
  }

  dispose(): void {
    for (const key of [...this.sources.keys()]) this.disconnect(key);
    this.analyser.disconnect();
    this.panner.disconnect();
    this.gain.disconnect();
  }
}
