// Starts the real server (production build) on loopback with its own data folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HOST_DIST, REMOTE_NAMES, REPO, SERVER_MAIN, remoteDist } from './paths';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  remotesDir: string;
  output: () => string;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
  /** Stops the process only: the port stays reserved for `start` and the data stays on disk. */
  kill: () => Promise<void>;
  /** SIGKILLs the process at once (a crash); the port and data stay for `start`. */
  crash: () => Promise<void>;
  /** Starts the server again on the same port with the same data; resolves once it is healthy. */
  start: () => Promise<void>;
}

export interface StartOptions {
  /** Folder holding `<name>/dist` for each remote; defaults to the repo's remotes (read-only use). */
  remotesDir?: string;
  env?: Record<string, string>;
  /** Migrate and seed a new database instead of copying the run's template (harness/global-setup.ts). */
  freshData?: boolean;
}

/** Set by global-setup: a data folder migrated and seeded once, copied for each server. */
export const TEMPLATE_ENV = 'PTT_E2E_TEMPLATE_DATA';

const STARTUP_LIMIT_MS = 60_000;

/** A port nothing listens on right now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Copies every remote's build into a fresh folder a test may change freely. */
export function copyRemotes(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-remotes-'));
  for (const name of REMOTE_NAMES) cpSync(remoteDist(name), remoteDist(name, dir), { recursive: true });
  return dir;
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-e2e-data-'));
  // A copy opens in about 3 s where migrating and seeding a new database took 10-15 s, and the
  // suite starts some twenty servers.
  const template = process.env[TEMPLATE_ENV];
  if (!opts.freshData && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const remotesDir = opts.remotesDir ?? path.join(REPO, 'remotes');
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | null = null;

  const spawnServer = (): ChildProcess => {
    const c = spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        STATIC_DIR: HOST_DIST,
        REMOTES_DIR: remotesDir,
        DATABASE_URL: '',
        // Tiles from the server's own route: no test loads anything from the internet.
        MAP_TILES: 'offline',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout?.on('data', (b: Buffer) => { log += b.toString(); });
    c.stderr?.on('data', (b: Buffer) => { log += b.toString(); });
    return c;
  };

  const kill = async (): Promise<void> => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (c.exitCode === null) {
      c.kill('SIGKILL');
      await exited;
    }
  };

  // A crash: SIGKILL at once, nothing flushed or closed, like a power cut of the process.
  const crash = async (): Promise<void> => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };

  const stop = async (): Promise<void> => {
    await kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (opts.remotesDir) rmSync(opts.remotesDir, { recursive: true, force: true });
  };

  const start = async (): Promise<void> => {
    if (child) throw new Error('the server is already running');
    const c = spawnServer();
    child = c;
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (c.exitCode !== null) throw new Error(`server exited with ${c.exitCode}:\n${log}`);
      try {
        const res = await fetch(`${baseURL}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not become healthy within ${STARTUP_LIMIT_MS} ms:\n${log}`);
  };

  try {
    await start();
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, remotesDir, output: () => log, stop, kill, crash, start };
}
