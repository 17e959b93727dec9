// Mouth-to-ear latency through a bare Janus AudioBridge room with raw janus.js pages, for
// bench/ptt.bench.mjs (loaded with tsx, inside the network namespace): the comparison for the
// product's figure (ptt-product.ts), with the same room settings and the same detectors but no
// server, proxy, floor control or console. A talker page whose microphone is a WebAudio tone
// (stepped on and off) stays unmuted (see the switches below); a listener page times the tone's
// arrival. Both pages in one headless Chromium, so their clocks are the same machine's.
import type { Page } from '@playwright/test';
import { installMediaProbes, installToneMicrophone, launchMediaBrowser, waitForQuiet } from '@ptt/e2e/harness/media';
import { startJanus } from '@ptt/e2e/media-tests/support/janus';
import { joinAudioBridge, publishVideoRoom, setMuted, startJanusPageServer, subscribeVideoRoom } from '@ptt/e2e/media-tests/support/janus-page';
import { armListener, installWorkletOnset, jitterBuffer, meanJitterMs, toneBurst } from './ptt-onset';

// tsx compiles with esbuild's keepNames, which wraps functions in __name(); page.evaluate and
// addInitScript send those functions to the page as text, so the page needs the helper too.
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (f) => f;' };
// Diagnosis switches (docs/bench-ptt.md): do per burst what the product does at a grant.
const UNMUTE_PER_BURST = process.env.BENCH_PTT_RAW_UNMUTE === '1';
const RECORD_PER_BURST = process.env.BENCH_PTT_RAW_RECORD === '1';

/** Room recording on or off through the talker's own handle (the bench's room has no secret). */
async function setRecording(talker: Page, on: boolean, dir: string, i: number): Promise<void> {
  await talker.evaluate(({ on, dir, i }) => new Promise<void>((resolve, reject) => {
    const t = (window as unknown as { __janusTest: { handle: { send: (m: unknown) => void } } }).__janusTest;
    const message = on ? { request: 'enable_recording', room: 'bench', record: true, record_dir: dir, record_file: `burst-${i}.wav` } : { request: 'enable_recording', room: 'bench', record: false };
    t.handle.send({ message, success: resolve, error: reject });
  }), { on, dir, i });
}

export interface LatencyOptions {
  bursts: number;
  /** AudioBridge `default_prebuffering` of the room (the product uses 2). */
  prebuffering: number;
  /** Bursts sent first and not counted (jitter buffers settle). */
  warmup?: number;
  log: (...a: unknown[]) => void;
  /** Registers an undo step run by the bench's cleanup (also on Ctrl-C). */
  cleanup: (step: () => unknown) => void;
}

export interface LatencyResult {
  /** By the audio-thread detector (ptt-onset.ts). */
  samplesMs: number[];
  /** The same bursts by the harness's AnalyserNode detector. */
  analyserMs: number[];
  /** Bursts the listener did not hear within 2 s. */
  missed: number;
  /** The listener's mean receive jitter-buffer delay over the measured bursts. */
  listenerJitterBufferMs: number | null;
  janusStartMs: number;
}

