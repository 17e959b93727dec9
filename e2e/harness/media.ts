// Helpers for tests and benches that carry WebRTC audio (issue 7), run inside the network
// namespace of scripts/netns.mjs (docs/testing-media.md). No product hooks: an init script wraps
// RTCPeerConnection and records every instance on `window.__pcs`, so a test reads the listener's
// inbound-rtp stats, and a WebAudio onset detector on the received tracks times a tone.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/** What made two headless pages talk through Janus (known-facts.md). */
export const MEDIA_FLAGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];
export const MEDIA_CHROMIUM_ARGS = [...CHROMIUM_ARGS, ...MEDIA_FLAGS];

/** Chromium's arguments; `fakeAudioFile` (a WAV, looped) replaces the fake microphone's beep. */
export function mediaChromiumArgs(fakeAudioFile?: string): string[] {
  return fakeAudioFile ? [...MEDIA_CHROMIUM_ARGS, `--use-file-for-fake-audio-capture=${fakeAudioFile}`] : MEDIA_CHROMIUM_ARGS;
}

/** One browser per role: the fake-audio file is a browser-wide flag. */
export function launchMediaBrowser(opts: { fakeAudioFile?: string } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: mediaChromiumArgs(opts.fakeAudioFile) });
}

/** The namespace's name; throws unless running under scripts/netns.mjs. */
export function requireNetns(): string {
  const name = process.env.PTT_NETNS;
  if (!name) {
    throw new Error('media tests run inside a network namespace: node scripts/netns.mjs -- <command> (docs/testing-media.md)');
  }
  return name;
}

/**
 * Records RTCPeerConnections on `window.__pcs` and adds `window.__onset` (the onset detector) to
 * every page of the context, or to one page before its next navigation.
 */
export async function installMediaProbes(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(pageProbes);
}

/**
 * Replaces the page's microphone (getUserMedia audio) with a WebAudio tone, silent until
 * toneOn(): the talker side of a mouth-to-ear measurement. Works for any page, product or not.
 */
export async function installToneMicrophone(target: BrowserContext | Page, opts: { freqHz?: number; amplitude?: number } = {}): Promise<void> {
  await target.addInitScript(toneMicrophone, { freqHz: opts.freqHz ?? 1000, amplitude: opts.amplitude ?? 0.5 });
}

export interface InboundAudio {
  packetsReceived: number;
  totalAudioEnergy: number;
  totalSamplesDuration: number;
}

interface ProbeWindow {
  __pcs?: RTCPeerConnection[];
  __tone?: { on: () => number; off: () => number };
  __onset?: { arm: (threshold: number) => void; wait: (timeoutMs: number) => Promise<number | null>; quiet: (ms: number, timeoutMs: number) => Promise<boolean>; level: () => number };
}

/** Sum of the page's audio inbound-rtp stats over its open peer connections. */
export async function inboundAudio(page: Page): Promise<InboundAudio> {
  return page.evaluate(async () => {
    const sum = { packetsReceived: 0, totalAudioEnergy: 0, totalSamplesDuration: 0 };
    const pcs = (window as unknown as ProbeWindow).__pcs;
    if (!pcs) throw new Error('installMediaProbes() was not called before this page loaded');
    for (const pc of pcs.filter((p) => p.signalingState !== 'closed')) {
      (await pc.getStats()).forEach((s: { type: string; kind?: string } & Partial<InboundAudio>) => {
        if (s.type !== 'inbound-rtp' || s.kind !== 'audio') return;
        sum.packetsReceived += s.packetsReceived ?? 0;
        sum.totalAudioEnergy += s.totalAudioEnergy ?? 0;
        sum.totalSamplesDuration += s.totalSamplesDuration ?? 0;
      });
    }
    return sum;
  });
}

/**
 * Received audio energy per second of wall time over the next `ms` (the increase of
 * totalAudioEnergy, which adds level² × seconds). A full-scale tone gives about 0.5, a 0.5
 * amplitude tone about 0.1 before codec and mixer changes; silence gives 0.
 */
export async function energyRate(page: Page, ms = 1000): Promise<number> {
  const before = await inboundAudio(page);
  const t0 = performance.now();
  await page.waitForTimeout(ms);
  const after = await inboundAudio(page);
  return Math.max(0, after.totalAudioEnergy - before.totalAudioEnergy) / ((performance.now() - t0) / 1000);
}

/** Steps the tone microphone on; returns the moment as epoch ms (performance.timeOrigin based). */
export async function toneOn(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__tone!.on());
}

export async function toneOff(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__tone!.off());
}

/**
 * Arms the listener's onset detector: the next time a received audio sample exceeds `threshold`
 * (of full scale) after a quiet moment is recorded. Call before toneOn().
 */
export async function armOnset(page: Page, threshold = 0.05): Promise<void> {
  await page.evaluate((t) => (window as unknown as ProbeWindow).__onset!.arm(t), threshold);
}

/** The armed onset as epoch ms, or null if none came within `timeoutMs`. */
export async function waitForOnset(page: Page, timeoutMs = 2000): Promise<number | null> {
  return page.evaluate((t) => (window as unknown as ProbeWindow).__onset!.wait(t), timeoutMs);
}

/** Resolves true once the received audio stayed under the armed threshold for `ms`. */
export async function waitForQuiet(page: Page, ms = 150, timeoutMs = 3000): Promise<boolean> {
  return page.evaluate(([q, t]) => (window as unknown as ProbeWindow).__onset!.quiet(q, t), [ms, timeoutMs] as const);
}

/** Peak received sample (0..1) in the detector's last look; for debugging thresholds. */
export async function receivedLevel(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ProbeWindow).__onset!.level());
}

