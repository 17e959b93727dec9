import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { WebSocket } from 'ws';
import { locationPoints, parseWs2Frame, type Ws2Frame } from '@ptt/contracts';
import { ws2Url } from '../src/api';

// The real server in its own process (PGlite in a temp folder, demo seed) and a dispatcher's
// socket that records frames: what the simulator's integration tests drive the devices against.

export const TSX_REGISTER = ['--require', require.resolve('tsx/cjs')];
export const SERVER_MAIN = path.join(__dirname, '..', '..', 'server', 'src', 'main.ts');
export const ENT = 100001;
export const WAIT_MS = 30_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...TSX_REGISTER, SERVER_MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      log += b.toString();
      if (/listening on http:\/\/127\.0\.0\.1:\d+\//.test(log)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A dispatcher's socket that records frames and waits for a condition on them. */
export class Watcher {
  readonly frames: Ws2Frame[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const f = parseWs2Frame(data.toString('utf8'));
      if (f) this.frames.push(f);
    });
  }

  static async open(url: string, token: string): Promise<Watcher> {
    const ws = new WebSocket(ws2Url(url, token));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Watcher(ws);
  }

  async until(test: (frames: Ws2Frame[]) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!test(this.frames)) {
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  uidsWithPositions(): Set<number> {
    return new Set(this.frames.flatMap((f) => locationPoints(f.t, f.data)).map((p) => p.uid));
  }

  close(): void {
    this.ws.close();
  }
}

/** Waits until `test` holds, running `step` (a poll of the server) before each look. */
export async function until(test: () => boolean, what: string, step?: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    await step?.();
    if (test()) return;
    if (Date.now() > deadline) throw new Error(`not ${what} within ${WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