export async function measureRawMouthToEar(opts: LatencyOptions): Promise<LatencyResult> {
  const janus = await startJanus();
  opts.cleanup(() => janus.stop());
  opts.log(`janus up in ${janus.startMs} ms (${janus.url}, log ${janus.logFile})`);
  await janus.createRoom('bench', { prebuffering: opts.prebuffering });
  const server = await startJanusPageServer(janus.url);
  opts.cleanup(() => server.close());
  const browser = await launchMediaBrowser();
  opts.cleanup(() => browser.close());

  const talkerContext = await browser.newContext();
  await talkerContext.addInitScript(KEEP_NAMES_SHIM);
  await installToneMicrophone(talkerContext, { freqHz: 1000, amplitude: 0.5 });
  const listenerContext = await browser.newContext();
  await listenerContext.addInitScript(KEEP_NAMES_SHIM);
  await installMediaProbes(listenerContext);
  await installWorkletOnset(listenerContext);
  const talker = await talkerContext.newPage();
  const listener = await listenerContext.newPage();
  await joinAudioBridge(listener, server, { room: 'bench', display: 'listener', muted: true });
  await joinAudioBridge(talker, server, { room: 'bench', display: 'talker', muted: UNMUTE_PER_BURST });

  const samplesMs: number[] = [];
  const analyserMs: number[] = [];
  let missed = 0;
  const warmup = opts.warmup ?? 3;
  let jitterBefore = await jitterBuffer(listener);
  for (let i = 0; i < warmup + opts.bursts; i++) {
    await armListener(listener);
    if (UNMUTE_PER_BURST) await setMuted(talker, false);
    if (RECORD_PER_BURST) await setRecording(talker, true, janus.dir, i);
    const { workletMs, analyserMs: a } = await toneBurst(talker, listener, 2000);
    if (UNMUTE_PER_BURST) await setMuted(talker, true);
    if (RECORD_PER_BURST) await setRecording(talker, false, janus.dir, i);
    await waitForQuiet(listener);
    if (i < warmup) {
      jitterBefore = await jitterBuffer(listener);
      continue;
    }
    if (workletMs === null) missed += 1;
    else samplesMs.push(workletMs);
    if (a !== null) analyserMs.push(a);
    if ((i - warmup + 1) % 10 === 0) opts.log(`${i - warmup + 1}/${opts.bursts} bursts`);
  }
  const listenerJitterBufferMs = meanJitterMs(jitterBefore, await jitterBuffer(listener));
  return { samplesMs, analyserMs, missed, listenerJitterBufferMs, janusStartMs: janus.startMs };
}

/**
 * The same bursts through a VideoRoom room, audio only: the talker publishes, the listener
 * subscribes to its feed, Janus forwards the packets (no mixing, no prebuffering, no re-encoding).
 * Floor control as the product would do it: the talker's audio is muted by the room (`moderate`,
 * from this process, as the server would) between bursts and unmuted just before each one.
 */
export async function measureSfuMouthToEar(opts: Omit<LatencyOptions, 'prebuffering'>): Promise<LatencyResult & { moderateMs: number[] }> {
  const janus = await startJanus();
  opts.cleanup(() => janus.stop());
  opts.log(`janus up in ${janus.startMs} ms (${janus.url}, VideoRoom)`);
  await janus.createVideoRoom('benchsfu');
  const server = await startJanusPageServer(janus.url);
  opts.cleanup(() => server.close());
  const browser = await launchMediaBrowser();
  opts.cleanup(() => browser.close());

  const talkerContext = await browser.newContext();
  await talkerContext.addInitScript(KEEP_NAMES_SHIM);
  await installToneMicrophone(talkerContext, { freqHz: 1000, amplitude: 0.5 });
  const listenerContext = await browser.newContext();
  await listenerContext.addInitScript(KEEP_NAMES_SHIM);
  await installMediaProbes(listenerContext);
  await installWorkletOnset(listenerContext);
  const talker = await talkerContext.newPage();
  const listener = await listenerContext.newPage();
  const feed = await publishVideoRoom(talker, server, { room: 'benchsfu', display: 'talker' });
  const moderate = async (mute: boolean) => {
    const t0 = performance.now();
    await janus.videoRoomRequest({ request: 'moderate', room: 'benchsfu', id: feed, mid: '0', mute });
    return performance.now() - t0;
  };
  await moderate(true);
  await subscribeVideoRoom(listener, server, { room: 'benchsfu', feed });

  const samplesMs: number[] = [];
  const analyserMs: number[] = [];
  const moderateMs: number[] = [];
  let missed = 0;
  const warmup = opts.warmup ?? 3;
  let jitterBefore = await jitterBuffer(listener);
  for (let i = 0; i < warmup + opts.bursts; i++) {
    await armListener(listener);
    const unmuteMs = await moderate(false);
    const { workletMs, analyserMs: a } = await toneBurst(talker, listener, 2000);
    await moderate(true);
    await waitForQuiet(listener);
    if (i < warmup) {
      jitterBefore = await jitterBuffer(listener);
      continue;
    }
    moderateMs.push(unmuteMs);
    if (workletMs === null) missed += 1;
    else samplesMs.push(workletMs);
    if (a !== null) analyserMs.push(a);
    if ((i - warmup + 1) % 10 === 0) opts.log(`${i - warmup + 1}/${opts.bursts} bursts (VideoRoom)`);
  }
  const listenerJitterBufferMs = meanJitterMs(jitterBefore, await jitterBuffer(listener));
  return { samplesMs, analyserMs, missed, listenerJitterBufferMs, janusStartMs: janus.startMs, moderateMs };
}
