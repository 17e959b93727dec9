#!/usr/bin/env node
// Runs pnpm however this machine can: a pnpm on PATH, corepack (which needs
// COREPACK_INTEGRITY_KEYS=0 where it cannot verify registry signatures), or npx.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'))
  .packageManager.split('@')[1];

const env = { ...process.env, COREPACK_INTEGRITY_KEYS: '0', COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' };

function works(cmd, args) {
  const r = spawnSync(cmd, [...args, '--version'], { env, cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === PNPM_VERSION;
}

let resolved;
/** The command (and leading args) that runs our pinned pnpm. */
export function pnpmCommand() {
  if (resolved) return resolved;
  const candidates = [['pnpm', []], ['corepack', ['pnpm']], ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]]];
  for (const [cmd, args] of candidates) {
    if (works(cmd, args)) return (resolved = { cmd, args });
  }
  throw new Error(`could not run pnpm ${PNPM_VERSION} through pnpm, corepack or npx`);
}

/** Runs pnpm with the given args in the repo root; returns the exit status. */
export function pnpm(args, opts = {}) {
  const { cmd, args: pre } = pnpmCommand();
  const r = spawnSync(cmd, [...pre, ...args], { stdio: 'inherit', env, cwd: ROOT, ...opts });
  return r.status ?? 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exit(pnpm(process.argv.slice(2)));
}