/**
 * One mouth-to-ear sample: tone on at the talker → onset at the listener, in ms; null when the
 * listener heard nothing within `timeoutMs`. Ends with the tone off and the listener quiet again.
 */
export async function mouthToEar(talker: Page, listener: Page, opts: { threshold?: number; timeoutMs?: number } = {}): Promise<number | null> {
  await armOnset(listener, opts.threshold);
  await waitForQuiet(listener);
  const sent = await toneOn(talker);
  const heard = await waitForOnset(listener, opts.timeoutMs);
  await toneOff(talker);
  await waitForQuiet(listener);
  return heard === null ? null : heard - sent;
}

// ---- Page side (serialised into the page by addInitScript: self-contained, no imports). ----

/** `window.__pcs` (every RTCPeerConnection made) and `window.__onset` (the onset detector). */
function pageProbes(): void {
  const w = window as unknown as Record<string, unknown>;
  if (w.__pcs) return;
  const pcs: RTCPeerConnection[] = [];
  w.__pcs = pcs;
  // A Proxy keeps RTCPeerConnection.prototype the native one, so adapter shims still apply.
  window.RTCPeerConnection = new Proxy(window.RTCPeerConnection, {
    construct(target, args: unknown[], newTarget: new (...a: unknown[]) => unknown) {
      const pc = Reflect.construct(target, args, newTarget) as RTCPeerConnection;
      pcs.push(pc);
      return pc;
    },
  });
  let ctx: AudioContext | null = null;
  const taps = new Map<string, AnalyserNode>();
  const buf = new Float32Array(1024);
  let threshold = 0.05;
  let state: 'idle' | 'waiting-quiet' | 'armed' = 'idle';
  let onset: number | null = null;
  let last = { peak: 0, at: 0 };
  let quietSince = 0;
  const now = () => performance.timeOrigin + performance.now();
  const tap = (c: AudioContext) => {
    for (const pc of pcs) {
      for (const r of pc.getReceivers()) {
        const track = r.track;
        if (track.kind !== 'audio' || track.readyState !== 'live' || taps.has(track.id)) continue;
        const stream = new MediaStream([track]);
        // Chromium feeds a remote track to WebAudio only while a media element plays it.
        const el = new Audio();
        el.muted = true;
        el.srcObject = stream;
        el.play().catch(() => undefined);
        const analyser = new AnalyserNode(c, { fftSize: buf.length });
        c.createMediaStreamSource(stream).connect(analyser);
        taps.set(track.id, analyser);
      }
    }
  };
  const tick = () => {
    if (!ctx) return;
    tap(ctx);
    let first = -1;
    let peak = 0;
    for (const analyser of taps.values()) {
      analyser.getFloatTimeDomainData(buf);
      for (let i = 0; i < buf.length; i++) {
        const v = Math.abs(buf[i] ?? 0);
        if (v > peak) peak = v;
        if (v > threshold && (first < 0 || i < first)) first = i;
      }
    }
    const t = now();
    last = { peak, at: t };
    if (first < 0) quietSince ||= t;
    else quietSince = 0;
    if (state === 'waiting-quiet' && first < 0) state = 'armed';
    else if (state === 'armed' && first >= 0) {
      // The buffer ends now; the crossing was (length - first) samples ago.
      onset = t - ((buf.length - first) / ctx.sampleRate) * 1000;
      state = 'idle';
    }
  };
  const poll = <T>(done: () => T | null, timeoutMs: number) => new Promise<T | null>((resolve) => {
    const end = now() + timeoutMs;
    const check = () => {
      const v = done();
      if (v !== null || now() > end) resolve(v);
      else setTimeout(check, 5);
    };
    check();
  });
  w.__onset = {
    arm: (t: number) => {
      if (!ctx) {
        ctx = new AudioContext();
        void ctx.resume();
        setInterval(tick, 4);
      }
      threshold = t;
      onset = null;
      quietSince = 0;
      state = 'waiting-quiet';
    },
    wait: (timeoutMs: number) => poll(() => onset, timeoutMs),
    quiet: async (ms: number, timeoutMs: number) =>
      (await poll(() => (quietSince && now() - quietSince >= ms ? true : null), timeoutMs)) ?? false,
    level: () => last.peak,
  };
}

/** getUserMedia's audio becomes an oscillator behind a gain stepped by `window.__tone`. */
function toneMicrophone({ freqHz, amplitude }: { freqHz: number; amplitude: number }): void {
  const md = navigator.mediaDevices;
  const original = md.getUserMedia.bind(md);
  let graph: { gain: GainNode; dest: MediaStreamAudioDestinationNode; ctx: AudioContext } | null = null;
  const build = () => {
    const ctx = new AudioContext();
    void ctx.resume();
    const osc = new OscillatorNode(ctx, { frequency: freqHz });
    const gain = new GainNode(ctx, { gain: 0 });
    const dest = ctx.createMediaStreamDestination();
    osc.connect(gain).connect(dest);
    osc.start();
    return { gain, dest, ctx };
  };
  const step = (level: number) => {
    graph ??= build();
    graph.gain.gain.setValueAtTime(level, graph.ctx.currentTime);
    return performance.timeOrigin + performance.now();
  };
  md.getUserMedia = async (constraints?: MediaStreamConstraints) => {
    if (!constraints?.audio) return original(constraints);
    const stream = constraints.video ? await original({ video: constraints.video }) : new MediaStream();
    graph ??= build();
    for (const track of graph.dest.stream.getAudioTracks()) stream.addTrack(track.clone());
    return stream;
  };
  (window as unknown as Record<string, unknown>).__tone = { on: () => step(amplitude), off: () => step(0) };
}
