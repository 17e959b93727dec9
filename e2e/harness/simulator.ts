// The device simulator (simulator/src/main.ts) as a child process of a test, against a test server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO } from './paths';

export interface Simulator {
  /** Everything it printed so far. */
  output: () => string;
  /** Types a line on its stdin ("sos member1", "status"). */
  send: (line: string) => void;
  stop: () => Promise<void>;
}

export interface SimulatorOptions {
  /** More command-line options (`--interval`, `--center`...). */
  args?: string[];
  /** Printed once it is ready; the default is the login of the one account. */
  ready?: RegExp;
  readyLimitMs?: number;
}

/** Drives `account` against `baseURL`; resolves once it is ready, or stops it and throws with its output. */
export async function startSimulator(baseURL: string, account: string, opts: SimulatorOptions = {}): Promise<Simulator> {
  const tsx = path.join(REPO, 'simulator', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/main.ts', '--url', baseURL, '--accounts', account, ...(opts.args ?? [])], {
    cwd: path.join(REPO, 'simulator'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (b: Buffer) => { log += b.toString(); });
  child.stderr?.on('data', (b: Buffer) => { log += b.toString(); });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const ready = opts.ready ?? /logged in 1\/1/;
  const deadline = Date.now() + (opts.readyLimitMs ?? 30_000);
  while (!ready.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the simulator did not get ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { output: () => log, send: (line) => child.stdin?.write(`${line}\n`), stop };
}
