import {
  DEVICE_COMMAND_KIND,
  DeviceCommand,
  ServerCode,
  monitorRoomId,
  type DeviceCommandFrame,
  type DeviceCommandRecord,
  type MonitorStop,
  type Ws2Frame,
} from '@ptt/contracts';
import { DEMO_ENT_ID, SECOND_ENT_ID } from '../src/seed/demo';
import { createMediaTestApp, startTestJanus, type MediaTestApp, type TestJanus } from './janus-harness';
import { api, createTestApp, loginAs } from './test-app';
import { WsProbe } from './ws-client';

// Environment listen and monitor through the real Janus: the listen and camera commands open the
// device's VideoRoom session and tell the device where to publish; through /janus only the
// device's own account publishes there and only staff subscribe; stop (or another kind) destroys
// the room and the device's publisher hears so. Media itself (ICE) needs the namespace: the
// e2e spec e2e/media-tests/monitor.spec.ts carries it.

type Who = 'dispatcher1' | 'member1' | 'member2' | 'stranger';
type J = Record<string, unknown> & { janus?: string; error?: { code: number; reason: string }; data?: { id: number } };

let j: TestJanus;
let t: MediaTestApp;
let device1 = 0;
let room = '';
const tokens = {} as Record<Who, string>;
const uids = {} as Record<Who, number>;
const seen: string[] = [];

async function call(method: 'GET' | 'POST', url: string, who: Who, body: Record<string, unknown> = {}): Promise<J> {
  const token = tokens[who];
  const res = await t.app.inject(
    method === 'GET' ? { method, url: `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}` } : { method, url, payload: { transaction: 'tx1', ...body, token } },
  );
  seen.push(res.body);
  return res.json<J>();
}

