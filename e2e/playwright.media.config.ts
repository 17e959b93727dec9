import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_PATH } from './harness/chromium';
import { MEDIA_CHROMIUM_ARGS } from './harness/media';

// Media tests (issue 7): server, Janus and Chromium inside the network namespace of
// scripts/netns.mjs. Run from e2e/: node ../scripts/netns.mjs -- npx playwright test -c playwright.media.config.ts
// (docs/testing-media.md). Not part of playwright.config.ts, whose testDir is ./tests.
export default defineConfig({
  testDir: './media-tests',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Each test runs Janus, a server and two or more Chromiums on two shared cores.
  workers: 1,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(__dirname, 'test-results', 'media-report.json') }],
  ],
  globalSetup: './media-tests/global-setup.ts',
  outputDir: path.join(__dirname, 'test-results', 'media'),
  use: {
    browserName: 'chromium',
    // The default page has the media flags and the fake microphone's beep; a spec that needs
    // another fake-audio file launches a browser for that role (launchMediaBrowser).
    launchOptions: { executablePath: CHROMIUM_PATH, args: MEDIA_CHROMIUM_ARGS },
    trace: (process.env.PTT_E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
