#!/usr/bin/env node
// Build time and type safety of the two TypeScript loaders (issue 16, ADR 017): swc-loader (with
// and without fork-ts-checker beside it) against ts-loader with full type checking, for the host
// and the dispatch remote, in a fresh clone of HEAD. Each build runs twice: webpack keeps no
// cache between runs here, so the first ("cold") and second ("warm") differ only by the OS file
// cache and Node's compile cache. A third build per variant has a type error added to src/index.ts
// and records whether the build fails on it. Prints one JSON object on its last line.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, round } from './lib.mjs';

const APPS = ['host', 'remotes/dispatch'];
const VARIANTS = {
  swc: { PTT_BUILD_TYPECHECK: '0' },
  'swc+fork-ts-checker': {},
  'ts-loader': { PTT_TS_LOADER: 'ts' },
};
const PROBE = "\nexport const typeErrorProbe: number = 'not a number';\n";

function run(cmd, args, cwd, env = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ok: r.status === 0, ms, out: `${r.stdout}\n${r.stderr}` };
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-loaders-'));
try {
  const clone = run('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir], ROOT);
  if (!clone.ok) throw new Error(clone.out);
  const install = run(process.execPath, [path.join(dir, 'scripts', 'pnpm.mjs'), 'install', '--frozen-lockfile', '--prefer-offline'], dir);
  if (!install.ok) throw new Error(install.out.slice(-2000));
  const webpack = path.join(dir, 'tools', 'webpack-config', 'bin', 'webpack.cjs');
  const results = {};
  for (const app of APPS) {
    const cwd = path.join(dir, app);
    const index = path.join(cwd, 'src', 'index.ts');
    const original = readFileSync(index, 'utf8');
    results[app] = {};
    for (const [variant, env] of Object.entries(VARIANTS)) {
      const cold = run(process.execPath, [webpack, '--mode', 'production'], cwd, env);
      const warm = run(process.execPath, [webpack, '--mode', 'production'], cwd, env);
      if (!cold.ok || !warm.ok) throw new Error(`${app} ${variant} failed:\n${(cold.ok ? warm : cold).out.slice(-3000)}`);
      appendFileSync(index, PROBE);
      const probe = run(process.execPath, [webpack, '--mode', 'production'], cwd, env);
      rmSync(index);
      appendFileSync(index, original);
      results[app][variant] = {
        coldMs: round(cold.ms),
        warmMs: round(warm.ms),
        typeErrorFailsBuild: !probe.ok,
        typeErrorReported: /TS2322/.test(probe.out),
      };
    }
  }
  console.log(JSON.stringify({ cpus: os.cpus().length, loadavg: os.loadavg().map(round), results }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
