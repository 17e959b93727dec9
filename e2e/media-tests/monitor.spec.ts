import { expect, type Page } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { openConsole, type Console } from './support/console';
import { openHandset, type Handset } from './support/handset-page';
import { attachLogsOnFailure, startMediaServer, type MediaServer } from './support/media-server';

// Issue 7, environment listen and monitor: dispatcher1 sends environment monitor (front camera)
// to member1's handset; an emulated handset (a page signed in as the device) publishes Chromium's
// fake camera and microphone into the device's VideoRoom session through /janus; the console's
// monitor dialog connects and plays real frames. Mute silences it, switch camera turns the
// handset's camera (it reports rear), Reconnect subscribes again, Stop ends it for both sides.
// Environment listen carries audio only. Server, Janus and Chromium run inside the namespace.

let server: MediaServer;

test.beforeAll(async () => {
  server = await startMediaServer();
});
test.afterAll(async () => {
  await server?.stop();
});
test.afterEach(async ({}, testInfo) => {
  await attachLogsOnFailure(testInfo, server);
});

interface Received {
  pcs: number;
  audioPackets: number;
  audioEnergy: number;
  framesDecoded: number;
}

/** Inbound stats of the peer connection that carries the monitor dialog's media (not the PTT room's). */
function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const el = document.querySelector<HTMLMediaElement>('[data-testid="monitor-video"], [data-testid="monitor-audio"]');
    const tracks = (el?.srcObject as MediaStream | null)?.getTracks() ?? [];
    const pcs = ((window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? []).filter((p) => p.signalingState !== 'closed');
    const out = { pcs: pcs.length, audioPackets: 0, audioEnergy: 0, framesDecoded: 0 };
    const pc = pcs.find((p) => p.getReceivers().some((r) => tracks.includes(r.track)));
    (await pc?.getStats())?.forEach((s: { type: string; kind?: string; packetsReceived?: number; totalAudioEnergy?: number; framesDecoded?: number }) => {
      if (s.type !== 'inbound-rtp') return;
      if (s.kind === 'audio') {
        out.audioPackets += s.packetsReceived ?? 0;
        out.audioEnergy += s.totalAudioEnergy ?? 0;
      }
      if (s.kind === 'video') out.framesDecoded += s.framesDecoded ?? 0;
    });
    return out;
  });
}

const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="monitor-video"]');
    const audio = (v?.srcObject as MediaStream | null)?.getAudioTracks()[0];
    return { width: v?.videoWidth ?? 0, time: v?.currentTime ?? 0, muted: v?.muted ?? null, audioEnabled: audio?.enabled ?? null };
  });

/** Selects member1 and opens the command bar for their handset. */
async function commandBar(c: Console) {
  const row = c.page.getByTestId('member-row').filter({ hasText: 'Member 1' });
  await row.getByRole('button', { name: /^Member 1/ }).click();
  const bar = c.page.getByRole('region', { name: 'Commands for Member 1' });
  await expect(bar).toContainText('Handset 01');
  return bar;
}

/** Frames keep arriving: decoded frames and the element's playback time both advance. */
async function playing(page: Page): Promise<void> {
  const before = await received(page);
  const t0 = (await video(page)).time;
  await expect.poll(async () => (await received(page)).framesDecoded - before.framesDecoded, { timeout: 10_000 }).toBeGreaterThan(10);
  await expect.poll(async () => (await video(page)).time, { timeout: 10_000 }).toBeGreaterThan(t0 + 0.5);
}

const figures: string[] = [];

