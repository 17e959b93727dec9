// Tone onset at the listener, timed on the audio thread, for the PTT bench. The harness's
// detector (e2e/harness/media.ts) reads an AnalyserNode's last 1024 samples (21 ms) from a 4 ms
// timer on the page's main thread: when that thread is busy longer than the window (a console
// rendering "X is talking" as the tone arrives, or a loaded machine), the first loud sample has
// already left the window and the onset is placed late. An AudioWorklet sees every sample on the
// audio rendering thread and reports the onset in context time; the main thread converts it to
// page time whenever it gets to run, so its delays do not count. Both detectors run on every
// burst; the bench reports both.
import type { BrowserContext, Page } from '@playwright/test';
import { armOnset, toneOff, toneOn, waitForOnset, waitForQuiet } from '@ptt/e2e/harness/media';

/** The worklet: once armed, waits for 20 ms under the threshold, then posts the context time of
 *  the first sample above it. */
const PROCESSOR = `
class BenchOnset extends AudioWorkletProcessor {
  constructor() {
    super();
    this.state = 'idle';
    this.threshold = 0.05;
    this.quietFrames = 0;
    this.port.onmessage = (e) => { this.threshold = e.data.threshold; this.quietFrames = 0; this.state = 'waiting-quiet'; };
  }
  process(inputs) {
    const channels = inputs[0] || [];
    if (this.state === 'idle' || channels.length === 0) return true;
    let first = -1;
    for (const ch of channels) {
      for (let i = 0; i < ch.length; i++) {
        if (Math.abs(ch[i]) > this.threshold) { if (first < 0 || i < first) first = i; break; }
      }
    }
    if (this.state === 'waiting-quiet') {
      this.quietFrames = first < 0 ? this.quietFrames + channels[0].length : 0;
      if (this.quietFrames >= sampleRate * 0.02) this.state = 'armed';
    } else if (first >= 0) {
      this.state = 'idle';
      this.port.postMessage({ time: currentTime + first / sampleRate });
    }
    return true;
  }
}
registerProcessor('bench-onset', BenchOnset);
`;

interface OnsetWindow {
  __pcs?: RTCPeerConnection[];
  __benchOnset?: { arm: (threshold: number) => Promise<void>; wait: (timeoutMs: number) => Promise<number | null> };
}

/** Adds `window.__benchOnset` to the listener's pages; needs installMediaProbes (window.__pcs). */
export async function installWorkletOnset(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(workletOnset, PROCESSOR);
}

/** Page side (serialised by addInitScript: self-contained). */
function workletOnset(processor: string): void {
  const w = window as unknown as OnsetWindow;
  let ctx: AudioContext | null = null;
  let node: AudioWorkletNode | null = null;
  let ready: Promise<void> | null = null;
  let onset: number | null = null;
  const tapped = new Set<string>();
  const setup = async () => {
    const c = new AudioContext();
    await c.resume();
    await c.audioWorklet.addModule(URL.createObjectURL(new Blob([processor], { type: 'text/javascript' })));
    const n = new AudioWorkletNode(c, 'bench-onset');
    // A node is rendered only when it leads to the destination; the gain keeps it silent.
    n.connect(new GainNode(c, { gain: 0 })).connect(c.destination);
    n.port.onmessage = (e: MessageEvent<{ time: number }>) => {
      // currentTime and performance.now() read together map context time to page time.
      onset = performance.timeOrigin + performance.now() - (c.currentTime - e.data.time) * 1000;
    };
    ctx = c;
    node = n;
  };
  const tap = (c: AudioContext, n: AudioWorkletNode) => {
    for (const pc of w.__pcs ?? []) {
      for (const r of pc.getReceivers()) {
        const track = r.track;
        if (track.kind !== 'audio' || track.readyState !== 'live' || tapped.has(track.id)) continue;
        tapped.add(track.id);
        const stream = new MediaStream([track]);
        // Chromium feeds a remote track to WebAudio only while a media element plays it.
        const el = new Audio();
        el.muted = true;
        el.srcObject = stream;
        el.play().catch(() => undefined);
        c.createMediaStreamSource(stream).connect(n);
      }
    }
  };
  w.__benchOnset = {
    arm: async (threshold: number) => {
      ready ??= setup();
      await ready;
      tap(ctx!, node!);
      onset = null;
      node!.port.postMessage({ threshold });
    },
    wait: (timeoutMs: number) =>
      new Promise((resolve) => {
        const end = performance.now() + timeoutMs;
        const check = () => (onset !== null || performance.now() > end ? resolve(onset) : setTimeout(check, 5));
        check();
      }),
  };
}

/** Arms both detectors on the listener once it has been quiet for 150 ms. */
export async function armListener(listener: Page, threshold = 0.05): Promise<void> {
  await armOnset(listener, threshold);
  await waitForQuiet(listener);
  await listener.evaluate((t) => (window as unknown as OnsetWindow).__benchOnset!.arm(t), threshold);
}

export interface ToneTimes {
  /** Tone on at the talker to onset at the listener, by the worklet (null: not heard). */
  workletMs: number | null;
  /** The same burst by the harness's AnalyserNode detector. */
  analyserMs: number | null;
}

/** Steps the tone on, times its arrival by both detectors, steps it off. Arm the listener first. */
export async function toneBurst(talker: Page, listener: Page, timeoutMs = 2000): Promise<ToneTimes> {
  const sent = await toneOn(talker);
  const worklet = await listener.evaluate((t) => (window as unknown as OnsetWindow).__benchOnset!.wait(t), timeoutMs);
  // The analyser's answer is already there when the worklet heard the tone; give it a little more.
  const analyser = await waitForOnset(listener, worklet === null ? 0 : 500);
  await toneOff(talker);
  return { workletMs: worklet === null ? null : worklet - sent, analyserMs: analyser === null ? null : analyser - sent };
}

/** The listener's receive jitter buffer so far: total delay and samples emitted (inbound-rtp). */
export async function jitterBuffer(listener: Page): Promise<{ delayS: number; emitted: number }> {
  return listener.evaluate(async () => {
    const sum = { delayS: 0, emitted: 0 };
    for (const pc of (window as unknown as OnsetWindow).__pcs ?? []) {
      if (pc.signalingState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; jitterBufferDelay?: number; jitterBufferEmittedCount?: number }) => {
        if (s.type !== 'inbound-rtp' || s.kind !== 'audio') return;
        sum.delayS += s.jitterBufferDelay ?? 0;
        sum.emitted += s.jitterBufferEmittedCount ?? 0;
      });
    }
    return sum;
  });
}

/** Mean jitter-buffer delay in ms between two jitterBuffer() readings. */
export const meanJitterMs = (a: { delayS: number; emitted: number }, b: { delayS: number; emitted: number }): number | null =>
  b.emitted > a.emitted ? Math.round(((b.delayS - a.delayS) / (b.emitted - a.emitted)) * 1000 * 10) / 10 : null;
