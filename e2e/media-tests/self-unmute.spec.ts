import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { energyRate, installMediaProbes } from '../harness/media';
import { openConsole } from './support/console';
import { ADAPTER_JS, JANUS_JS } from './support/janus-page';
import { SILENT, speakingSuite } from './support/speaking';

// Issue 7, acceptance 2: a client that drives janus.js itself, with a valid session, joins its
// channel's room and then tries to unmute itself without the floor. The proxy refuses every way
// of asking, Janus itself refuses anyone without the server's API secret, and the dispatcher
// hears nothing although the rogue's microphone audio keeps arriving at Janus.


const suite = speakingSuite();

interface RogueWindow {
  rogue: {
    /** Sends one AudioBridge message; resolves with the error text, or null when accepted. */
    ask: (message: Record<string, unknown>) => Promise<string | null>;
    sent: () => Promise<number>;
  };
}

/** A same-origin page that loads janus.js and joins `chatId` through /janus with the session token. */
async function joinAsRogue(page: Page, chatId: string): Promise<void> {
  await page.route('**/__rogue/janus.es.js', (r) => r.fulfill({ body: readFileSync(JANUS_JS, 'utf8'), contentType: 'text/javascript' }));
  await page.route('**/__rogue/adapter.js', (r) => r.fulfill({ body: readFileSync(ADAPTER_JS, 'utf8'), contentType: 'text/javascript' }));
  await page.addScriptTag({ url: '/__rogue/adapter.js' });
  await page.evaluate(async (chat) => {
    type Cb = (e?: unknown) => void;
    type Message = { audiobridge?: string; error?: string };
    interface Handle {
      send: (p: { message: Record<string, unknown>; jsep?: unknown; success?: (r: unknown) => void; error?: Cb }) => void;
      createOffer: (p: { tracks: unknown[]; success: (j: unknown) => void; error: Cb }) => void;
      handleRemoteJsep: (p: { jsep: unknown }) => void;
      webrtcStuff: { pc: RTCPeerConnection };
    }
    interface Session {
      attach: (p: { plugin: string; success: (h: Handle) => void; error: Cb; onmessage: (m: Message, jsep?: unknown) => void; webrtcState: (on: boolean) => void }) => void;
    }
    interface JanusClass {
      new (p: { server: string; token: string | null; success: () => void; error: Cb }): Session;
      init: (p: { debug: boolean; dependencies: unknown; callback: () => void }) => void;
      useDefaultDependencies: (p: { adapter: unknown }) => unknown;
    }
    const url = '/__rogue/janus.es.js';
    const { default: Janus } = (await import(url)) as { default: JanusClass };
    const token = localStorage.getItem('token');
    const adapter = (window as unknown as { adapter: unknown }).adapter;
    await new Promise<void>((r) => Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: r }));
    const session = await new Promise<Session>((resolve, reject) => {
      const s: Session = new Janus({ server: `${location.origin}/janus`, token, success: () => resolve(s), error: reject });
    });
    const events: Message[] = [];
    const ref: { handle?: Handle } = {};
    let up: () => void = () => undefined;
    const isUp = new Promise<void>((r) => (up = r));
    const h = await new Promise<Handle>((resolve, reject) =>
      session.attach({
        plugin: 'janus.plugin.audiobridge',
        success: resolve,
        error: reject,
        onmessage: (msg, jsep) => {
          events.push(msg);
          if (jsep) ref.handle?.handleRemoteJsep({ jsep });
        },
        webrtcState: (on) => on && up(),
      }),
    );
    ref.handle = h;
    const ask = (message: Record<string, unknown>, jsep?: unknown) =>
      new Promise<string | null>((resolve) => {
        const before = events.length;
        h.send({
          message,
          jsep,
          error: (e) => resolve(String(e)),
          success: () => {
            // Asynchronous requests answer through an event; give it a moment to arrive.
            setTimeout(() => resolve(events.slice(before).find((m) => m.error)?.error ?? null), 300);
          },
        });
      });
    const joined = await ask({ request: 'join', chatId: chat });
    if (joined !== null) throw new Error(`join refused: ${joined}`);
    const jsep = await new Promise((resolve, reject) => h.createOffer({ tracks: [{ type: 'audio', capture: true, recv: true }], success: resolve, error: reject }));
    const configured = await ask({ request: 'configure', muted: true }, jsep);
    if (configured !== null) throw new Error(`configure refused: ${configured}`);
    await isUp;
    const sent = async () => {
      let packets = 0;
      (await h.webrtcStuff.pc.getStats()).forEach((s: { type: string; kind?: string; packetsSent?: number }) => {
        if (s.type === 'outbound-rtp' && s.kind === 'audio') packets += s.packetsSent ?? 0;
      });
      return packets;
    };
    (window as unknown as RogueWindow).rogue = { ask: (m) => ask(m), sent };
  }, chatId);
}

