import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: tests that rebuild a remote or start their own server are heavy.
  workers: 1,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(__dirname, 'test-results', 'report.json') }],
  ],
  globalSetup: './harness/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace of every test costs about a sixth of the suite's time on two cores (shell.spec
    // 3.0 -> 2.5 min); `npm test` turns it off (CI keeps no test-results), PTT_E2E_TRACE=retain-on-failure turns it on.
    trace: (process.env.PTT_E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
