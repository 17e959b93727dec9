// The media set-up itself, without the product: inside the namespace, a Janus of the test's own
// with one AudioBridge room, two Chromium pages on raw janus.js. The talker's fake microphone plays
// a tone WAV; the listener's received energy rises, and falls once the talker mutes itself.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { energyRate, inboundAudio, installMediaProbes, launchMediaBrowser } from '../harness/media';
import { writeToneWav } from '../harness/wav';
import { startJanus, type RunningJanus } from './support/janus';
import { joinAudioBridge, setMuted, startJanusPageServer, type JanusPageServer } from './support/janus-page';

const ROOM = 'smoke';
const WINDOW_MS = 2000;

let janus: RunningJanus | undefined;
let pages: JanusPageServer | undefined;
let talkerBrowser: Browser | undefined;
let wav = '';

test.afterEach(async () => {
  await talkerBrowser?.close();
  await pages?.close();
  await janus?.stop();
  if (wav) rmSync(path.dirname(wav), { recursive: true, force: true });
});

test('a tone sent through an AudioBridge room is heard, and not once the talker mutes', async ({ page: listener }, testInfo) => {
  janus = await startJanus();
  await janus.createRoom(ROOM, { prebuffering: 2 });
  pages = await startJanusPageServer(janus.url);
  wav = writeToneWav({ freqHz: 440, seconds: 5, amplitude: 0.5 });
  talkerBrowser = await launchMediaBrowser({ fakeAudioFile: wav });
  const talker = await talkerBrowser.newPage();

  await installMediaProbes(listener);
  await joinAudioBridge(listener, pages, { room: ROOM, display: 'listener', muted: true });
  await joinAudioBridge(talker, pages, { room: ROOM, display: 'talker', muted: false });

  // ICE went over the namespace's veth pair: the only non-loopback addresses there are.
  expect(await selectedLocalAddress(listener)).toMatch(/^10\.77\.0\.[12]$/);
  // Media flows: the listener receives packets (the mixer sends even silence) and energy rises.
  await expect.poll(async () => (await inboundAudio(listener)).packetsReceived).toBeGreaterThan(50);
  await expect.poll(() => energyRate(listener, 500), { intervals: [0] }).toBeGreaterThan(0.01);
  const heard = await energyRate(listener, WINDOW_MS);

  await setMuted(talker, true);
  await expect.poll(() => energyRate(listener, 500), { intervals: [0] }).toBeLessThan(heard / 20);
  const packetsBefore = (await inboundAudio(listener)).packetsReceived;
  const muted = await energyRate(listener, WINDOW_MS);
  const packetsAfter = (await inboundAudio(listener)).packetsReceived;

  const figures = {
    netnsSetupMs: Number(process.env.PTT_NETNS_SETUP_MS ?? NaN),
    janusStartMs: janus.startMs,
    heardEnergyPerSecond: heard,
    mutedEnergyPerSecond: muted,
    packetsPerSecondWhileMuted: ((packetsAfter - packetsBefore) * 1000) / WINDOW_MS,
  };
  console.info(`[media smoke] ${JSON.stringify(figures)}`);
  await testInfo.attach('figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  expect(heard).toBeGreaterThan(0.01);
  expect(muted).toBeLessThan(heard / 20);
});

/** The local address of the listener's selected ICE candidate pair. */
async function selectedLocalAddress(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    for (const pc of pcs) {
      const stats = [...(await pc.getStats()).values()] as { type: string; id: string; selectedCandidatePairId?: string; localCandidateId?: string; address?: string }[];
      const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
      const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
      const local = stats.find((s) => s.id === pair?.localCandidateId);
      if (local?.address) return local.address;
    }
    return undefined;
  });
}
