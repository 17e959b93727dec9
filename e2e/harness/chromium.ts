import { existsSync } from 'node:fs';

// Debian's Chromium: Playwright cannot download a browser here. Its headless shell (Debian package
// chromium-headless-shell, the same build without the browser's UI) is what Playwright itself runs
// for headless tests: the shell.spec took 1.6 min with it against 2.2 min with the full browser,
// and 51 s of CPU against 91 s (ADR 017 addendum). The full browser is the fallback.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser, for what the shell does not model (a blocked microphone permission). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