/** Janus's own HTTP port, from the configuration the server wrote for it. */
function janusPort(): number {
  const cfg = readFileSync(path.join(suite.server.dataDir, 'janus', 'config', 'janus.transport.http.jcfg'), 'utf8');
  const m = /\bport\s*=\s*(\d+)/.exec(cfg);
  if (!m) throw new Error('no port in the Janus HTTP transport configuration');
  return Number(m[1]);
}

test('a client that unmutes itself through janus.js without the floor is not heard', async ({ browser }) => {
  const dispatcher = await openConsole(browser, suite.server.baseURL, 'dispatcher1');
  const chats = await dispatcher.page.evaluate(async () => {
    const res = await fetch('/api/chats', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: Array<{ chatId: string; title: string }> }).data;
  });
  const general = chats.find((c) => c.title === 'General');
  expect(general, JSON.stringify(chats)).toBeTruthy();

  const context = await suite.speaker.newContext();
  const outside = await guardLoopback(context);
  await installMediaProbes(context);
  const rogue = await context.newPage();
  await loginViaApi(rogue, suite.server.baseURL, 'member3');
  await joinAsRogue(rogue, general!.chatId);

  const ask = (message: Record<string, unknown>) => rogue.evaluate((m) => (window as unknown as RogueWindow).rogue.ask(m), message);
  // Every way of unmuting oneself, and of reaching into the room's management, is refused.
  expect(await ask({ request: 'configure', muted: false })).toMatch(/muted: true only/);
  expect(await ask({ request: 'unmute', room: general!.chatId, id: 'u1' })).not.toBeNull();
  expect(await ask({ request: 'configure', display: 'u7' })).not.toBeNull();
  expect(await ask({ request: 'enable_recording', room: general!.chatId, record: true })).not.toBeNull();
  expect(await ask({ request: 'join', room: general!.chatId, muted: false })).not.toBeNull();

  // Janus itself answers nobody without the server's API secret. Asked from outside the page:
  // the console's CSP (connect-src 'self') already stops the page from reaching Janus's port.
  const res = await fetch(`http://127.0.0.1:${janusPort()}/janus`, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 'x' }) });
  const direct = (await res.json()) as { janus: string; error?: { code: number; reason: string } };
  expect(direct.janus).toBe('error');
  expect(direct.error?.reason).toMatch(/secret|unauthori/i);

  // The rogue's audio keeps flowing into Janus, and the dispatcher hears none of it.
  const sentBefore = await rogue.evaluate(() => (window as unknown as RogueWindow).rogue.sent());
  expect(await energyRate(dispatcher.page, 3_000)).toBeLessThan(SILENT);
  const sentAfter = await rogue.evaluate(() => (window as unknown as RogueWindow).rogue.sent());
  expect(sentAfter - sentBefore).toBeGreaterThan(100);

  expect(outside).toEqual([]);
  expect(dispatcher.outside).toEqual([]);
  await context.close();
  await dispatcher.context.close();
});
