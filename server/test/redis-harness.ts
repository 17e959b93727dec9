// Starts a throw-away Redis from the machine's own redis-server on a free loopback port, with no
// persistence, in a temp folder. CI installs redis-server (.ci/run); when it is missing the
// suites that need it FAIL with a message rather than skip. Suites start their own: it takes
// milliseconds, so it stays out of global-setup.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const STARTUP_LIMIT_MS = 15_000;
const STOP_LIMIT_MS = 5_000;

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the process (SIGKILL, like a crash, when `crash`); the folder and port stay for restart(). */
  kill(crash?: boolean): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function findRedisServer(): string {
  for (const dir of ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean)]) {
    const bin = path.join(dir, 'redis-server');
    if (existsSync(bin)) return bin;
  }
  throw new Error('redis-server not found in /usr/bin or on PATH; install it with `apt-get install redis-server`.');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One PING over a raw socket: true when the server answers PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (b: Buffer) => {
      answer += b.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ptt-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = '';

  const killOnExit = (): void => {
    child?.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const launch = async (): Promise<void> => {
    output = '';
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    proc.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    const deadline = Date.now() + STARTUP_LIMIT_MS;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode}:\n${output}`);
      if (await ping(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer PING within ${STARTUP_LIMIT_MS} ms:\n${output}`);
  };

  const kill = async (crash = false): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(crash ? 'SIGKILL' : 'SIGTERM');
    const limit = new Promise((r) => setTimeout(r, STOP_LIMIT_MS).unref());
    await Promise.race([exited, limit]);
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGKILL');
      await exited;
    }
  };

  try {
    await launch();
  } catch (err) {
    await kill(true);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: async () => {
      await kill();
      await launch();
    },
    stop: async () => {
      await kill();
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
