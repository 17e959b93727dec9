// Raw janus.js pages for media tests that do not use the product (the smoke spec, the bench):
// a tiny HTTP server on 127.0.0.1 serves janus.js (npm janus-gateway 1.4.2) and webrtc-adapter
// from the repo and proxies /janus to the test's Janus, so pages and API share one origin and
// nothing comes from the internet. `joinAudioBridge` joins a room with the page's microphone.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

const MEDIA_MODULES = path.resolve(__dirname, '..', '..', '..', 'shared', 'media', 'node_modules');
export const JANUS_JS = path.join(MEDIA_MODULES, 'janus-gateway', 'npm', 'dist', 'janus.es.js');
export const ADAPTER_JS = path.join(MEDIA_MODULES, 'webrtc-adapter', 'out', 'adapter.js');

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>janus test page</title>
<script src="/adapter.js"></script>
<script type="module">import Janus from '/janus.es.js'; window.Janus = Janus;</script>
</head><body></body></html>`;

export interface JanusPageServer {
  url: string;
  close: () => Promise<void>;
}

export async function startJanusPageServer(janusUrl: string): Promise<JanusPageServer> {
  const files: Record<string, [string, string]> = {
    '/': [INDEX, 'text/html'],
    '/janus.es.js': [readFileSync(JANUS_JS, 'utf8'), 'text/javascript'],
    '/adapter.js': [readFileSync(ADAPTER_JS, 'utf8'), 'text/javascript'],
  };
  const janusOrigin = new URL(janusUrl).origin;
  const server = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) {
      res.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' }).end(file[0]);
      return;
    }
    if (!req.url?.startsWith('/janus')) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
      fetch(`${janusOrigin}${req.url}`, { method: req.method, body, headers: { 'content-type': 'application/json' } })
        .then(async (r) => {
          const text = await r.text();
          res.writeHead(r.status, { 'content-type': 'application/json' }).end(text);
        })
        // Janus stopping under a long poll: end the page's request, nothing more to say.
        .catch((err: Error) => (res.headersSent ? res.destroy() : res.writeHead(502).end(err.message)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections(); // janus.js long polls
      server.close(() => resolve());
    }),
  };
}

export interface JoinOptions {
  room: string | number;
  display: string;
  /** Join muted (a listener) or not (a talker); change later with setMuted. */
  muted: boolean;
}

// The little of janus.js these pages use (the package's types live in shared/media).
type JanusCallback = (err?: unknown) => void;
interface JanusHandle {
  send: (p: { message: Record<string, unknown>; jsep?: unknown; success?: () => void; error?: JanusCallback }) => void;
  createOffer: (p: { tracks: unknown[]; success: (jsep: unknown) => void; error: JanusCallback }) => void;
  handleRemoteJsep: (p: { jsep: unknown }) => void;
}
interface JanusSession {
  attach: (p: Record<string, unknown>) => void;
  destroy: (p: Record<string, unknown>) => void;
}
interface JanusWindow {
  Janus: {
    new (p: { server: string; success: () => void; error: JanusCallback }): JanusSession;
    init: (p: { debug: boolean; dependencies: unknown; callback: () => void }) => void;
    useDefaultDependencies: (p: { adapter: unknown }) => unknown;
  };
  adapter: unknown;
  __janusTest?: { session: JanusSession; handle: JanusHandle };
}

/** Opens the test page, joins the AudioBridge room and resolves once media flows both ways. */
export async function joinAudioBridge(page: Page, server: JanusPageServer, opts: JoinOptions): Promise<void> {
  await page.goto(server.url);
  await page.waitForFunction(() => 'Janus' in window);
  await page.evaluate(async ({ room, display, muted }) => {
    const w = window as unknown as JanusWindow;
    await new Promise<void>((resolve) => w.Janus.init({ debug: false, dependencies: w.Janus.useDefaultDependencies({ adapter: w.adapter }), callback: resolve }));
    const session = await new Promise<JanusSession>((resolve, reject) => {
      const s: JanusSession = new w.Janus({ server: `${location.origin}/janus`, success: () => resolve(s), error: reject });
    });
    const ref: { handle?: JanusHandle } = {}; // onmessage may run before attach's success
    let joined: () => void = () => undefined;
    let up: () => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => { fail = reject; });
    const isJoined = Promise.race([new Promise<void>((r) => { joined = r; }), failed]);
    const isUp = Promise.race([new Promise<void>((r) => { up = r; }), failed]);
    // Without a usable interface ICE never completes: say so instead of waiting for the test's limit.
    const timer = setTimeout(() => fail(new Error('WebRTC did not come up within 15 s (ICE): run inside scripts/netns.mjs')), 15_000);
    const h = await new Promise<JanusHandle>((resolve, reject) => session.attach({
      plugin: 'janus.plugin.audiobridge',
      success: resolve,
      error: reject,
      onmessage: (msg: { audiobridge?: string; error?: string }, jsep?: unknown) => {
        if (msg.error) fail(new Error(`audiobridge: ${msg.error}`));
        if (msg.audiobridge === 'joined') joined();
        if (jsep) ref.handle?.handleRemoteJsep({ jsep });
      },
      webrtcState: (on: boolean) => { if (on) up(); },
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean) => {
        if (!on || track.kind !== 'audio') return;
        const el = document.createElement('audio');
        el.autoplay = true;
        el.srcObject = new MediaStream([track]);
        document.body.append(el);
        el.play().catch((e: unknown) => console.error('remote audio did not play', e));
      },
    }));
    ref.handle = h;
    h.send({ message: { request: 'join', room, display, muted } });
    await isJoined;
    const jsep = await new Promise((resolve, reject) => h.createOffer({ tracks: [{ type: 'audio', capture: true, recv: true }], success: resolve, error: reject }));
    h.send({ message: { request: 'configure', muted }, jsep });
    await isUp;
    clearTimeout(timer);
    w.__janusTest = { session, handle: h };
  }, opts);
}

/** AudioBridge self-mute of a page joined with joinAudioBridge (resolves on Janus' ack). */
export async function setMuted(page: Page, muted: boolean): Promise<void> {
  await page.evaluate((m) => new Promise<void>((resolve, reject) => {
    const t = (window as unknown as JanusWindow).__janusTest;
    if (!t) throw new Error('this page has not joined a room');
    t.handle.send({ message: { request: 'configure', muted: m }, success: resolve, error: reject });
  }), muted);
}

/** Leaves the room and closes the page's Janus session. */
export async function leaveAudioBridge(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => {
    const t = (window as unknown as JanusWindow).__janusTest;
    if (!t) return resolve();
    t.session.destroy({ success: resolve, error: resolve });
  }));
}

/**
 * VideoRoom, audio only (the SFU comparison of bench/ptt.bench.mjs): joins as a publisher of the
 * page's microphone and resolves with its feed id once media flows.
 */
export async function publishVideoRoom(page: Page, server: JanusPageServer, opts: { room: string; display: string }): Promise<string> {
  await page.goto(server.url);
  await page.waitForFunction(() => 'Janus' in window);
  return page.evaluate(async ({ room, display }) => {
    const w = window as unknown as JanusWindow;
    await new Promise<void>((resolve) => w.Janus.init({ debug: false, dependencies: w.Janus.useDefaultDependencies({ adapter: w.adapter }), callback: resolve }));
    const session = await new Promise<JanusSession>((resolve, reject) => {
      const s: JanusSession = new w.Janus({ server: `${location.origin}/janus`, success: () => resolve(s), error: reject });
    });
    const ref: { handle?: JanusHandle } = {};
    let joined: (id: string) => void = () => undefined;
    let up: () => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => { fail = reject; });
    const isJoined = Promise.race([new Promise<string>((r) => { joined = r; }), failed]);
    const isUp = Promise.race([new Promise<void>((r) => { up = r; }), failed]);
    const timer = setTimeout(() => fail(new Error('WebRTC did not come up within 15 s (ICE): run inside scripts/netns.mjs')), 15_000);
    const h = await new Promise<JanusHandle>((resolve, reject) => session.attach({
      plugin: 'janus.plugin.videoroom',
      success: resolve,
      error: reject,
      onmessage: (msg: { videoroom?: string; id?: string | number; error?: string }, jsep?: unknown) => {
        if (msg.error) fail(new Error(`videoroom: ${msg.error}`));
        if (msg.videoroom === 'joined') joined(String(msg.id));
        if (jsep) ref.handle?.handleRemoteJsep({ jsep });
      },
      webrtcState: (on: boolean) => { if (on) up(); },
    }));
    ref.handle = h;
    h.send({ message: { request: 'join', ptype: 'publisher', room, display } });
    const id = await isJoined;
    const jsep = await new Promise((resolve, reject) => h.createOffer({ tracks: [{ type: 'audio', capture: true, recv: false }], success: resolve, error: reject }));
    h.send({ message: { request: 'configure', audio: true, video: false }, jsep });
    await isUp;
    clearTimeout(timer);
    w.__janusTest = { session, handle: h };
    return id;
  }, opts);
}

/** VideoRoom subscriber of one feed's audio, played through an <audio> element. */
export async function subscribeVideoRoom(page: Page, server: JanusPageServer, opts: { room: string; feed: string }): Promise<void> {
  await page.goto(server.url);
  await page.waitForFunction(() => 'Janus' in window);
  await page.evaluate(async ({ room, feed }) => {
    const w = window as unknown as JanusWindow;
    await new Promise<void>((resolve) => w.Janus.init({ debug: false, dependencies: w.Janus.useDefaultDependencies({ adapter: w.adapter }), callback: resolve }));
    const session = await new Promise<JanusSession>((resolve, reject) => {
      const s: JanusSession = new w.Janus({ server: `${location.origin}/janus`, success: () => resolve(s), error: reject });
    });
    const ref: { handle?: JanusHandle & { createAnswer: (p: Record<string, unknown>) => void } } = {};
    let up: () => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => { fail = reject; });
    const isUp = Promise.race([new Promise<void>((r) => { up = r; }), failed]);
    const timer = setTimeout(() => fail(new Error('WebRTC did not come up within 15 s (ICE): run inside scripts/netns.mjs')), 15_000);
    const h = await new Promise<JanusHandle & { createAnswer: (p: Record<string, unknown>) => void }>((resolve, reject) => session.attach({
      plugin: 'janus.plugin.videoroom',
      success: resolve,
      error: reject,
      onmessage: (msg: { error?: string }, jsep?: unknown) => {
        if (msg.error) fail(new Error(`videoroom: ${msg.error}`));
        if (!jsep) return;
        const handle = ref.handle!;
        handle.createAnswer({
          jsep,
          tracks: [{ type: 'data', recv: false }],
          success: (answer: unknown) => handle.send({ message: { request: 'start' }, jsep: answer }),
          error: (e: unknown) => fail(new Error(`answer: ${String(e)}`)),
        });
      },
      webrtcState: (on: boolean) => { if (on) up(); },
      onremotetrack: (track: MediaStreamTrack, _mid: string, on: boolean) => {
        if (!on || track.kind !== 'audio') return;
        const el = document.createElement('audio');
        el.autoplay = true;
        el.srcObject = new MediaStream([track]);
        document.body.append(el);
        el.play().catch((e: unknown) => console.error('remote audio did not play', e));
      },
    }));
    ref.handle = h;
    h.send({ message: { request: 'join', ptype: 'subscriber', room, streams: [{ feed }] } });
    await isUp;
    clearTimeout(timer);
  }, opts);
}
