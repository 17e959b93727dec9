import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The headless Chromium that carries the simulated handsets' media (Debian's `chromium`).

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `explicit`, else SIM_CHROMIUM, else the first installed of the usual places; null when none. */
export function findChromium(explicit?: string | null, env: NodeJS.ProcessEnv = process.env): string | null {
  const wanted = explicit || env.SIM_CHROMIUM;
  if (wanted) return executable(wanted) ? wanted : null;
  return CANDIDATES.find(executable) ?? null;
}

/**
 * Headless, quiet and local: no sandbox only when running as root (Chromium refuses otherwise),
 * nothing fetched in the background, no sound on the machine's speakers (the handsets hear calls
 * but nobody needs to), autoplay for the test tones, and real host addresses as ICE candidates
 * instead of mDNS names, which Janus would have to resolve on the network.
 */
export function chromiumArgs(userDataDir: string, url: string, isRoot = process.getuid?.() === 0): string[] {
  return [
    '--headless=new',
    ...(isRoot ? ['--no-sandbox'] : []),
    `--user-data-dir=${userDataDir}`,
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-sync',
    '--disable-breakpad',
    '--disable-domain-reliability',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--no-pings',
    '--metrics-recording-only',
    '--mute-audio',
    '--autoplay-policy=no-user-gesture-required',
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-features=WebRtcHideLocalIpsWithMdns,MediaRouter,OptimizationHints,Translate',
    url,
  ];
}

export interface RunningChromium {
  process: ChildProcess;
  /** Everything it printed lately (for error messages). */
  output(): string;
  close(): Promise<void>;
}

/** Starts Chromium on `url` in a profile folder of its own (removed at close). */
export function launchChromium(bin: string, url: string, onExit: (code: number | null, signal: NodeJS.Signals | null) => void): RunningChromium {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'ptt-sim-chromium-'));
  // Its own process group: closing ends the browser and every helper process it started.
  const child = spawn(bin, chromiumArgs(profile, url), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let closing = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    rmSync(profile, { recursive: true, force: true });
    if (!closing) onExit(code, signal);
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // Whatever ends the simulator ends its browser too (a normal exit, or process.exit on a signal).
  const onProcessExit = () => group('SIGKILL');
  process.once('exit', onProcessExit);
  child.once('exit', () => process.off('exit', onProcessExit));
  return {
    process: child,
    output: () => out,
    async close() {
      closing = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      group('SIGTERM');
      const timer = setTimeout(() => group('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
