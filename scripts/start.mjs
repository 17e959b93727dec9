#!/usr/bin/env node
// `npm start`: bootstraps pnpm, installs, builds what changed, then runs the server on the
// embedded defaults (PGlite under .data/, demo organisation) serving the host and every remote.
// Once the server listens, simulated handsets (member1-6 of the demo organisation) join it;
// SIMULATE=0 leaves them out.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, pnpm } from './pnpm.mjs';

const STAMP = path.join(ROOT, '.tmp', 'build-stamp');
const SOURCE_DIRS = ['host', 'remotes', 'shared', 'server', 'simulator', 'tools'];

function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (process.argv.includes('--build')) return true;
  if (!existsSync(STAMP)) return true;
  const stamp = statSync(STAMP).mtimeMs;
  return SOURCE_DIRS.some((d) => newestSourceMtime(path.join(ROOT, d)) > stamp);
}

if (pnpm(['install', '--prefer-offline']) !== 0) process.exit(1);
if (needsBuild()) {
  console.info('Building the host, the remotes and the server (first run takes a few minutes)...');
  if (pnpm(['-r', '--workspace-concurrency=2', 'run', 'build']) !== 0) process.exit(1);
  // .tmp/ is not in a fresh clone: only `npm test` made it before.
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
} else {
  console.info('Build is up to date (pass --build to force one).');
}

// PTT audio needs Janus (ADR 010): the server starts Debian's janus itself when it is installed,
// unless the environment already chose a Janus (JANUS_URL) or said no (JANUS_AUTOSTART=false).
const janusBin = process.env.JANUS_BIN ?? '/usr/bin/janus';
const media = {};
if (process.env.JANUS_AUTOSTART === undefined && !process.env.JANUS_URL) {
  if (existsSync(janusBin)) media.JANUS_AUTOSTART = 'true';
  else console.warn(`Janus is not installed (${janusBin}): PTT audio is off. On Debian: apt-get install janus janus-tools`);
}
const server = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.cjs')], {
  cwd: ROOT,
  // stdout is read for the "listening on" line, and passed through unchanged.
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { NODE_ENV: 'production', ...media, ...process.env },
  // Its own process group: Ctrl-C reaches it once, through the forwarding below, not twice (a
  // second signal makes the server exit at once, without closing the database cleanly).
  detached: true,
});
// The demo handsets need the demo organisation; without its seed their logins would only fail.
const simulate = process.env.SIMULATE !== '0' && !/^(false|0|no)$/i.test(process.env.SEED_DEMO ?? '');
// With media the handsets answer calls and show listen and monitor working (ADR 013): it takes a
// Janus, a Chromium to carry their media, and a network interface for ICE (Janus never uses
// loopback); SIMULATE_MEDIA=0 leaves it out.
const simulateMedia = simulate && mediaForHandsets();

function mediaForHandsets() {
  if (process.env.SIMULATE_MEDIA === '0') return false;
  const janus = media.JANUS_AUTOSTART === 'true' || /^(true|1)$/i.test(process.env.JANUS_AUTOSTART ?? '') || Boolean(process.env.JANUS_URL);
  const chromium = [process.env.SIM_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((f) => f && existsSync(f));
  const nic = Object.values(os.networkInterfaces()).some((list) => (list ?? []).some((a) => !a.internal && a.family === 'IPv4'));
  const why = !janus ? 'no Janus' : !chromium ? 'Chromium is not installed (apt-get install chromium)' : !nic ? 'no network interface is up (Janus does not use loopback for media)' : null;
  if (why) console.warn(`Simulated handsets without media (${why}): they decline calls as busy, and listen and monitor fail.`);
  return why === null;
}
let simulator = null;
let seen = '';
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!simulate || simulator) return;
  seen = (seen + chunk.toString()).slice(-2000);
  const m = /listening on (http:\/\/\S+?)\/?\s/.exec(seen);
  if (m) simulator = startSimulator(m[1].replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:'));
});

function startSimulator(url) {
  console.info(`Starting simulated handsets member1-6 against ${url}${simulateMedia ? ' with media' : ''} (SIMULATE=0 turns them off, SIMULATE_MEDIA=0 their media)...`);
  const args = ['--demo', '--url', url, '--status-every', '60000', ...(simulateMedia ? ['--media'] : [])];
  const child = spawn(process.execPath, [path.join(ROOT, 'simulator', 'dist', 'main.cjs'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (code && !signal) console.warn(`The device simulator stopped (exit code ${code}); the server keeps running.`);
  });
  return child;
}

// npm passes a Ctrl-C on to this script as well as the terminal: the same press can arrive twice
// within a moment. Only a second press later on is passed on (the server then exits at once).
let lastForward = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (Date.now() - lastForward < 1000) return;
    lastForward = Date.now();
    simulator?.kill(sig);
    server.kill(sig);
  });
}
// Whatever ends this script ends the children too (they are in their own groups).
process.on('exit', () => {
  simulator?.kill('SIGTERM');
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('exit', (code) => {
  simulator?.kill('SIGTERM');
  process.exit(code ?? 0);
});