/** A Janus session of `who` through the proxy with one VideoRoom handle (or the refusal). */
async function videoHandle(who: Who): Promise<{ s: number; h: number; attach: J }> {
  const s = (await call('POST', '/janus', who, { janus: 'create' })).data!.id;
  const attach = await call('POST', `/janus/${s}`, who, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
  return { s, h: attach.data?.id ?? 0, attach };
}

const message = (who: Who, at: { s: number; h: number }, body: Record<string, unknown>, jsep?: unknown) =>
  call('POST', `/janus/${at.s}/${at.h}`, who, { janus: 'message', body, ...(jsep ? { jsep } : {}) });

const send = (who: Who, deviceId: number, command: number) => api<DeviceCommandRecord>(t.app, 'POST', `/api/devices/${deviceId}/commands`, tokens[who], { command });
const stop = (who: Who, deviceId: number) => api<MonitorStop>(t.app, 'POST', `/api/devices/${deviceId}/monitor/stop`, tokens[who]);
const participants = async (roomId: string) => {
  const h = await j.raw.attach();
  const videoroom = await j.raw.post(`/${h.session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' });
  const data = await j.raw.message({ session: h.session, handle: (videoroom.data as { id: number }).id }, { request: 'listparticipants', room: roomId });
  return data.error_code === 426 ? null : ((data.participants ?? []) as { display: string; publisher: boolean }[]);
};

/** Events of a proxied session until one matches (Janus long poll through /janus). */
async function eventOf(who: Who, s: number, match: (data: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let i = 0; i < 10; i++) {
    const got = await call('GET', `/janus/${s}?maxev=5`, who);
    const list = (Array.isArray(got) ? got : [got]) as { plugindata?: { data?: Record<string, unknown> } }[];
    const found = list.map((e) => e.plugindata?.data).find((d) => d && match(d));
    if (found) return found;
  }
  throw new Error('no such event');
}

beforeAll(async () => {
  j = await startTestJanus();
  t = await createMediaTestApp('pglite', j.rooms);
  for (const who of ['dispatcher1', 'member1', 'member2'] as const) {
    const s = await loginAs(t.app, who);
    tokens[who] = s.auth_token;
    uids[who] = s.id;
  }
  const stranger = await loginAs(t.app, 'dispatcher1', SECOND_ENT_ID);
  tokens.stranger = stranger.auth_token;
  device1 = (await t.db.query<{ id: number }>('select id from devices where ent_id = $1 and user_id = $2', [DEMO_ENT_ID, uids.member1])).rows[0]!.id;
  room = monitorRoomId(DEMO_ENT_ID, device1);
});
afterAll(async () => {
  await t?.close();
  await j?.close();
});

describe('listen and monitor commands', () => {
  it('open the device session, flip the camera in the same room, and tell the device where to publish', async () => {
    const base = await t.listen();
    const deviceWs = await WsProbe.open(base, tokens.member1);
    try {
      const front = await send('dispatcher1', device1, DeviceCommand.FrontCamera);
      expect(front.body.data.monitor).toEqual({ roomId: room, kind: 'video', facing: 'front' });
      const frame = (await deviceWs.waitFor((f: Ws2Frame) => f.t === DEVICE_COMMAND_KIND && (f.data as DeviceCommandFrame).commandId === front.body.data.id)).data as DeviceCommandFrame;
      expect(frame.monitor).toEqual({ roomId: room, kind: 'video', facing: 'front' });
      expect(await participants(room)).toEqual([]);

      // The device joins as the publisher (not publishing without ICE here).
      const pub = await videoHandle('member1');
      expect(pub.attach).toMatchObject({ janus: 'success' });
      expect(await message('member1', pub, { request: 'join', ptype: 'publisher', chatId: room })).toMatchObject({ janus: 'ack' });
      expect(await eventOf('member1', pub.s, (d) => d.videoroom === 'joined')).toMatchObject({ room });
      expect(await participants(room)).toEqual([expect.objectContaining({ display: `u${uids.member1}`, publisher: false })]);

      const rear = await send('dispatcher1', device1, DeviceCommand.RearCamera);
      expect(rear.body.data.monitor).toEqual({ roomId: room, kind: 'video', facing: 'rear' });
      // The same room: the device's participant is still in it.
      expect(await participants(room)).toHaveLength(1);

      // Listen replaces the video session: the old room goes (the publisher hears), a new one opens.
      const listen = await send('dispatcher1', device1, DeviceCommand.Voice);
      expect(listen.body.data.monitor).toEqual({ roomId: room, kind: 'audio' });
      expect(await eventOf('member1', pub.s, (d) => d.videoroom === 'destroyed')).toMatchObject({ room });
      expect(await participants(room)).toEqual([]);

      // Other commands carry no session.
      expect((await send('dispatcher1', device1, DeviceCommand.Location)).body.data.monitor).toBeUndefined();
    } finally {
      await deviceWs.close();
    }
  });

  it('keeps every request but the whitelisted ones away from the VideoRoom', async () => {
    await send('dispatcher1', device1, DeviceCommand.FrontCamera);
    const pub = await videoHandle('member1');
    const refused = async (who: Who, at: { s: number; h: number }, body: Record<string, unknown>, code: number, reason: RegExp) => {
      const res = await message(who, at, body);
      expect(res).toMatchObject({ janus: 'error', error: { code } });
      expect(res.error!.reason).toMatch(reason);
    };
    await refused('member1', pub, { request: 'publish' }, 403, /before join/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: room, display: 'Boss' }, 403, /display/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: room, pin: 'x', id: 'me' }, 403, /pin|id/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: room, room: 'lobby' }, 403, /room/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: 'lobby' }, 467, /chatId/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: monitorRoomId(DEMO_ENT_ID, device1 + 1) }, 426, /No monitor session/);
    // A member cannot subscribe, not even to their own device.
    await refused('member1', pub, { request: 'join', ptype: 'subscriber', chatId: room }, 403, /staff/);
    expect(await message('member1', pub, { request: 'join', ptype: 'publisher', chatId: room })).toMatchObject({ janus: 'ack' });
    await refused('member1', pub, { request: 'publish', record: true, filename: '/tmp/x' }, 403, /record|filename/);
    await refused('member1', pub, { request: 'configure', display: 'Boss' }, 403, /display/);
    await refused('member1', pub, { request: 'start' }, 403, /publisher/);
    await refused('member1', pub, { request: 'join', ptype: 'publisher', chatId: room }, 403, /twice/);
    for (const request of ['create', 'destroy', 'edit', 'kick', 'moderate', 'enable_recording', 'rtp_forward', 'listparticipants', 'list', 'switch', 'joinandconfigure']) {
      await refused('member1', pub, { request, room, secret: 'x' }, 403, new RegExp(`'${request}' is not allowed`));
    }
    expect(await message('member1', pub, { request: 'configure', audio: true, video: true, bitrate: 256000 })).toMatchObject({ janus: 'ack' });

    // Staff subscribe; before the device sends there is no feed yet, and only the device's feed.
    const sub = await videoHandle('dispatcher1');
    expect(sub.attach).toMatchObject({ janus: 'success' });
    await refused('dispatcher1', sub, { request: 'join', ptype: 'publisher', chatId: room }, 403, /device itself/);
    await refused('dispatcher1', sub, { request: 'join', ptype: 'subscriber', chatId: room }, 428, /not sending yet/);
    await refused('dispatcher1', sub, { request: 'join', ptype: 'subscriber', chatId: room, private_id: 1 }, 403, /private_id/);
    await refused('dispatcher1', sub, { request: 'join', ptype: 'viewer', chatId: room }, 467, /ptype/);

    // Another enterprise's staff: no such session for them.
    const far = await videoHandle('stranger');
    await refused('stranger', far, { request: 'join', ptype: 'subscriber', chatId: room }, 426, /No monitor session/);
    // Another member, not the device: the VideoRoom is not theirs to attach.
    const other = await videoHandle('member2');
    expect(other.attach).toMatchObject({ janus: 'error', error: { code: 405 } });
  });

  it('stops the session for staff of the enterprise only: the room goes and the device hears', async () => {
    await send('dispatcher1', device1, DeviceCommand.Voice);
    const pub = await videoHandle('member1');
    await message('member1', pub, { request: 'join', ptype: 'publisher', chatId: room });
    expect((await stop('stranger', device1)).body.code).toBe(ServerCode.NotFound);
    expect((await stop('member1', device1)).body.code).toBe(ServerCode.InsufficientPermissions);
    expect((await stop('dispatcher1', device1)).body.data).toEqual({ deviceId: device1, stopped: true });
    expect(await eventOf('member1', pub.s, (d) => d.videoroom === 'destroyed')).toMatchObject({ room });
    expect(await participants(room)).toBeNull();
    expect((await stop('dispatcher1', device1)).body.data).toEqual({ deviceId: device1, stopped: false });
    // No session: the device may no longer attach the VideoRoom.
    expect((await videoHandle('member1')).attach).toMatchObject({ janus: 'error', error: { code: 405 } });
  });

  it('never lets a room pin, a room secret or a Janus key out', () => {
    const text = seen.join('\n');
    for (const s of [j.process.apiSecret, j.process.adminKey]) expect(text).not.toContain(s);
    expect(text).not.toMatch(/"(pin|secret|admin_key|apisecret)"/);
  });
});

describe('without a media server', () => {
  it('sends listen and monitor commands without a session, and stop finds none', async () => {
    const plain = await createTestApp('pglite');
    try {
      const token = (await loginAs(plain.app, 'dispatcher1')).auth_token;
      const sent = await api<DeviceCommandRecord>(plain.app, 'POST', `/api/devices/${device1}/commands`, token, { command: DeviceCommand.Voice });
      expect(sent.body.data).toMatchObject({ command: DeviceCommand.Voice, state: 'sent' });
      expect(sent.body.data.monitor).toBeUndefined();
      const stopped = await api<MonitorStop>(plain.app, 'POST', `/api/devices/${device1}/monitor/stop`, token);
      expect(stopped.body.data).toEqual({ deviceId: device1, stopped: false });
    } finally {
      await plain.close();
    }
  });
});
