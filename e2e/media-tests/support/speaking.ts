// What the audio specs share: a media server and a browser whose fake microphone "speaks" for the
// whole file, and how loud "heard" and "silent" are at a listener.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { energyRate, launchMediaBrowser } from '../../harness/media';
import { writeSyllablesWav } from '../../harness/wav';
import type { StartOptions } from '../../harness/server';
import { attachLogsOnFailure, startMediaServer, type MediaServer } from './media-server';

// Energy per second at the listener. Chromium's fake capture arrives at about 3e-3 while the
// talker is unmuted in the mixer; a muted mixer sends silence (about 1e-9).
export const HEARD = 1e-4;
export const SILENT = 1e-5;

/** Polls the page's received audio energy (half-second windows) until the matcher holds. */
export const audioAt = (page: Page) => expect.poll(() => energyRate(page, 500), { intervals: [0], timeout: 10_000 });

export interface SpeakingSuite {
  server: MediaServer;
  /** Its pages' microphone is a looped speech-like WAV. */
  speaker: Browser;
}

/**
 * Registers the hooks of the file (or of the describe block it is called in): one server with
 * its Janus (started with `server`, e.g. another PTT_MEDIA) and one speaking browser, logs kept on failure.
 */
export function speakingSuite(server: StartOptions = {}): SpeakingSuite {
  const suite = {} as SpeakingSuite;
  test.beforeAll(async () => {
    suite.server = await startMediaServer(server);
    suite.speaker = await launchMediaBrowser({ fakeAudioFile: writeSyllablesWav({ seconds: 6 }) });
  });
  test.afterAll(async () => {
    await suite.speaker?.close();
    await suite.server?.stop();
  });
  test.afterEach(async ({}, testInfo) => {
    await attachLogsOnFailure(testInfo, suite.server);
  });
  return suite;
}
