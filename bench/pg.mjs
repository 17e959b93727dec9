// A throw-away PostgreSQL for benchmarks, the same way server/test/pg-harness.ts starts one for
// the tests: the machine's own initdb and postgres (Debian's versioned folders first, then PATH),
// a temp folder, a free loopback port, the socket inside the temp folder, durability off. As root
// both run as `postgres` (or `nobody`) through runuser.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort } from './lib.mjs';

export const pg = createRequire(path.join(ROOT, 'server', 'package.json'))('pg');

function findPgBinaries() {
  const dirs = [];
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    dirs.push(...readdirSync(debianRoot).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
      .map((v) => path.join(debianRoot, v, 'bin')));
  }
  dirs.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of dirs) {
    const initdb = path.join(dir, 'initdb');
    const postgres = path.join(dir, 'postgres');
    if (existsSync(initdb) && existsSync(postgres)) return { initdb: realpathSync(initdb), postgres: realpathSync(postgres) };
  }
  throw new Error('PostgreSQL binaries (initdb, postgres) not found in /usr/lib/postgresql/*/bin or on PATH (apt-get install postgresql).');
}

function runAs() {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    if (uid.status !== 0) continue;
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    return { user, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root, but neither a `postgres` nor a `nobody` user exists to run PostgreSQL');
}

const command = (bin, args, as) => (as ? ['runuser', ['-u', as.user, '--', bin, ...args]] : [bin, args]);

function chownTree(dir, uid, gid) {
  chownSync(dir, uid, gid);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

/** Starts PostgreSQL; `extraSettings` are `-c name=value` pairs. Resolves to { url, urlFor, dataDir, stop }. */
export async function startPostgres(extraSettings = {}) {
  const bins = findPgBinaries();
  const as = runAs();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ptt-bench-pg-'));
  const dataDir = path.join(tmp, 'data');
  if (as) chownTree(tmp, as.uid, as.gid);
  const [initCmd, initArgs] = command(bins.initdb,
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], as);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`initdb failed (${bins.initdb}):\n${init.stdout}\n${init.stderr}`);
  }
  const port = await freePort();
  const settings = { listen_addresses: '127.0.0.1', fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '100', ...extraSettings };
  const [pgCmd, pgArgs] = command(bins.postgres,
    ['-D', dataDir, '-p', String(port), '-k', tmp, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])], as);
  let output = '';
  const child = spawn(pgCmd, pgArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (b) => { output = (output + b).slice(-8000); });
  child.stderr.on('data', (b) => { output = (output + b).slice(-8000); });

  const postmasterPid = () => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch { return null; }
  };
  const killOnExit = () => { const pid = postmasterPid(); if (pid) try { process.kill(pid, 'SIGQUIT'); } catch { /* gone */ } };
  process.once('exit', killOnExit);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    const pid = postmasterPid();
    if (pid) try { process.kill(pid, 'SIGINT'); } catch { /* gone */ }
    if (child.exitCode === null) {
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000).unref())]);
      if (child.exitCode === null) {
        if (pid) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
        child.kill('SIGKILL');
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`postgres did not start:\n${output}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, urlFor: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`, version: bins.postgres, dataDir, stop };
}
