import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { writeJanusConfig, type JanusSetup } from './janus-config';
import type { Logger } from '../logger';

// JANUS_AUTOSTART: the server runs Janus as its child from a generated configuration, waits until
// its HTTP API answers, restarts it when it dies and stops it when the server stops.

export interface JanusProcessOptions {
  janusBin: string;
  /** `<DATA_DIR>/janus`: configuration, log file and pid file. */
  folder: string;
  log: Logger;
  /** How long Janus may take to answer `info` after a start (default 20 s). */
  startLimitMs?: number;
  /** SIGTERM, then SIGKILL after this long (default 5 s). */
  stopLimitMs?: number;
  /** First delay before a restart after Janus died; doubles while it keeps dying (default 1 s). */
  restartDelayMs?: number;
}

const PORT_ATTEMPTS = 3;
const RESTART_DELAY_MAX_MS = 30_000;
// A Janus that ran this long before dying counts as healthy again: the restart delay starts over.
const HEALTHY_RUN_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answersInfo(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1_000) });
    return res.ok && ((await res.json()) as { janus?: unknown }).janus === 'server_info';
  } catch {
    return false;
  }
}

export class JanusProcess {
  private child: ChildProcess | null = null;
  private setup!: JanusSetup;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private restartDelayMs: number;
  private startedAt = 0;
  private readonly restartListeners: (() => void)[] = [];
  private readonly killOnExit = () => this.child?.kill('SIGKILL');
  /** How long the last start took, from spawn to the first `info` answer. */
  startMs = 0;
  restarts = 0;

  private constructor(private readonly opts: JanusProcessOptions) {
    this.restartDelayMs = opts.restartDelayMs ?? 1_000;
  }

  static async start(opts: JanusProcessOptions): Promise<JanusProcess> {
    try {
      accessSync(opts.janusBin, constants.X_OK);
    } catch {
      throw new Error(`JANUS_BIN ${opts.janusBin} is not an executable file: install the Debian package janus or set JANUS_BIN`);
    }
    mkdirSync(opts.folder, { recursive: true, mode: 0o700 });
    const p = new JanusProcess(opts);
    await p.killLeftover();
    await p.launch();
    process.once('exit', p.killOnExit);
    return p;
  }

  get url(): string {
    return this.setup.url;
  }
  get apiSecret(): string {
    return this.setup.apiSecret;
  }
  get adminKey(): string {
    return this.setup.adminKey;
  }
  get logFile(): string {
    return this.setup.logFile;
  }
  get rtpPortRange(): string {
    return this.setup.rtpPortRange;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Called after Janus came back from a crash: its rooms and sessions are gone. */
  onRestart(listener: () => void): void {
    this.restartListeners.push(listener);
  }

  private get pidFile(): string {
    return path.join(this.opts.folder, 'janus.pid');
  }

  /** A server killed with SIGKILL leaves its Janus running: stop it before starting ours. */
  private async killLeftover(): Promise<void> {
    if (!existsSync(this.pidFile)) return;
    const pid = Number(readFileSync(this.pidFile, 'utf8'));
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return;
    }
    if (!cmdline.includes(path.join(this.opts.folder, 'config'))) return;
    this.opts.log.warn({ pid }, 'stopping the Janus a previous server left running');
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await sleep(20);
  }

  private async launch(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      // The same secrets across restarts: the server's client and the rooms' secrets stay valid.
      const keep = this.setup ? { apiSecret: this.setup.apiSecret, adminKey: this.setup.adminKey, rtpPortRange: this.setup.rtpPortRange } : {};
      this.setup = writeJanusConfig({ folder: this.opts.folder, janusBin: this.opts.janusBin, port, ...keep });
      try {
        await this.spawnAndWait();
        return;
      } catch (err) {
        const log = existsSync(this.setup.logFile) ? readFileSync(this.setup.logFile, 'utf8') : '';
        // Another program took the port between our check and Janus's bind: try another one.
        if (attempt < PORT_ATTEMPTS && log.includes("Couldn't start webserver")) continue;
        throw err;
      }
    }
  }

  private async spawnAndWait(): Promise<void> {
    const { configFolder, logFile, url } = this.setup;
    if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
    const started = performance.now();
    // -N: no logging to stdout, -o: no colours; everything goes to the log file. Its own process
    // group: a Ctrl-C in the terminal stops the server, which then stops Janus (not both at once,
    // which would look like a crash to restart).
    const child = spawn(this.opts.janusBin, ['-F', configFolder, '-L', logFile, '-N', '-o'], { stdio: 'ignore', detached: true });
    this.child = child;
    const state: { exited: string | null } = { exited: null };
    child.once('exit', (code, signal) => {
      state.exited = signal ? `signal ${signal}` : `code ${code}`;
    });
    child.once('error', (err) => {
      state.exited = err.message;
    });
    if (child.pid) writeFileSync(this.pidFile, String(child.pid));
    const limitMs = this.opts.startLimitMs ?? 20_000;
    const deadline = Date.now() + limitMs;
    while (!(await answersInfo(url))) {
      if (state.exited) throw new Error(`Janus exited during its start (${state.exited}); see its log ${logFile}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Janus did not answer ${url}/info within ${limitMs} ms; see its log ${logFile}`);
      }
      await sleep(25);
    }
    this.startMs = Math.round(performance.now() - started);
    this.startedAt = Date.now();
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping || child !== this.child) return;
    this.child = null;
    if (Date.now() - this.startedAt > HEALTHY_RUN_MS) this.restartDelayMs = this.opts.restartDelayMs ?? 1_000;
    const delayMs = this.restartDelayMs;
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, RESTART_DELAY_MAX_MS);
    this.opts.log.warn({ code, signal, log: `${this.setup.logFile}.1`, restartInMs: delayMs }, 'Janus exited unexpectedly; restarting it');
    this.restartTimer = setTimeout(() => void this.relaunch(), delayMs);
  }

  private async relaunch(): Promise<void> {
    this.restartTimer = null;
    if (this.stopping) return;
    try {
      await this.launch();
    } catch (err) {
      this.opts.log.error({ err }, 'Janus did not restart; trying again');
      if (!this.stopping) this.restartTimer = setTimeout(() => void this.relaunch(), this.restartDelayMs);
      return;
    }
    if (this.stopping) return void this.stop();
    this.restarts++;
    this.opts.log.info({ url: this.url, startMs: this.startMs }, 'Janus restarted');
    for (const l of this.restartListeners) l();
  }

  /** SIGTERM, then SIGKILL when Janus has not exited within the stop limit. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    process.removeListener('exit', this.killOnExit);
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise((r) => (timer = setTimeout(() => r('late'), this.opts.stopLimitMs ?? 5_000)));
      const late = (await Promise.race([gone, limit])) === 'late';
      clearTimeout(timer);
      if (late) {
        child.kill('SIGKILL');
        await gone;
      }
    }
    rmSync(this.pidFile, { force: true });
  }
}

