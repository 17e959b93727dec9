#!/usr/bin/env node
// `npm run dev [remote ...]`: the server in watch mode, the host's dev server on :3000 and a dev
// server for each named remote; the other remotes are served from their last build.
//   npm run dev -- dispatch records
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, pnpmCommand } from './pnpm.mjs';

const REMOTE_PORTS = { dispatch: 3001, management: 3002, fences: 3003, records: 3004, patrol: 3005, screen: 3006, sos: 3007 };
const chosen = process.argv.slice(2).filter((r) => r in REMOTE_PORTS);
const unknown = process.argv.slice(2).filter((r) => !(r in REMOTE_PORTS));
if (unknown.length) {
  console.error(`unknown remote(s): ${unknown.join(', ')}; choose from ${Object.keys(REMOTE_PORTS).join(', ')}`);
  process.exit(2);
}

const remoteUrls = Object.fromEntries(chosen.map((r) => [
  `REMOTE_${r.toUpperCase()}_URL`, `http://localhost:${REMOTE_PORTS[r]}/mf-manifest.json`,
]));
const { cmd, args } = pnpmCommand();
const children = [];
const run = (filter, script, env = {}) => {
  const child = spawn(cmd, [...args, '--filter', filter, 'run', script], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env },
  });
  children.push(child);
};

run('@ptt/server', 'dev', { ...remoteUrls, STATIC_DIR: path.join(ROOT, 'host', 'dist') });
run('@ptt/host', 'dev');
for (const r of chosen) run(`@ptt/remote-${r}`, 'dev');
console.info(`Console (dev): http://localhost:3000  API: http://localhost:8080  live remotes: ${chosen.join(', ') || 'none'}`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { for (const c of children) c.kill(sig); process.exit(0); });
