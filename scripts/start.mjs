#!/usr/bin/env node
// `npm start`: bootstraps pnpm, installs, builds what changed, then runs the server on the
// embedded defaults (PGlite under .data/, demo organisation) serving the host and every remote.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, pnpm } from './pnpm.mjs';

const STAMP = path.join(ROOT, '.tmp', 'build-stamp');
const SOURCE_DIRS = ['host', 'remotes', 'shared', 'server', 'tools'];

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
  writeFileSync(STAMP, new Date().toISOString());
} else {
  console.info('Build is up to date (pass --build to force one).');
}

const server = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'main.cjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
