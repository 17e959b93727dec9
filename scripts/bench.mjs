#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.mjs (each prints one JSON object on its last stdout
// line) and prints all figures as one JSON document.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './pnpm.mjs';

const dir = path.join(ROOT, 'bench');
const results = {};
let failed = false;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.mjs')).sort()) {
  const r = spawnSync(process.execPath, [path.join(dir, file)], { cwd: ROOT, encoding: 'utf8' });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    results[file.replace('.bench.mjs', '')] = JSON.parse(last);
  } catch {
    failed = true;
    results[file.replace('.bench.mjs', '')] = { error: `exit ${r.status}`, stderr: r.stderr.slice(-2000) };
  }
}
console.log(JSON.stringify({ machine: { node: process.version, cpus: (await import('node:os')).cpus().length }, results }, null, 2));
process.exit(failed ? 1 : 0);
