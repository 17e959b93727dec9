// An emulated handset for the listen and monitor specs: a page on the server's origin (not the
// product) signed in as a device (platform android) of the device's bound account. It listens on
// /ws2 for its DeviceCommand frames, answers them with CommandReply, and for listen (2) and the
// cameras (0, 1) publishes Chromium's fake microphone (a beep) and camera (a moving test pattern)
// into the command's monitor session through /janus with janus.js, alone, as a handset app would.
// A camera command for the video session it already sends turns its camera (replaceTrack, no new
// negotiation) and reports the facing in its reply.
import { readFileSync } from 'node:fs';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from '../../harness/fixtures';
import { guardLoopback } from '../../harness/loopback';
import { installMediaProbes } from '../../harness/media';
import { ADAPTER_JS, JANUS_JS } from './janus-page';
import { runHandset, type HandsetState, type HandsetWindow } from './handset-script';

export type { HandsetState };

export interface Handset {
  context: BrowserContext;
  page: Page;
  /** Requests that tried to leave loopback. */
  outside: string[];
  uid: number;
  state(): Promise<HandsetState>;
  /** Outbound RTP of its publisher: packets sent per kind, video frames encoded. */
  sent(): Promise<{ audioPackets: number; videoFrames: number }>;
}

/** Signs `account` in as a handset and starts answering its commands. */
export async function openHandset(browser: Browser, baseURL: string, account: string): Promise<Handset> {
  const context = await browser.newContext();
  const outside = await guardLoopback(context);
  await installMediaProbes(context);
  const page = await context.newPage();
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    data: { entId: DEMO.entId, account, password: DEMO.password, platform: 'android', lng: 116.4, lat: 39.9 },
  });
  const login = (await res.json()) as { code: number; data: { auth_token: string; id: number } };
  expect(login.code).toBe(0);
  await page.route('**/__handset/janus.es.js', (r) => r.fulfill({ body: readFileSync(JANUS_JS, 'utf8'), contentType: 'text/javascript' }));
  await page.route('**/__handset/adapter.js', (r) => r.fulfill({ body: readFileSync(ADAPTER_JS, 'utf8'), contentType: 'text/javascript' }));
  // A page the server itself serves: Chromium's local network access checks block a page it does
  // not know the address of (a route-fulfilled one) from opening a socket to loopback.
  await page.goto(`${baseURL}/api/health`);
  await page.addScriptTag({ url: '/__handset/adapter.js' });
  await page.evaluate(runHandset, { token: login.data.auth_token, uid: login.data.id, entId: DEMO.entId });
  const now = () => page.evaluate(() => (window as unknown as HandsetWindow).handset.state());
  for (let i = 0; i < 100 && (await now()).socket === 'connecting'; i++) await page.waitForTimeout(100);
  const first = await now();
  if (first.socket !== 'open') throw new Error(`the handset's /ws2 did not open: ${JSON.stringify(first)}`);
  return {
    context,
    page,
    outside,
    uid: login.data.id,
    state: () => page.evaluate(() => (window as unknown as HandsetWindow).handset.state()),
    sent: () => page.evaluate(() => (window as unknown as HandsetWindow).handset.sent()),
  };
}