test('environment monitor plays the handset camera: mute, switch camera, reconnect, fullscreen, stop', async ({ browser }) => {
  const handset: Handset = await openHandset(browser, server.baseURL, 'member1');
  const dispatcher = await openConsole(browser, server.baseURL, 'dispatcher1');
  const { page } = dispatcher;
  const bar = await commandBar(dispatcher);

  await bar.getByRole('button', { name: /Environment monitor/ }).click();
  const front = page.getByRole('menuitem', { name: 'Front camera' });
  await front.waitFor();
  const sentAt = Date.now();
  await front.click();
  const dialog = page.getByRole('dialog', { name: 'Environment monitor: Member 1' });
  const state = dialog.getByTestId('monitor-state');
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="monitor-video"]')?.videoWidth ?? 0) > 0, null, { timeout: 30_000, polling: 'raf' });
  const firstFrameMs = Date.now() - sentAt;
  await expect(state).toHaveAttribute('data-state', 'connected');
  figures.push(`monitor: command -> first frame ${firstFrameMs} ms`);
  await expect.poll(async () => (await handset.state()).status).toBe('publishing');
  expect(await handset.state()).toMatchObject({ kind: 'video', facing: 'front', roomId: expect.stringMatching(/^100001-4-\d+$/) });
  await expect(dialog.getByTestId('monitor-facing')).toHaveText('Front camera');
  expect((await video(page)).width).toBeGreaterThan(0);
  await playing(page);
  // The microphone comes with the picture.
  const a0 = await received(page);
  await expect.poll(async () => (await received(page)).audioPackets - a0.audioPackets).toBeGreaterThan(20);

  // Mute silences it here (element muted, audio track disabled); unmute brings it back.
  await dialog.getByRole('button', { name: 'Mute' }).click();
  expect(await video(page)).toMatchObject({ muted: true, audioEnabled: false });
  await dialog.getByRole('button', { name: 'Unmute' }).click();
  expect(await video(page)).toMatchObject({ muted: false, audioEnabled: true });

  // Fullscreen on the video's container, and back.
  await dialog.getByRole('button', { name: 'Fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('[data-testid="monitor-video"]')) === true)).toBe(true);
  await dialog.getByRole('button', { name: 'Exit fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  // Switch camera: the handset turns to its rear camera in the same room, frames keep coming.
  await dialog.getByRole('button', { name: 'Switch camera' }).click();
  await expect.poll(async () => (await handset.state()).facing).toBe('rear');
  await expect(dialog.getByTestId('monitor-facing')).toHaveText('Rear camera');
  expect((await handset.state()).commands).toEqual([0, 1]);
  await expect(bar.getByTestId('command-entry').first()).toContainText('rear');
  await playing(page);

  // Reconnect: a new subscription (a new peer connection) that plays again.
  const pcsBefore = await page.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length);
  const reconnectAt = Date.now();
  await dialog.getByRole('button', { name: 'Reconnect' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.length)).toBeGreaterThan(pcsBefore);
  await expect(state).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="monitor-video"]')?.videoWidth ?? 0) > 0, null, { timeout: 20_000, polling: 'raf' });
  figures.push(`monitor: reconnect -> first frame ${Date.now() - reconnectAt} ms`);
  await playing(page);

  // Stop ends it on both sides: the dialog closes, the handset's room is destroyed.
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await handset.state()).status).toBe('destroyed');

  expect(handset.outside).toEqual([]);
  expect(dispatcher.outside).toEqual([]);
  await handset.context.close();
  await dispatcher.context.close();
});

test('environment listen carries the handset microphone only', async ({ browser }) => {
  const handset = await openHandset(browser, server.baseURL, 'member1');
  const dispatcher = await openConsole(browser, server.baseURL, 'dispatcher1');
  const { page } = dispatcher;
  const bar = await commandBar(dispatcher);
  const sentAt = Date.now();
  await bar.getByRole('button', { name: 'Environment listen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Environment listen: Member 1' });
  await expect(dialog.getByTestId('monitor-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  figures.push(`listen: command -> connected ${Date.now() - sentAt} ms`);
  expect(await handset.state()).toMatchObject({ status: 'publishing', kind: 'audio', facing: null });
  await expect(dialog.getByTestId('monitor-video')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Switch camera' })).toHaveCount(0);

  const before = await received(page);
  await page.waitForTimeout(2_000);
  const after = await received(page);
  expect(after.audioPackets - before.audioPackets).toBeGreaterThan(50);
  expect(after.audioEnergy - before.audioEnergy).toBeGreaterThan(0);
  expect(after.framesDecoded).toBe(0);
  figures.push(`listen: ${after.audioPackets - before.audioPackets} audio packets and ${(after.audioEnergy - before.audioEnergy).toExponential(2)} energy in 2 s`);

  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await handset.state()).status).toBe('destroyed');
  expect(handset.outside).toEqual([]);
  expect(dispatcher.outside).toEqual([]);
  await handset.context.close();
  await dispatcher.context.close();
});

test.afterAll(() => {
  // The figures the report quotes.
  for (const f of figures) console.info(`[monitor] ${f}`);
});
