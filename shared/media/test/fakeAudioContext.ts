// A stand-in for the WebAudio graph (jsdom has none): nodes record what they are connected to, so
// a test can follow a remote track from its source to the speakers and read the room's settings;
// params and oscillators record their timeline, so a test can hear what the SOS siren plays.
import type { OutputAudioContext } from '../src/channel-output';

export class FakeNode {
  readonly outputs = new Set<FakeNode>();
  constructor(readonly kind: string) {}
  connect(to: FakeNode): FakeNode {
    this.outputs.add(to);
    return to;
  }
  disconnect(): void {
    this.outputs.clear();
  }
  /** The node this one feeds (the graph here is a chain). */
  get next(): FakeNode | undefined {
    return [...this.outputs][0];
  }
}

/** An AudioParam whose glides land at once: `value` is where the param settles, and each glide
 *  is kept as [target, startTime, timeConstant] so a test can tell a glide from a jump. */
export class FakeParam {
  value = 1;
  readonly glides: [number, number, number][] = [];
  /** Jumps set with setValueAtTime, as [value, time], in the order they were set. */
  events: [number, number][] = [];
  /** Drops the jumps at or after `time`, like the browser's. */
  cancelScheduledValues = jest.fn((time: number) => {
    this.events = this.events.filter(([, at]) => at < time);
  });
  setTargetAtTime(target: number, startTime: number, timeConstant: number): void {
    this.glides.push([target, startTime, timeConstant]);
    this.value = target;
  }
  setValueAtTime(value: number, at: number): this {
    this.events.push([value, at]);
    return this;
  }
  /** The value in force at `time` from the jumps (the last one set at or before it). */
  at(time: number): number | undefined {
    let found: [number, number] | undefined;
    for (const e of this.events) if (e[1] <= time && (!found || e[1] >= found[1])) found = e;
    return found?.[0];
  }
}
export class FakeGain extends FakeNode {
  readonly gain = new FakeParam();
}
export class FakePanner extends FakeNode {
  readonly pan = { value: 0 };
}
export class FakeAnalyser extends FakeNode {
  fftSize = 2048;
  /** What the analyser "hears": the fake fills each window with this sample value. */
  sample = 0;
  getFloatTimeDomainData(into: Float32Array): void {
    into.fill(this.sample);
  }
}
export class FakeOscillator extends FakeNode {
  readonly frequency = new FakeParam();
  type = 'sine';
  started = false;
  stopped = false;
  constructor() {
    super('oscillator');
  }
  start(): void {
    this.started = true;
  }
  stop(): void {
    this.stopped = true;
  }
}
export class FakeSource extends FakeNode {
  constructor(readonly stream: MediaStream) {
    super('source');
  }
}

/** A decoded clip: the fake keeps the bytes it was decoded from. */
export class FakeAudioBuffer {
  constructor(readonly bytes: ArrayBuffer) {}
}
/** A buffer source that plays until the test calls `finish()` (the clip's natural end). */
export class FakeBufferSource extends FakeNode {
  buffer: FakeAudioBuffer | null = null;
  onended: (() => void) | null = null;
  started = false;
  stopped = false;
  constructor() {
    super('clip');
  }
  start(): void {
    this.started = true;
  }
  stop(): void {
    if (!this.started) throw new DOMException('not started', 'InvalidStateError');
    this.stopped = true;
    queueMicrotask(() => this.onended?.());
  }
  finish(): void {
    this.onended?.();
  }
}

export class FakeAudioContext {
  state: AudioContextState = 'running';
  currentTime = 0;
  readonly destination = new FakeNode('destination');
  readonly gains: FakeGain[] = [];
  readonly panners: FakePanner[] = [];
  readonly analysers: FakeAnalyser[] = [];
  readonly sources: FakeSource[] = [];
  /** What resume() does: a browser that allows sound, or one blocking it (autoplay policy). */
  allow = true;
  resume = jest.fn(() => {
    if (this.allow) this.state = 'running';
    return Promise.resolve();
  });
  suspend = jest.fn(() => {
    this.state = 'suspended';
    return Promise.resolve();
  });
  close = jest.fn(() => {
    this.state = 'closed';
    return Promise.resolve();
  });
  readonly oscillators: FakeOscillator[] = [];
  createOscillator(): FakeOscillator {
    const node = new FakeOscillator();
    this.oscillators.push(node);
    return node;
  }
  setSinkId?: jest.Mock = jest.fn(() => Promise.resolve());
  createGain(): FakeGain {
    const node = new FakeGain('gain');
    this.gains.push(node);
    return node;
  }
  createStereoPanner(): FakePanner {
    const node = new FakePanner('panner');
    this.panners.push(node);
    return node;
  }
  createAnalyser(): FakeAnalyser {
    const node = new FakeAnalyser('analyser');
    this.analysers.push(node);
    return node;
  }
  readonly clips: FakeBufferSource[] = [];
  /** Resolves a decoded buffer; bytes starting with 0 are not audio (the decode rejects, like Chromium's EncodingError). */
  decodeAudioData = jest.fn((bytes: ArrayBuffer) =>
    new Uint8Array(bytes)[0] === 0 ? Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError')) : Promise.resolve(new FakeAudioBuffer(bytes)),
  );
  createBufferSource(): FakeBufferSource {
    const node = new FakeBufferSource();
    this.clips.push(node);
    return node;
  }
  createMediaStreamSource(stream: MediaStream): FakeSource {
    const node = new FakeSource(stream);
    this.sources.push(node);
    return node;
  }
  get asContext(): OutputAudioContext {
    return this as unknown as OutputAudioContext;
  }
}

/** The chain from `node` to its end: ['gain', 'panner', 'analyser', 'destination'] when wired. */
export function chain(node: FakeNode | undefined): string[] {
  const kinds: string[] = [];
  for (let n = node; n; n = n.next) kinds.push(n.kind);
  return kinds;
}
