// Tone onsets per watched channel, at the dispatcher's output, for bench/watch.bench.mjs. The
// console plays each watched room through its own WebAudio strip (ADR 023: sources -> gain ->
// panner -> analyser -> destination, one shared AudioContext). An init script wraps
// AudioNode.prototype.connect: whenever an AnalyserNode is connected to a context's destination
// (the end of a strip), an AudioWorklet detector is hung on that analyser too (and from it into a
// silent gain, so it is rendered). So each strip has its own detector, after the room's volume and
// pan, on the audio rendering thread (as bench/ptt-onset.ts, whose reasons apply: a busy console
// main thread does not delay the timing). Which strip is which channel is learnt by the bench
// (one talker at a time, calibrate()); the page does not know channel ids. No product hook.
import type { BrowserContext, Page } from '@playwright/test';

/** One detector per strip: once armed it waits for 20 ms under the threshold (posts 'armed'),
 *  then posts the context time of the first sample above it. */
const PROCESSOR = `
class BenchStripOnset extends AudioWorkletProcessor {
  constructor() {
    super();
    this.state = 'idle';
    this.threshold = 0.05;
    this.quietFrames = 0;
    this.port.onmessage = (e) => { this.threshold = e.data.threshold; this.quietFrames = 0; this.state = 'waiting-quiet'; };
  }
  process(inputs) {
    const channels = inputs[0] || [];
    if (this.state === 'idle') return true;
    let first = -1;
    for (const ch of channels) {
      for (let i = 0; i < ch.length; i++) {
        if (Math.abs(ch[i]) > this.threshold) { if (first < 0 || i < first) first = i; break; }
      }
    }
    if (this.state === 'waiting-quiet') {
      this.quietFrames = first < 0 ? this.quietFrames + 128 : 0;
      if (this.quietFrames >= sampleRate * 0.02) { this.state = 'armed'; this.port.postMessage({ armed: true }); }
    } else if (first >= 0) {
      this.state = 'idle';
      this.port.postMessage({ time: currentTime + first / sampleRate });
    }
    return true;
  }
}
registerProcessor('bench-strip-onset', BenchStripOnset);
`;

interface StripApi {
  /** Strips whose detector is in place. */
  count: () => number;
  arm: (id: number, threshold: number) => void;
  armAll: (threshold: number) => void;
  /** Resolves true once the strip has been quiet for 20 ms since arming (false on timeout). */
  armed: (id: number, timeoutMs: number) => Promise<boolean>;
  /** The strip's onset since arming, page time (epoch ms), or null after timeoutMs. */
  wait: (id: number, timeoutMs: number) => Promise<number | null>;
  /** Ids of the strips that heard an onset since they were armed. */
  fired: () => number[];
}

interface StripWindow {
  __benchStrips?: StripApi;
}

/** Adds `window.__benchStrips` to every page of the dispatcher's context (CSP bypassed: blob: worklet). */
export async function installStripOnsets(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(stripOnsets, PROCESSOR);
}

/** Page side (serialised by addInitScript: self-contained). */
function stripOnsets(processor: string): void {
  const w = window as unknown as StripWindow;
  if (w.__benchStrips) return;
  const url = URL.createObjectURL(new Blob([processor], { type: 'text/javascript' }));
  const modules = new WeakMap<BaseAudioContext, Promise<void>>();
  interface Strip { node: AudioWorkletNode | null; armed: boolean; onset: number | null }
  const strips: Strip[] = [];
  const seen = new WeakSet<AudioNode>();
  type Connect = (this: AudioNode, destination: AudioNode | AudioParam, output?: number, input?: number) => AudioNode | undefined;
  // The native method, kept to call on the nodes (read as a value: it is only ever called with .call).
  const connect = Reflect.get(AudioNode.prototype, 'connect') as Connect;
  const addStrip = (analyser: AnalyserNode) => {
    const ctx = analyser.context;
    const strip: Strip = { node: null, armed: false, onset: null };
    strips.push(strip);
    let ready = modules.get(ctx);
    if (!ready) {
      ready = ctx.audioWorklet.addModule(url);
      modules.set(ctx, ready);
    }
    ready.then(() => {
      const node = new AudioWorkletNode(ctx, 'bench-strip-onset');
      node.port.onmessage = (e: MessageEvent<{ armed?: boolean; time?: number }>) => {
        if (e.data.armed) strip.armed = true;
        // currentTime and performance.now() read together map context time to page time.
        else if (e.data.time !== undefined) strip.onset = performance.timeOrigin + performance.now() - (ctx.currentTime - e.data.time) * 1000;
      };
      connect.call(analyser, node);
      connect.call(connect.call(node, new GainNode(ctx, { gain: 0 }))!, ctx.destination);
      strip.node = node;
    }).catch((e: unknown) => console.error('bench strip onset', e));
  };
  AudioNode.prototype.connect = function (this: AudioNode, destination: AudioNode | AudioParam, output?: number, input?: number) {
    const r = connect.call(this, destination, output, input);
    if (this instanceof AnalyserNode && destination instanceof AudioDestinationNode && !seen.has(this)) {
      seen.add(this);
      addStrip(this);
    }
    return r;
  } as unknown as typeof AudioNode.prototype.connect;
  const poll = <T>(done: () => T | null, timeoutMs: number) => new Promise<T | null>((resolve) => {
    const end = performance.now() + timeoutMs;
    const check = () => {
      const v = done();
      if (v !== null || performance.now() > end) resolve(v);
      else setTimeout(check, 5);
    };
    check();
  });
  const arm = (id: number, threshold: number) => {
    const s = strips[id];
    if (!s?.node) return;
    s.armed = false;
    s.onset = null;
    s.node.port.postMessage({ threshold });
  };
  w.__benchStrips = {
    count: () => strips.filter((s) => s.node).length,
    arm,
    armAll: (threshold) => strips.forEach((_, id) => arm(id, threshold)),
    armed: async (id, timeoutMs) => (await poll(() => (strips[id]?.armed ? true : null), timeoutMs)) ?? false,
    wait: (id, timeoutMs) => poll(() => strips[id]?.onset ?? null, timeoutMs),
    fired: () => strips.flatMap((s, id) => (s.onset !== null ? [id] : [])),
  };
}

export const stripCount = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as StripWindow).__benchStrips?.count() ?? 0);

export async function armAllStrips(page: Page, threshold: number): Promise<void> {
  await page.evaluate((t) => (window as unknown as StripWindow).__benchStrips!.armAll(t), threshold);
}

export async function armStrip(page: Page, id: number, threshold: number, timeoutMs: number): Promise<boolean> {
  return page.evaluate(({ id, t, timeoutMs }) => {
    const s = (window as unknown as StripWindow).__benchStrips!;
    s.arm(id, t);
    return s.armed(id, timeoutMs);
  }, { id, t: threshold, timeoutMs });
}

export const waitStrip = (page: Page, id: number, timeoutMs: number): Promise<number | null> =>
  page.evaluate(({ id, timeoutMs }) => (window as unknown as StripWindow).__benchStrips!.wait(id, timeoutMs), { id, timeoutMs });

export const firedStrips = (page: Page): Promise<number[]> => page.evaluate(() => (window as unknown as StripWindow).__benchStrips!.fired());
