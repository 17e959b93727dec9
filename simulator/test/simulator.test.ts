import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { COMMAND_STATUS_KIND, DeviceCommand, type CommandStatus, type Device, type DeviceCommandRecord, type Page } from '@ptt/contracts';
import { call, loginWeb } from '../src/api';
import { Fleet } from '../src/fleet';
import { SPARE_DEVICES, provisionSpareDevices } from '../src/inventory';
import { provisionSimDevices } from '../src/provision';
import { seededRandom } from '../src/walk';
import { ENT, WAIT_MS, Watcher, freePort, startServer, stopServer, until } from './harness';

// The real server in its own process (PGlite in a temp folder, demo seed), driven by the
// simulator's own code through the public API, watched by a dispatcher's socket.

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

  it('stocks the demo inventory with spare handsets once: not activated, no account', async () => {
    const lines: string[] = [];
    const o = { url, entId: ENT, admin: 'superadmin', adminPassword: 'demo123' };
    expect(await provisionSpareDevices(o, (l) => lines.push(l))).toBe(SPARE_DEVICES.length);
    expect(await provisionSpareDevices(o, (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`added ${SPARE_DEVICES.length} spare handsets to the inventory (not activated)`]);
    const admin = await loginWeb(url, ENT, 'admin', 'demo123');
    const spares = await call<Page<Device>>(url, 'GET', '/api/devices?q=Spare&size=50', admin.auth_token);
    expect(spares.items.map((d) => d.name).sort()).toEqual([...SPARE_DEVICES]);
    expect(spares.items.every((d) => !d.active && d.activatedAt === null && d.user === null)).toBe(true);
  });
});
