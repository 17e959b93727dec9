import { monitorRoomId } from '@ptt/contracts';
import { MonitorRooms } from '../src/media/monitor-rooms';
import { VideoRoomAdmin } from '../src/media/videoroom-admin';
import { startTestJanus, type TestJanus } from './janus-harness';

// Monitor sessions' rooms on the real Janus: time limits (a device that never publishes, nobody
// watching) end a session by destroying its room, and a room a restarted Janus lost is made again.

const LIMIT_MS = 800;
let j: TestJanus;
let rooms: MonitorRooms;
let n = 0;

/** A raw VideoRoom handle with the API secret (what a device that got past the proxy would have). */
async function videoHandle(): Promise<{ session: number; handle: number }> {
  const session = ((await j.raw.post('', { janus: 'create' })).data as { id: number }).id;
  const handle = ((await j.raw.post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data as { id: number }).id;
  return { session, handle };
}

async function exists(roomId: string): Promise<boolean> {
  const data = await j.raw.message(await videoHandle(), { request: 'exists', room: roomId });
  return data.exists === true;
}

const open = (deviceId: number) => rooms.open({ entId: 100001, deviceId, deviceUid: 7, kind: 'video', facing: 'front' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ended = (roomId: string) => j.log.lines.filter((l) => l.msg === 'monitor session ended' && l.obj.roomId === roomId).map((l) => l.obj.reason);

beforeAll(async () => {
  j = await startTestJanus({ restartDelayMs: 100 });
  rooms = new MonitorRooms({ admin: new VideoRoomAdmin(j.rooms.client, j.log), adminKey: j.process.adminKey, log: j.log, publisherWaitMs: LIMIT_MS, idleMs: LIMIT_MS, reapIntervalMs: 100 });
});
afterAll(async () => {
  await rooms?.close();
  await j?.close();
});
beforeEach(() => {
  n += 1;
  jest.restoreAllMocks();
});

it('ends a session whose device never publishes: its room is destroyed and the joined device hears', async () => {
  const info = await open(n);
  expect(info).toEqual({ roomId: monitorRoomId(100001, n), kind: 'video', facing: 'front' });
  expect(await exists(info.roomId)).toBe(true);
  // Joined but not publishing (no ICE here) counts as not sending.
  const device = await videoHandle();
  await j.raw.post(`/${device.session}/${device.handle}`, { janus: 'message', body: { request: 'join', ptype: 'publisher', room: info.roomId, pin: rooms.pin(info.roomId), display: 'u7' } });
  await sleep(LIMIT_MS * 2.5);
  expect(await exists(info.roomId)).toBe(false);
  expect(rooms.find(info.roomId)).toBeUndefined();
  expect(ended(info.roomId)).toEqual(['noPublisher']);
  const events = (await (await fetch(`${j.process.url}/${device.session}?maxev=5&apisecret=${j.process.apiSecret}`)).json()) as { plugindata?: { data?: { videoroom?: string } } }[];
  expect(events.map((e) => e.plugindata?.data?.videoroom)).toContain('destroyed');
});

it('keeps a published session while someone watches, and ends it once nobody has for the idle time', async () => {
  const info = await open(n);
  // The device's feed, as Janus would list it once its WebRTC is up (that needs the namespace).
  jest.spyOn(rooms, 'publisherFeed').mockResolvedValue('feed-1');
  let watching = true;
  rooms.watch(info.roomId, 'sub-1', () => watching);
  await sleep(LIMIT_MS * 2);
  expect(rooms.find(info.roomId)).toBeDefined();
  watching = false;
  await sleep(LIMIT_MS * 2.5);
  expect(rooms.find(info.roomId)).toBeUndefined();
  expect(await exists(info.roomId)).toBe(false);
  expect(ended(info.roomId)).toEqual(['idle']);
});

it('makes the room of an open session again after Janus restarted without it', async () => {
  // Long limits: the session must outlive the restart without a publisher.
  const patient = new MonitorRooms({ admin: new VideoRoomAdmin(j.rooms.client, j.log), adminKey: j.process.adminKey, log: j.log, reapIntervalMs: 100 });
  try {
    const info = await patient.open({ entId: 100001, deviceId: n, deviceUid: 7, kind: 'audio' });
    const restarted = new Promise<void>((resolve) => j.process.onRestart(resolve));
    process.kill(j.process.pid!, 'SIGKILL');
    await restarted;
    for (let i = 0; i < 50 && !(await exists(info.roomId).catch(() => false)); i++) await sleep(100);
    expect(await exists(info.roomId)).toBe(true);
    expect(patient.find(info.roomId)).toBeDefined();
    await patient.end(info.roomId, 'stopped');
    expect(await exists(info.roomId)).toBe(false);
  } finally {
    await patient.close();
  }
});

it('ends the open session of another kind before opening the new one', async () => {
  const video = await open(n);
  const audio = await rooms.open({ entId: 100001, deviceId: n, deviceUid: 7, kind: 'audio' });
  expect(audio).toEqual({ roomId: video.roomId, kind: 'audio' });
  expect(ended(video.roomId)).toEqual(['replaced']);
  expect(await exists(audio.roomId)).toBe(true);
  expect(rooms.publishesFor(100001, 7)).toBe(true);
  expect(rooms.publishesFor(100002, 7)).toBe(false);
  await rooms.end(audio.roomId, 'stopped');
  expect(rooms.publishesFor(100001, 7)).toBe(false);
});
