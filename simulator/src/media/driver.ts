import type { WebSocket } from 'ws';
import { findChromium, launchChromium, type RunningChromium } from './chromium';
import { startPageHost, type PageHost } from './host';
import { findBrowserLibs } from './libs';
import type { PageEvent, PageOp } from './page';

// What the simulated handsets do with media (issue 15): publish into a listen or monitor session,
// turn the camera, join a call's room, stop. `ChromiumMedia` does it in one headless Chromium page
// (page.ts) for the whole fleet; tests give devices a fake of this interface.

export interface PublishRequest {
  /** One media job per key: `<account>/monitor`, `<account>/call`. */
  key: string;
  token: string;
  roomId: string;
  kind: 'audio' | 'video';
  facing: 'front' | 'rear';
  /** Drawn on the test picture (the account). */
  label: string;
}

export interface CallRequest {
  key: string;
  token: string;
  chatId: string;
  label: string;
}

export interface MediaDriver {
  /** Resolves once the device's media is up in its session; rejects when it cannot be. */
  publish(req: PublishRequest): Promise<void>;
  /** The published picture turns to the other camera (same room, same connection). */
  turn(key: string, facing: 'front' | 'rear'): Promise<void>;
  /** Resolves once the device talks in the call's room. */
  joinCall(req: CallRequest): Promise<void>;
  stop(key: string): void;
  /** Whether media still works (false once Chromium is gone). */
  readonly alive: boolean;
  /** Media that was up went away (room closed, connection lost). */
  onEnded(listener: (key: string, why: string) => void): void;
  close(): Promise<void>;
}

/** How long media may take to come up (ICE, DTLS) before the job counts as failed. */
export const MEDIA_UP_LIMIT_MS = 15_000;
/** How long Chromium may take to start and load the page. */
const START_LIMIT_MS = 30_000;

export interface ChromiumMediaOptions {
  /** The server's base URL (its /janus proxy). */
  serverUrl: string;
  /** Chromium's path (default: SIM_CHROMIUM, /usr/bin/chromium...). */
  chromium?: string | null;
  log: (line: string) => void;
}

export class ChromiumMedia implements MediaDriver {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private readonly listeners: ((key: string, why: string) => void)[] = [];
  private closed = false;

  private constructor(
    private readonly host: PageHost,
    private readonly browser: RunningChromium,
    private readonly control: WebSocket,
    private readonly log: (line: string) => void,
  ) {
    control.on('message', (data: Buffer) => this.onEvent(data.toString('utf8')));
    control.on('close', () => this.failAll('the handset page went away'));
  }

  /** Starts the page host and Chromium; resolves once the page is ready. */
  static async start(o: ChromiumMediaOptions): Promise<ChromiumMedia> {
    const bin = findChromium(o.chromium);
    if (!bin) throw new Error('Chromium was not found (install Debian chromium, or set SIM_CHROMIUM / --chromium)');
    const libs = findBrowserLibs();
    const host = await startPageHost(o.serverUrl, libs);
    let media: ChromiumMedia | null = null;
    let early: ((e: Error) => void) | null = null;
    const browser = launchChromium(bin, host.url, (code, signal) => {
      const why = `Chromium exited (${signal ?? `code ${code}`})`;
      if (media) media.onBrowserExit(why);
      else early?.(new Error(`${why}: ${browser.output().slice(-600)}`));
    });
    try {
      const control = await new Promise<WebSocket>((resolve, reject) => {
        early = reject;
        const timer = setTimeout(() => reject(new Error(`the handset page did not load within ${START_LIMIT_MS / 1000} s: ${browser.output().slice(-600)}`)), START_LIMIT_MS);
        host.connected.then((ws) => {
          ws.once('message', (data: Buffer) => {
            clearTimeout(timer);
            const ev = JSON.parse(data.toString('utf8')) as PageEvent;
            if (ev.ev === 'ready') resolve(ws);
            else reject(new Error(`the handset page said ${data.toString('utf8')}`));
          });
        }, reject);
      });
      media = new ChromiumMedia(host, browser, control, o.log);
      return media;
    } catch (err) {
      await browser.close();
      await host.close();
      throw err;
    }
  }

  publish(req: PublishRequest): Promise<void> {
    return this.ask((id) => ({ op: 'publish', id, ...req }));
  }

  turn(key: string, facing: 'front' | 'rear'): Promise<void> {
    return this.ask((id) => ({ op: 'turn', id, key, facing }));
  }

  joinCall(req: CallRequest): Promise<void> {
    return this.ask((id) => ({ op: 'call', id, ...req }));
  }

  stop(key: string): void {
    this.send({ op: 'stop', key });
  }

  onEnded(listener: (key: string, why: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.failAll('the simulator is stopping');
    this.control.close();
    await this.browser.close();
    await this.host.close();
  }

  private ask(op: (id: number) => PageOp): Promise<void> {
    if (this.closed) return Promise.reject(new Error('media is closed'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`media did not come up within ${MEDIA_UP_LIMIT_MS / 1000} s`));
      }, MEDIA_UP_LIMIT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.send(op(id));
    });
  }

  private send(op: PageOp): void {
    if (this.control.readyState === this.control.OPEN) this.control.send(JSON.stringify(op));
  }

  private onEvent(text: string): void {
    let ev: PageEvent;
    try {
      ev = JSON.parse(text) as PageEvent;
    } catch {
      return;
    }
    if (ev.ev === 'done' || ev.ev === 'error') {
      const p = this.pending.get(ev.id);
      if (!p) return;
      this.pending.delete(ev.id);
      clearTimeout(p.timer);
      if (ev.ev === 'done') p.resolve();
      else p.reject(new Error(ev.error));
    } else if (ev.ev === 'ended') {
      for (const l of this.listeners) l(ev.key, ev.why);
    } else if (ev.ev === 'log') {
      this.log(`media page: ${ev.text}`);
    }
  }

  private failAll(why: string): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error(why));
      this.pending.delete(id);
    }
  }

  private onBrowserExit(why: string): void {
    if (this.closed) return;
    this.log(`${why}: the simulated handsets have no media any more (calls are declined as busy, listen and monitor fail)`);
    this.closed = true;
    this.failAll(why);
  }

  /** Whether media still works (Chromium running). */
  get alive(): boolean {
    return !this.closed;
  }
}
