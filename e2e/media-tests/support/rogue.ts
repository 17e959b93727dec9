// A client that drives janus.js itself with a valid session (self-unmute.spec.ts): it joins its
// channel's room through the server's /janus proxy as the product would, publishes its
// microphone, and then asks for whatever it likes.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADAPTER_JS, JANUS_JS } from './janus-page';

export type RoguePath = 'mix' | 'sfu';

export interface RogueWindow {
  rogue: {
    /** Sends one plugin message; resolves with the error text, or null when accepted. */
    ask: (message: Record<string, unknown>) => Promise<string | null>;
    /** Audio RTP packets sent so far by the publishing PeerConnection. */
    sent: () => Promise<number>;
    /** Our publisher id in the VideoRoom (null in the AudioBridge). */
    id: string | null;
    /** VideoRoom: unpublish, then publish a new offer (new streams, which Janus creates unmuted). */
    republish: () => Promise<void>;
  };
}

/** A same-origin page that loads janus.js and joins `chatId` through /janus with the session token. */
export async function joinAsRogue(page: Page, chatId: string, path: RoguePath): Promise<void> {
  await page.route('**/__rogue/janus.es.js', (r) => r.fulfill({ body: readFileSync(JANUS_JS, 'utf8'), contentType: 'text/javascript' }));
  await page.route('**/__rogue/adapter.js', (r) => r.fulfill({ body: readFileSync(ADAPTER_JS, 'utf8'), contentType: 'text/javascript' }));
  await page.addScriptTag({ url: '/__rogue/adapter.js' });
  await page.evaluate(
    async ({ chat, sfu }) => {
      type Cb = (e?: unknown) => void;
      type Message = { audiobridge?: string; videoroom?: string; id?: string; error?: string };
      interface Handle {
        send: (p: { message: Record<string, unknown>; jsep?: unknown; success?: (r: unknown) => void; error?: Cb }) => void;
        createOffer: (p: { tracks: unknown[]; success: (j: unknown) => void; error: Cb }) => void;
        handleRemoteJsep: (p: { jsep: unknown }) => void;
        webrtcStuff: { pc: RTCPeerConnection | null };
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
      // The next webrtcState change, whichever way it goes.
      let changed: (on: boolean) => void = () => undefined;
      const nextWebrtc = (want: boolean, what: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${what}: no webrtcState ${String(want)} within 15 s`)), 15_000);
          changed = (on) => {
            if (on !== want) return;
            clearTimeout(timer);
            resolve();
          };
        });
      const h = await new Promise<Handle>((resolve, reject) =>
        session.attach({
          plugin: sfu ? 'janus.plugin.videoroom' : 'janus.plugin.audiobridge',
          success: resolve,
          error: reject,
          onmessage: (msg, jsep) => {
            events.push(msg);
            if (jsep) ref.handle?.handleRemoteJsep({ jsep });
          },
          webrtcState: (on) => changed(on),
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
      const offer = () =>
        new Promise((resolve, reject) => h.createOffer({ tracks: [{ type: 'audio', capture: true, recv: !sfu }], success: resolve, error: reject }));
      const joined = await ask(sfu ? { request: 'join', ptype: 'publisher', chatId: chat } : { request: 'join', chatId: chat });
      if (joined !== null) throw new Error(`join refused: ${joined}`);
      const id = sfu ? String(events.find((m) => m.videoroom === 'joined')?.id ?? '') : null;
      let up = nextWebrtc(true, 'publish');
      const configured = await ask(sfu ? { request: 'configure', audio: true, video: false } : { request: 'configure', muted: true }, await offer());
      if (configured !== null) throw new Error(`configure refused: ${configured}`);
      await up;
      const sent = async () => {
        let packets = 0;
        const pc = h.webrtcStuff.pc;
        if (!pc) return 0;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; packetsSent?: number }) => {
          if (s.type === 'outbound-rtp' && s.kind === 'audio') packets += s.packetsSent ?? 0;
        });
        return packets;
      };
      const republish = async () => {
        const down = nextWebrtc(false, 'unpublish');
        const unpublished = await ask({ request: 'unpublish' });
        if (unpublished !== null) throw new Error(`unpublish refused: ${unpublished}`);
        await down;
        up = nextWebrtc(true, 'republish');
        const published = await ask({ request: 'publish', audio: true, video: false }, await offer());
        if (published !== null) throw new Error(`publish refused: ${published}`);
        await up;
      };
      (window as unknown as RogueWindow).rogue = { ask: (m) => ask(m), sent, id, republish };
    },
    { chat: chatId, sfu: path === 'sfu' },
  );
}
