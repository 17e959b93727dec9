// PTT access time and mouth-to-ear latency through the product, for bench/ptt.bench.mjs (loaded
// with tsx, inside the network namespace): the built server with JANUS_AUTOSTART=true (it runs
// and configures Janus itself), two dispatch consoles in one headless Chromium (one clock):
// member1 talks with a tone microphone, dispatcher1 listens with the onset detectors. Each burst
// holds the console's PTT button with the mouse, as a user does. Method: docs/bench-ptt.md.
// Types only: the browser comes from the e2e harness (launchMediaBrowser), as in the media suite.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { installToneMicrophone, launchMediaBrowser, waitForQuiet } from '@ptt/e2e/harness/media';
import { openConsole, type Console } from '@ptt/e2e/media-tests/support/console';
import { startMediaServer } from '@ptt/e2e/media-tests/support/media-server';
import { armListener, installWorkletOnset, jitterBuffer, meanJitterMs, toneBurst } from './ptt-onset';

// tsx compiles with esbuild's keepNames, which wraps functions in __name(); addInitScript and
// page.evaluate send functions to the page as text, so the page needs the helper too.
const KEEP_NAMES_SHIM = { content: 'globalThis.__name = (f) => f;' };
/** Held at least this long, twice the default press time (300 ms), so the burst is kept. */
const HOLD_MS = 700;
const ONSET_TIMEOUT_MS = 2000;
const GRANT_TIMEOUT_MS = 3000;
/** Diagnosis only: wait this long after talking shows before the tone (0: at once, as a user would). */
const TONE_DELAY_MS = Number(process.env.BENCH_PTT_TONE_DELAY_MS ?? 0);

export interface ProductOptions {
  bursts: number;
  /** Bursts done first and not counted (first grant, jitter buffers settling). */
  warmup: number;
  log: (...a: unknown[]) => void;
  cleanup: (step: () => unknown) => void;
}

export interface ProductResult {
  /** data-access-ms: the console's own figure, press to the render that shows "talking". */
  accessPageMs: number[];
  /** pointerdown event to aria-pressed="true" in the DOM, timed by an observer in the page. */
  accessDomMs: number[];
  /** From the bench: mouse down sent over CDP to the observer's answer back in Node. */
  accessBenchMs: number[];
  /** Where the DOM figure goes (resource timing of POST /api/ptt/floor): pointerdown to the
   *  fetch's start; the whole request, split into fetch start to request sent (Chromium's network
   *  stack) and request sent to first byte (the server: access check, floor, Janus unmute); the
   *  response's end to aria-pressed (parse, store, render). */
  accessParts: { beforeRequest: number[]; request: number[]; queued: number[]; serverAnswer: number[]; afterResponse: number[] };
  /** Presses not granted and shown within 3 s. */
  accessMissed: number;
  /** Tone on at the talker to onset at the listener, audio-thread detector (ptt-onset.ts). */
  mouthToEarMs: number[];
  /** Granted bursts whose tone the listener did not hear within 2 s. */
  mouthToEarMissed: number;
  /** The same bursts by the harness's main-thread AnalyserNode detector. */
  mouthToEarAnalyserMs: number[];
  warmupAccessPageMs: number[];
  /** The listener's mean receive jitter-buffer delay over the measured bursts (part of mouth-to-ear). */
  listenerJitterBufferMs: number | null;
  serverStartMs: number;
  consolesReadyMs: number;
}

/**
 * openConsole() makes its own context; this gives each new one the __name shim first, then the
 * talker's tone microphone or the listener's worklet onset detector, before any page loads.
 */
function preparingBrowser(browser: Browser, role: 'talker' | 'listener'): Browser {
  const newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    // The listener's onset detector is an AudioWorklet loaded from a blob: URL, which the console's
    // CSP (script-src 'self') refuses; the probe is the bench's, not the product's.
    const [options = {}] = args;
    const context = await browser.newContext(role === 'listener' ? { ...options, bypassCSP: true } : options);
    await context.addInitScript(KEEP_NAMES_SHIM);
    if (role === 'talker') await installToneMicrophone(context, { freqHz: 1000, amplitude: 0.5 });
    else await installWorkletOnset(context);
    return context;
  };
  return new Proxy(browser, { get: (target, key) => (key === 'newContext' ? newContext : Reflect.get(target, key) as unknown) });
}

interface PressTimes {
  pointerAt: number;
  pressedAt: number;
  /** The floor request's resource timing (fetch start, response end), if the page saw one. */
  request: { start: number; sent: number; firstByte: number; end: number } | null;
}

/** In the page, before the press: resolves `window.__pressed` once the PTT button shows talking. */
function watchPress(): void {
  const w = window as unknown as { __pressed?: Promise<PressTimes> };
  const button = [...document.querySelectorAll('button[aria-pressed]')].find((b) => b.textContent?.trim() === 'PTT');
  if (!button) throw new Error('no PTT button');
  performance.clearResourceTimings(); // the buffer holds 250 entries; only this press's matter
  w.__pressed = new Promise((resolve) => {
    let pointerAt = 0;
    button.addEventListener('pointerdown', (e) => { pointerAt = e.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (button.getAttribute('aria-pressed') !== 'true') return;
      const pressedAt = performance.now();
      observer.disconnect();
      const asks = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/ptt/floor') && e.startTime >= pointerAt);
      const ask = asks.at(-1) as PerformanceResourceTiming | undefined;
      resolve({ pointerAt, pressedAt, request: ask ? { start: ask.startTime, sent: ask.requestStart, firstByte: ask.responseStart, end: ask.responseEnd } : null });
    });
    observer.observe(button, { attributes: true, attributeFilter: ['aria-pressed'] });
  });
}

