// A stand-in for the WebAudio graph (jsdom has none): nodes record what they are connected to, so
// a test can follow a remote track from its source to the speakers and read the room's settings.
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
  cancelScheduledValues = jest.fn();
  setTargetAtTime(target: number, startTime: number, timeConstant: number): void {
    this.glides.push([target, startTime, timeConstant]);
    this.value = target;
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
  resume = jest.fn(() => {
    this.state = 'running';
    return Promise.resolve();
  });
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
