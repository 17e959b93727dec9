// Mouth-to-ear latency through a Janus AudioBridge room, for bench/ptt.bench.mjs (loaded with tsx,
// inside the network namespace). Until the product's PTT exists this uses raw janus.js pages and a
// room the bench creates: a talker page whose microphone is a WebAudio tone (stepped on and off),
// a listener page whose onset detector times the tone's arrival. Both pages in one headless
// Chromium, so their clocks are the same machine's (known-facts.md measured it the same way).
import { installMediaProbes, installToneMicrophone, launchMediaBrowser, mouthToEar } from '../e2e/harness/media';
import { startJanus } from '../e2e/media-tests/support/janus';
import { joinAudioBridge, startJanusPageServer } from '../e2e/media-tests/support/janus-page';

// tsx compiles with esbuild's keepNames, which wraps functions in __name(); page.evaluate and
// addInitScript send those functions to the page as text, so the page needs the helper too.
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (f) => f;' };

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
  samplesMs: number[];
  /** Bursts the listener did not hear within 2 s. */
  missed: number;
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
  const talker = await talkerContext.newPage();
  const listener = await listenerContext.newPage();
  await joinAudioBridge(listener, server, { room: 'bench', display: 'listener', muted: true });
  await joinAudioBridge(talker, server, { room: 'bench', display: 'talker', muted: false });

  const samplesMs: number[] = [];
  let missed = 0;
  const warmup = opts.warmup ?? 3;
  for (let i = 0; i < warmup + opts.bursts; i++) {
    const ms = await mouthToEar(talker, listener, { timeoutMs: 2000 });
    if (i < warmup) continue;
    if (ms === null) missed += 1;
    else samplesMs.push(ms);
    if ((i - warmup + 1) % 10 === 0) opts.log(`${i - warmup + 1}/${opts.bursts} bursts`);
  }
  return { samplesMs, missed, janusStartMs: janus.startMs };
}
