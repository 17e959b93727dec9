import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CallResultState,
  DeviceCommand,
  MSG_COMM_KIND,
  MonitorJanusCode,
  ServerCode,
  callChatId,
  monitorEndCauseOf,
  type CallRecord,
  type Command,
  type Device,
  type DeviceCommandRecord,
  type MsgComm,
  type Page,
  type Session,
} from '@ptt/contracts';
import { call, loginWeb } from '../src/api';
import { NO_MICROPHONE } from '../src/commands';
import { Fleet, type FleetOptions } from '../src/fleet';
import type { CallRequest, MediaDriver, PublishRequest } from '../src/media/driver';
import { seededRandom } from '../src/walk';
import { ENT, Watcher, freePort, startServer, stopServer, until } from './harness';

// Issue 15, item 11: simulated handsets answer calls and publish for listen and monitor. Against
// the real server with its own Janus (JANUS_AUTOSTART), so calls get their room and listen and
// monitor commands their session; the devices' media is a recording fake here (Chromium carrying
// real media is the e2e spec's job, inside the network namespace). member1's handset has media and
// accepts after 1 s; member2's has none, so it declines calls as busy and fails listen at once,
// which the server turns into 'failed to enter the room' for the console.

class FakeMedia implements MediaDriver {
  alive = true;
  readonly published: PublishRequest[] = [];
  readonly turned: [string, string][] = [];
  readonly calls: CallRequest[] = [];
  readonly stopped: string[] = [];
  publish(req: PublishRequest): Promise<void> {
    this.published.push(req);
    return Promise.resolve();
  }
  turn(key: string, facing: 'front' | 'rear'): Promise<void> {
    this.turned.push([key, facing]);
    return Promise.resolve();
  }
  joinCall(req: CallRequest): Promise<void> {
    this.calls.push(req);
    return Promise.resolve();
  }
  stop(key: string): void {
    this.stopped.push(key);
  }
  onEnded(): void {}
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const ACCEPT_AFTER_MS = 1000;

describe('simulated handsets answer calls and publish for listen and monitor', () => {
  let dataDir: string;
  let url: string;
  let server: ChildProcess | null = null;
  let dispatcher: Session;
  let watcher: Watcher;
  const media = new FakeMedia();
  const fleets: Fleet[] = [];
  const devices: Record<string, Device> = {};

  const fleetOptions = (): FleetOptions => ({
    url, entId: ENT, password: 'demo123', intervalMs: 60_000, center: { lng: 116.397, lat: 39.909 }, radiusM: 500, coord: 0, concurrency: 2, sosRate: 0, statusMs: 600_000, execDelayMs: 100,
  });
  const commsOf = (callId: number) => watcher.frames.filter((f) => f.t === MSG_COMM_KIND && (f.data as MsgComm).callId === callId).map((f) => f.data as MsgComm);
  const send = (account: string, command: Command) => call<DeviceCommandRecord>(url, 'POST', `/api/devices/${devices[account]!.id}/commands`, dispatcher.auth_token, { command });
  async function finalState(id: number): Promise<DeviceCommandRecord> {
    let rec: DeviceCommandRecord | null = null;
    await until(() => rec !== null && ['executed', 'failed', 'expired'].includes(rec.state), `command ${id} answered`, async () => {
      rec = await call<DeviceCommandRecord>(url, 'GET', `/api/commands/${id}`, dispatcher.auth_token);
    });
    return rec!;
  }
  async function janus(p: string, body: Record<string, unknown>): Promise<{ janus: string; data?: { id: number }; error?: { code: number; reason: string } }> {
    const res = await fetch(`${url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transaction: 't', token: dispatcher.auth_token, ...body }) });
    return (await res.json()) as { janus: string; data?: { id: number }; error?: { code: number; reason: string } };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ptt-sim-calls-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = await startServer({
      PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'static'), FILES_DIR: path.join(dataDir, 'files'), JANUS_AUTOSTART: 'true',
    });
    dispatcher = await loginWeb(url, ENT, 'dispatcher1', 'demo123');
    watcher = await Watcher.open(url, dispatcher.auth_token);
    const talking = new Fleet({ ...fleetOptions(), media, answer: { mode: 'mix', acceptAfterMs: { min: ACCEPT_AFTER_MS, max: ACCEPT_AFTER_MS } } }, () => undefined, seededRandom(5));
    const silent = new Fleet({ ...fleetOptions(), media: null }, () => undefined, seededRandom(6));
    fleets.push(talking, silent);
    await talking.start(['member1']);
    await silent.start(['member2']);
    await until(() => fleets.every((f) => f.devices.every((d) => d.connected)), 'devices connected');
    const list = await call<Page<Device>>(url, 'GET', '/api/devices?bound=true&size=50', dispatcher.auth_token);
    for (const account of ['member1', 'member2']) devices[account] = list.items.find((d) => d.user?.account === account)!;
  });
  afterAll(async () => {
    watcher?.close();
    for (const f of fleets) await f.stop();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a handset with media accepts a call after a few seconds and talks in its room; the hang-up ends its audio', async () => {
    const member1 = fleets[0]!.devices[0]!;
    const placedAt = Date.now();
    const placed = await call<CallRecord>(url, 'POST', '/api/calls', dispatcher.auth_token, { calleeId: member1.session!.id });
    await until(() => commsOf(placed.id).some((c) => c.result === CallResultState.Accept), 'accepted');
    const acceptedAfter = Date.now() - placedAt;
    expect(acceptedAfter).toBeGreaterThanOrEqual(ACCEPT_AFTER_MS - 50);
    expect(acceptedAfter).toBeLessThan(ACCEPT_AFTER_MS + 3000);
    await until(() => media.calls.length === 1, 'joined the call room');
    expect(media.calls[0]).toEqual({ key: 'member1/call', token: member1.session!.auth_token, chatId: callChatId(ENT, placed.id), label: 'member1' });
    expect(member1.talking).toMatchObject({ callId: placed.id });
    console.info(`[sim calls] call -> accepted in ${acceptedAfter} ms`);

    await call(url, 'POST', `/api/calls/${placed.id}/hangup`, dispatcher.auth_token);
    await until(() => media.stopped.includes('member1/call'), 'call audio stopped');
    expect(member1.talking).toBeNull();
    expect(fleets[0]!.stats).toMatchObject({ callsRung: 1, callsAccepted: 1 });
  });

  it('a handset without media declines as busy: the caller hears the other party is busy', async () => {
    const member2 = fleets[1]!.devices[0]!;
    const placed = await call<CallRecord>(url, 'POST', '/api/calls', dispatcher.auth_token, { calleeId: member2.session!.id });
    await until(() => commsOf(placed.id).some((c) => c.result === CallResultState.Hangup), 'declined');
    expect(commsOf(placed.id).at(-1)).toMatchObject({ reason: 'busy', code: ServerCode.OtherPartyBusy });
  });

  it('publishes into a listen session, then a monitor session, and turns the camera in it', async () => {
    const token = fleets[0]!.devices[0]!.session!.auth_token;
    const listen = await send('member1', DeviceCommand.Voice);
    expect(await finalState(listen.id)).toMatchObject({ state: 'executed', detail: { kind: 'audio' } });
    expect(media.published.at(-1)).toEqual({ key: 'member1/monitor', token, roomId: listen.monitor!.roomId, kind: 'audio', facing: 'front', label: 'member1' });

    const front = await send('member1', DeviceCommand.FrontCamera);
    expect(await finalState(front.id)).toMatchObject({ state: 'executed', detail: { kind: 'video', facing: 'front' } });
    expect(media.published.at(-1)).toMatchObject({ kind: 'video', facing: 'front', roomId: front.monitor!.roomId });
    const rear = await send('member1', DeviceCommand.RearCamera);
    expect(await finalState(rear.id)).toMatchObject({ state: 'executed', detail: { kind: 'video', facing: 'rear' } });
    expect(media.turned).toEqual([['member1/monitor', 'rear']]);
    expect(media.published).toHaveLength(2);
    await call(url, 'POST', `/api/devices/${devices.member1!.id}/monitor/stop`, dispatcher.auth_token, {});
  });

  it("a handset without media fails listen at once, and the console hears 'failed to enter the room' (item 12)", async () => {
    const sentAt = Date.now();
    const listen = await send('member2', DeviceCommand.Voice);
    expect(await finalState(listen.id)).toMatchObject({ state: 'failed', detail: NO_MICROPHONE });
    const session = (await janus('/janus', { janus: 'create' })).data!.id;
    const handle = (await janus(`/janus/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
    const join = await janus(`/janus/${session}/${handle}`, { janus: 'message', body: { request: 'join', ptype: 'subscriber', chatId: listen.monitor!.roomId } });
    expect(join.error?.code).toBe(MonitorJanusCode.NoSession);
    expect(monitorEndCauseOf(join.error?.reason)).toBe('enterRoomFailed');
    expect(Date.now() - sentAt).toBeLessThan(5_000);
  });
});
