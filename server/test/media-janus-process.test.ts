import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_JANUS_BIN } from '../src/config';
import { writeJanusConfig } from '../src/media/janus-config';
import { JanusProcess } from '../src/media/janus-process';
import { startTestJanus, type TestJanus } from './janus-harness';
import { freePort } from './redis-harness';

// JANUS_AUTOSTART: the generated configuration, the start, a crash and its restart, the stop.

const alive = (pid: number | undefined): boolean => pid !== undefined && existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Janus started by the server', () => {
  let j: TestJanus;
  beforeAll(async () => {
    j = await startTestJanus();
  });
  afterAll(async () => {
    await j?.close();
  });

  it('generates a configuration with only what PTT needs and a secret only the server knows', async () => {
    const cfg = (name: string) => readFileSync(path.join(j.folder, 'config', name), 'utf8');
    expect(cfg('janus.jcfg')).toContain(`api_secret = "${j.process.apiSecret}"`);
    expect(cfg('janus.jcfg')).toMatch(/rtp_port_range = "(\d+)-(\d+)"/);
    const [, lo, hi] = /rtp_port_range = "(\d+)-(\d+)"/.exec(cfg('janus.jcfg'))!;
    expect(Number(hi) - Number(lo)).toBe(199);
    expect(cfg('janus.transport.http.jcfg')).toMatch(/ip = "127\.0\.0\.1"[\s\S]*admin_http = false/);
    expect(cfg('janus.plugin.audiobridge.jcfg')).toMatch(/string_ids = true/);
    expect(cfg('janus.plugin.audiobridge.jcfg')).toContain(`admin_key = "${j.process.adminKey}"`);
    expect(j.process.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/janus$/);

    const info = (await (await fetch(`${j.process.url}/info`)).json()) as { plugins: object; transports: object; events: object; loggers: object };
    expect(Object.keys(info.plugins).sort()).toEqual(['janus.plugin.audiobridge', 'janus.plugin.videoroom']);
    expect(Object.keys(info.transports)).toEqual(['janus.transport.http']);
    expect(Object.keys(info.events ?? {})).toEqual([]);
    expect(Object.keys(info.loggers ?? {})).toEqual([]);
    // Without the API secret Janus refuses everything but `info`.
    const res = await fetch(j.process.url, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 'x' }) });
    expect(await res.json()).toMatchObject({ janus: 'error', error: { code: 403 } });
    expect(j.process.startMs).toBeGreaterThan(0);
    expect(j.process.startMs).toBeLessThan(20_000);
    expect(readFileSync(j.process.logFile, 'utf8')).toContain('JANUS AudioBridge plugin initialized');
  });

  it('restarts Janus when it dies, and the rooms come back on next use', async () => {
    await j.rooms.ensureRoom('1-1-901');
    const before = j.process.pid;
    let restarted = 0;
    j.process.onRestart(() => restarted++);
    process.kill(before!, 'SIGKILL');
    await until('the restart', () => restarted === 1);
    expect(j.process.pid).not.toBe(before);
    expect(j.process.restarts).toBe(1);
    expect(j.log.lines.some((l) => l.level === 'warn' && l.msg.includes('Janus exited unexpectedly'))).toBe(true);
    // The new Janus has no rooms; the server's client makes a new session and the room again.
    await j.rooms.ensureRoom('1-1-901');
    const h = await j.raw.attach();
    expect(await j.raw.message(h, { request: 'exists', room: '1-1-901' })).toMatchObject({ exists: true });
    // The crash's log is kept next to the new one.
    expect(existsSync(`${j.process.logFile}.1`)).toBe(true);
  });

  it('stops a Janus that a killed server left running before starting its own, and stops with SIGTERM', async () => {
    // What a server killed with SIGKILL leaves behind: its Janus, and the pid file naming it.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ptt-janus-left-'));
    const setup = writeJanusConfig({ folder, janusBin: DEFAULT_JANUS_BIN, port: await freePort() });
    const orphan = spawn(DEFAULT_JANUS_BIN, ['-F', setup.configFolder, '-L', setup.logFile, '-N', '-o'], { stdio: 'ignore' });
    writeFileSync(path.join(folder, 'janus.pid'), String(orphan.pid));
    await until('the orphan to answer', () => fetch(`${setup.url}/info`).then((r) => r.ok, () => false));
    const gone = new Promise((r) => orphan.once('exit', r));
    const next = await JanusProcess.start({ janusBin: DEFAULT_JANUS_BIN, folder, log: j.log });
    try {
      await gone;
      expect(alive(orphan.pid)).toBe(false);
      expect(await (await fetch(`${next.url}/info`)).json()).toMatchObject({ janus: 'server_info' });
    } finally {
      const pid = next.pid;
      const started = performance.now();
      await next.stop();
      const stopMs = performance.now() - started;
      expect(alive(pid)).toBe(false);
      expect(stopMs).toBeLessThan(6_000);
      expect(existsSync(path.join(folder, 'janus.pid'))).toBe(false);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
