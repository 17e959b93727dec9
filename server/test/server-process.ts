import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The real server process (src/main.ts through tsx), as `npm start` runs it.
const TSX_REGISTER = ['--require', require.resolve('tsx/cjs')];
const MAIN = path.join(__dirname, '..', 'src', 'main.ts');
export const START_LIMIT_MS = 120_000;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  log: () => string;
}

/** Starts the server and resolves once it prints its "listening on" line. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...TSX_REGISTER, MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), START_LIMIT_MS);
    const onData = (b: Buffer) => {
      log += b.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, baseUrl: m[1]!, log: () => log });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
}

/** Sends the signal and waits for the process to end. */
export async function stopServerProcess(s: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill(signal);
  await exited;
}
