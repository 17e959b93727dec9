// Starts a throw-away PostgreSQL from the machine's own binaries: initdb into a temp folder,
// postgres on a free loopback port with its socket in that folder. CI installs postgresql;
// when the binaries are missing the suite FAILS with a message rather than skipping.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

const STARTUP_LIMIT_MS = 30_000;
const STOP_LIMIT_MS = 10_000;

export interface PgServer {
  /** Superuser URL of the `postgres` database, e.g. postgres://postgres@127.0.0.1:5999/postgres */
  url: string;
  /** URL of another database on the same server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/** Debian's versioned folders first (newest wins), then PATH. */
export function findPgBinaries(): { initdb: string; postgres: string } {
  const candidates: string[] = [];
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debianRoot, v, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of candidates) {
    const initdb = path.join(dir, 'initdb');
    const postgres = path.join(dir, 'postgres');
    if (existsSync(initdb) && existsSync(postgres)) return { initdb: realpathSync(initdb), postgres: realpathSync(postgres) };
  }
  throw new Error(
    'PostgreSQL binaries (initdb, postgres) not found in /usr/lib/postgresql/*/bin or on PATH. ' +
      'The integration tests run on PostgreSQL as well as PGlite; install them with `apt-get install postgresql`.',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** initdb and postgres refuse to run as root: as root we run them as `postgres` (or `nobody`). */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    if (r.status !== 0) continue;
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    return { user, uid: Number(r.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root, but neither a `postgres` nor a `nobody` user exists to run PostgreSQL');
}

function command(bin: string, args: string[], as: { user: string } | null): [string, string[]] {
  return as ? ['runuser', ['-u', as.user, '--', bin, ...args]] : [bin, args];
}

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${log()}`);
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`postgres did not accept connections within ${STARTUP_LIMIT_MS} ms:\n${log()}`);
}

export interface PgOptions {
  /**
   * fsync, synchronous commits and full-page writes on (PostgreSQL's defaults), for a cluster that
   * is killed and restarted with its data: the fault tests. Off otherwise (one test run's cluster).
   */
  durable?: boolean;
}

export interface DurablePgServer extends PgServer {
  /** Ends the postmaster with the signal (SIGKILL: a crash; SIGINT: fast shutdown); keeps the data. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data folder, resolving once it accepts connections. */
  restart(): Promise<void>;
}

export async function startPostgres(): Promise<PgServer>;
export async function startPostgres(opts: PgOptions & { durable: true }): Promise<DurablePgServer>;
export async function startPostgres(opts: PgOptions = {}): Promise<DurablePgServer> {
  const bins = findPgBinaries();
  const as = runAs();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ptt-pg-'));
  const dataDir = path.join(tmp, 'data');
  if (as) chownTree(tmp, as.uid, as.gid);

  const [initCmd, initArgs] = command(
    bins.initdb,
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', ...(opts.durable ? [] : ['--no-sync'])],
    as,
  );
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`initdb failed (${bins.initdb}):\n${init.stdout}\n${init.stderr}`);
  }

  const port = await freePort();
  // Durability settings off unless asked for: such a cluster lives for one test run.
  const durability = opts.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const [pgCmd, pgArgs] = command(
    bins.postgres,
    ['-D', dataDir, '-p', String(port), '-k', tmp, '-c', 'listen_addresses=127.0.0.1', ...durability, '-c', 'max_connections=100'],
    as,
  );
  let output = '';
  let child: ChildProcess;
  const launch = (): void => {
    child = spawn(pgCmd, pgArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  };
  launch();

  const postmasterPid = (): number | null => {
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : null;
    } catch {
      return null;
    }
  };
  // If the test process dies without teardown, do not leave a postgres behind.
  const killOnExit = (): void => {
    const pid = postmasterPid();
    if (pid) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killOnExit);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Signal the postmaster itself (runuser may not forward signals); SIGINT = fast shutdown.
  const kill = async (signal: NodeJS.Signals = 'SIGINT'): Promise<void> => {
    const pid = postmasterPid();
    if (pid) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      const limit = new Promise((r) => setTimeout(r, STOP_LIMIT_MS).unref());
      await Promise.race([exited, limit]);
      if (child.exitCode === null && child.signalCode === null) {
        if (pid) process.kill(pid, 'SIGKILL');
        child.kill('SIGKILL');
      }
    }
    // After a SIGKILL the postmaster's children notice on their own; wait until none holds the folder.
    const deadline = Date.now() + STOP_LIMIT_MS;
    while (spawnSync('fuser', [dataDir], { encoding: 'utf8' }).stdout.trim() !== '' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    await kill('SIGINT');
    rmSync(tmp, { recursive: true, force: true });
  };
  const restart = async (): Promise<void> => {
    launch();
    await waitUntilReady(url, child, () => output);
  };

  try {
    await waitUntilReady(url, child!, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, urlFor: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`, stop, kill, restart };
}
