// A stand-in for the browser's AudioContext (jsdom has none) that records what the siren does.
// Unit tests only; the e2e test checks the real one in Chromium.

export class FakeParam {
  events: Array<[number, number]> = [];
  setValueAtTime(value: number, at: number) {
    this.events.push([value, at]);
    return this;
  }
  /** Drops the values set from `at` on (the siren's level change replaces cycles not yet begun). */
  cancelScheduledValues(at: number) {
    this.events = this.events.filter(([, t]) => t < at);
    return this;
  }
}

export interface FakeOscillator {
  started: boolean;
  stopped: boolean;
  frequency: FakeParam;
  type: string;
  connect: () => void;
  disconnect: () => void;
  start: () => void;
  stop: () => void;
}

export class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  /** What resume() does: a browser that allows sound, or one blocking it (autoplay policy). */
  allow = true;
  oscillators: FakeOscillator[] = [];
  destination = {};
  suspended = 0;

  constructor() {
    FakeAudioContext.instances.push(this);
  }

  resume() {
    if (this.allow) this.state = 'running';
    return Promise.resolve();
  }

  suspend() {
    this.suspended += 1;
    this.state = 'suspended';
    return Promise.resolve();
  }

  close() {
    this.state = 'closed';
    return Promise.resolve();
  }

  createGain() {
    return { gain: new FakeParam(), connect: () => undefined, disconnect: () => undefined };
  }

  createOscillator(): FakeOscillator {
    const osc: FakeOscillator = {
      started: false,
      stopped: false,
      frequency: new FakeParam(),
      type: 'sine',
      connect: () => undefined,
      disconnect: () => undefined,
      start: () => {
        osc.started = true;
      },
      stop: () => {
        osc.stopped = true;
      },
    };
    this.oscillators.push(osc);
    return osc;
  }

  /** The oscillator currently sounding, if any. */
  sounding(): FakeOscillator | undefined {
    return this.state === 'running' ? this.oscillators.find((o) => o.started && !o.stopped) : undefined;
  }
}
