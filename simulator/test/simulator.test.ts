import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import {
  COMMAND_STATUS_KIND,
  DeviceCommand,
  locationPoints,
  parseWs2Frame,
  type CommandStatus,
  type Device,
  type DeviceCommandRecord,
  type Page,
  type Ws2Frame,
} from '@ptt/contracts';
import { call, loginWeb, ws2Url } from '../src/api';
import { Fleet } from '../src/fleet';
import { provisionSimDevices } from '../src/provision';
import { seededRandom } from '../src/walk';

// The real server in its own process (PGlite in a temp folder, demo seed), driven by the
// simulator's own code through the public API, watched by a dispatcher's socket.

const TSX_REGISTER = ['--require', require.resolve('tsx/cjs')];
const SERVER_MAIN = path.join(__dirname, '..', '..', 'server', 'src', 'main.ts');
const ENT = 100001;
const WAIT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
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

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A dispatcher's socket that records frames and waits for a condition on them. */
class Watcher {
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

async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('simulated devices against the real server', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let url: string;
  let server: ChildProcess | null = null;
  let fleet: Fleet | null = null;
  const watchers: Watcher[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-sim-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = { PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'static'), FILES_DIR: path.join(dataDir, 'files') };
    server = await startServer(env);
  });
  afterAll(async () => {
    for (const w of watchers) w.close();
    await fleet?.stop();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs 3 devices in, their positions reach a dispatcher, a command goes sent -> delivered -> executed, and they come back after a restart', async () => {
    const lines: string[] = [];
    const provision = { url, entId: ENT, devices: 3, password: 'demo123', admin: 'admin', adminPassword: 'demo123', concurrency: 4 };
    const accounts = await provisionSimDevices(provision, (l) => lines.push(l));
    expect(accounts).toEqual(['sim0001', 'sim0002', 'sim0003']);
    expect(lines).toContain('created 3 accounts and activated 3 devices');
    // A second run reuses what the first created.
    lines.length = 0;
    expect(await provisionSimDevices(provision, (l) => lines.push(l))).toEqual(accounts);
    expect(lines).toEqual([]);

    const dispatcher = await loginWeb(url, ENT, 'dispatcher1', 'demo123');
    const watcher = await Watcher.open(url, dispatcher.auth_token);
    watchers.push(watcher);

    fleet = new Fleet(
      { url, entId: ENT, password: 'demo123', intervalMs: 300, center: { lng: 116.397, lat: 39.909 }, radiusM: 500, coord: 1, concurrency: 2, sosRate: 0, statusMs: 600_000, execDelayMs: 100 },
      () => undefined,
      seededRandom(11),
    );
    await fleet.start(accounts);
    const uids = fleet.devices.map((d) => d.session!.id);
    await watcher.until(() => uids.every((u) => watcher.uidsWithPositions().has(u)), 'positions of all 3 devices');

    const devices = await call<Page<Device>>(url, 'GET', '/api/devices?q=Sim%200001', dispatcher.auth_token);
    const deviceId = devices.items.find((d) => d.user?.account === 'sim0001')!.id;
    const sent = await call<DeviceCommandRecord>(url, 'POST', `/api/devices/${deviceId}/commands`, dispatcher.auth_token, { command: DeviceCommand.Location });
    const statesOf = () =>
      watcher.frames
        .filter((f) => f.t === COMMAND_STATUS_KIND && (f.data as CommandStatus).commandId === sent.id)
        .map((f) => (f.data as CommandStatus).state);
    await watcher.until(() => statesOf().includes('executed'), 'executed command');
    expect(statesOf()).toEqual(['sent', 'delivered', 'executed']);
    const done = await call<DeviceCommandRecord>(url, 'GET', `/api/commands/${sent.id}`, dispatcher.auth_token);
    expect(done.state).toBe('executed');
    expect(Object.keys(done.detail as object).sort()).toEqual(['lat', 'lng']);
    expect(fleet.stats).toMatchObject({ commandsReceived: 1, commandsAnswered: 1 });

    // Restart the server on the same data and port: the devices reconnect by themselves.
    watcher.close();
    await stopServer(server!);
    await until(() => fleet!.devices.every((d) => !d.connected), 'disconnected');
    server = await startServer(env);
    await until(() => fleet!.devices.every((d) => d.connected), 'reconnected');
    const after = await Watcher.open(url, dispatcher.auth_token);
    watchers.push(after);
    await after.until(() => uids.every((u) => after.uidsWithPositions().has(u)), 'positions after the restart');
    // Presence is right again: the reconnected devices' heartbeats made them online.
    let online: { uid: number; status: string }[] = [];
    const deadline = Date.now() + WAIT_MS;
    while (!uids.every((u) => online.some((p) => p.uid === u && p.status === 'online')) && Date.now() < deadline) {
      online = await call<{ uid: number; status: string }[]>(url, 'GET', '/api/presence', dispatcher.auth_token);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(uids.filter((u) => !online.some((p) => p.uid === u && p.status === 'online'))).toEqual([]);
    expect(fleet.status()).toMatch(/^3\/3 connected, \d+ positions sent, 1\/1 commands answered, 0 SOS, \d+ reconnects$/);
  });
});