const pressed = (page: Page, timeoutMs: number) =>
  page.evaluate(
    (t) => Promise.race([(window as unknown as { __pressed: Promise<PressTimes> }).__pressed, new Promise<null>((r) => setTimeout(() => r(null), t))]),
    timeoutMs,
  );

interface Burst {
  access: { page: number; dom: number; bench: number; times: PressTimes } | null;
  tone: { workletMs: number | null; analyserMs: number | null } | null;
}

async function burst(talker: Console, listener: Console): Promise<Burst> {
  await armListener(listener.page);
  await talker.ptt.hover();
  await talker.page.evaluate(watchPress);
  const t0 = performance.now();
  await talker.page.mouse.down();
  const times = await pressed(talker.page, GRANT_TIMEOUT_MS);
  const benchMs = performance.now() - t0;
  if (times && TONE_DELAY_MS > 0) await talker.page.waitForTimeout(TONE_DELAY_MS);
  const tone = times ? await toneBurst(talker.page, listener.page, ONSET_TIMEOUT_MS) : null;
  const held = performance.now() - t0;
  if (held < HOLD_MS) await talker.page.waitForTimeout(HOLD_MS - held);
  // Read before letting go: the console records the figure in an effect after the "talking" render.
  const pageMs = Number(await talker.ptt.getAttribute('data-access-ms'));
  await talker.page.mouse.up();
  // The floor is free again and the listener hears silence before the next press.
  await talker.ptt.and(talker.page.locator('[data-state="idle"]')).waitFor({ timeout: 5_000 });
  await listener.talker.waitFor({ state: 'hidden', timeout: 5_000 });
  await waitForQuiet(listener.page);
  const access = times ? { page: pageMs, dom: times.pressedAt - times.pointerAt, bench: benchMs, times } : null;
  return { access, tone };
}

export async function measureProductPtt(opts: ProductOptions): Promise<ProductResult> {
  let t = performance.now();
  const server = await startMediaServer();
  opts.cleanup(() => server.stop());
  const serverStartMs = Math.round(performance.now() - t);
  opts.log(`server with Janus up in ${serverStartMs} ms (${server.baseURL})`);
  t = performance.now();
  const browser = await launchMediaBrowser();
  opts.cleanup(() => browser.close());
  const talker = await openConsole(preparingBrowser(browser, 'talker'), server.baseURL, 'member1');
  const listener = await openConsole(preparingBrowser(browser, 'listener'), server.baseURL, 'dispatcher1');
  const consolesReadyMs = Math.round(performance.now() - t);
  opts.log(`consoles connected in ${consolesReadyMs} ms`);

  const r: ProductResult = {
    accessPageMs: [], accessDomMs: [], accessBenchMs: [], accessMissed: 0,
    accessParts: { beforeRequest: [], request: [], queued: [], serverAnswer: [], afterResponse: [] }, mouthToEarMs: [], mouthToEarMissed: 0, mouthToEarAnalyserMs: [],
    warmupAccessPageMs: [], listenerJitterBufferMs: null, serverStartMs, consolesReadyMs,
  };
  let jitterBefore = await jitterBuffer(listener.page);
  for (let i = 0; i < opts.warmup + opts.bursts; i++) {
    const b = await burst(talker, listener);
    if (i < opts.warmup) {
      if (b.access) r.warmupAccessPageMs.push(b.access.page);
      jitterBefore = await jitterBuffer(listener.page);
      continue;
    }
    if (!b.access) r.accessMissed += 1;
    else {
      r.accessPageMs.push(b.access.page);
      r.accessDomMs.push(b.access.dom);
      r.accessBenchMs.push(b.access.bench);
      const { pointerAt, pressedAt, request } = b.access.times;
      if (request) {
        r.accessParts.beforeRequest.push(request.start - pointerAt);
        r.accessParts.request.push(request.end - request.start);
        if (request.sent > 0) {
          r.accessParts.queued.push(request.sent - request.start);
          r.accessParts.serverAnswer.push(request.firstByte - request.sent);
        }
        r.accessParts.afterResponse.push(pressedAt - request.end);
      }
      if (b.tone?.workletMs == null) r.mouthToEarMissed += 1;
      else r.mouthToEarMs.push(b.tone.workletMs);
      if (b.tone?.analyserMs != null) r.mouthToEarAnalyserMs.push(b.tone.analyserMs);
    }
    const done = i - opts.warmup + 1;
    if (done % 10 === 0) opts.log(`product: ${done}/${opts.bursts} bursts`);
  }
  r.listenerJitterBufferMs = meanJitterMs(jitterBefore, await jitterBuffer(listener.page));
  const outside = [...talker.outside, ...listener.outside];
  if (outside.length > 0) throw new Error(`the consoles tried to leave loopback: ${outside.join(', ')}`);
  return r;
}
