import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { JanusClient } from '../src/media/janus-client';
import { JanusRooms } from '../src/media/janus-rooms';
import { readWavInfo } from '../src/media/wav';
import { startTestJanus, type TestJanus } from './janus-harness';

// JanusRooms against the real Janus on loopback: participants join without media (no JSEP), which
// is enough for the AudioBridge to list them, mute and unmute them and mix (silence) for them.

let j: TestJanus;
let n = 0;
const room = () => `1-1-${1000 + n++}`;

beforeAll(async () => {
  j = await startTestJanus({ watchIntervalMs: 100 });
});
afterAll(async () => {
  await j?.close();
});

async function muted(chatId: string): Promise<Record<string, boolean[]>> {
  const list = await j.rooms.listParticipants(chatId);
  const byDisplay: Record<string, boolean[]> = {};
  for (const p of list) (byDisplay[p.display ?? '?'] ??= []).push(p.muted);
  return byDisplay;
}

async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 5_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('JanusRooms', () => {
  it('creates a room once, however many callers ask at the same time, with a pin only the server knows', async () => {
    const chatId = room();
    await Promise.all([1, 2, 3, 4, 5].map(() => j.rooms.ensureRoom(chatId)));
    await j.rooms.ensureRoom(chatId);
    // Another node (same admin key, nothing shared) finds the room there and agrees on its pin.
    const client = new JanusClient({ url: j.process.url, apiSecret: j.process.apiSecret, log: j.log });
    const other = new JanusRooms({ client, adminKey: j.process.adminKey, recordDir: j.recordDir, log: j.log });
    await other.ensureRoom(chatId);
    expect(other.roomPin(chatId)).toBe(j.rooms.roomPin(chatId));
    expect(j.rooms.roomPin(chatId)).not.toBe(j.rooms.roomPin(room()));
    await other.close();

    const h = await j.raw.attach();
    const listed = await j.raw.message(h, { request: 'list', admin_key: j.process.adminKey });
    expect((listed.list as { room: string }[]).find((r) => r.room === chatId)).toMatchObject({ sampling_rate: 16000, pin_required: true, record: false });
    // Not public: without the admin key the room is not listed.
    expect(((await j.raw.message(h, { request: 'list' })).list as { room: string }[]).some((r) => r.room === chatId)).toBe(false);
    // A wrong pin does not get in.
    await j.raw.message(h, { request: 'join', room: chatId, pin: 'guess', display: 'x' });
    expect(await j.rooms.listParticipants(chatId)).toEqual([]);
  });

  it('unmutes only the speaker (all of their participants) and mutes everyone else', async () => {
    const chatId = room();
    await j.rooms.ensureRoom(chatId);
    const pin = j.rooms.roomPin(chatId);
    await j.raw.join(chatId, pin, 'u11');
    await j.raw.join(chatId, pin, 'u11');
    await j.raw.join(chatId, pin, 'u12');
    await until('three participants', async () => (await j.rooms.listParticipants(chatId)).length === 3);

    await j.rooms.setSpeaker(chatId, 11);
    expect(await muted(chatId)).toEqual({ u11: [false, false], u12: [true] });
    await j.rooms.setSpeaker(chatId, 12);
    expect(await muted(chatId)).toEqual({ u11: [true, true], u12: [false] });
    await j.rooms.setSpeaker(chatId, null);
    expect(await muted(chatId)).toEqual({ u11: [true, true], u12: [true] });
    // A grant and the release right after it end in that order.
    await Promise.all([j.rooms.setSpeaker(chatId, 11), j.rooms.setSpeaker(chatId, null)]);
    expect(await muted(chatId)).toEqual({ u11: [true, true], u12: [true] });
    // A room Janus does not have (gone with a restart) has nobody to unmute.
    await expect(j.rooms.setSpeaker('1-1-999999', 11)).resolves.toBeUndefined();
  });

  it('mutes a participant heard without the floor, and says so', async () => {
    const chatId = room();
    await j.rooms.ensureRoom(chatId);
    const pin = j.rooms.roomPin(chatId);
    await j.raw.join(chatId, pin, 'u21');
    await j.rooms.setSpeaker(chatId, 21);
    const holders = new Map([[chatId, 21]]);
    const stop = j.rooms.watch((ids) => Promise.resolve(new Map(ids.filter((id) => holders.has(id)).map((id) => [id, holders.get(id)!]))));
    try {
      // A client that reached Janus some other way (and knew the pin) joins unmuted; unmuting
      // itself again later needs the room secret, which only the server has.
      const rogue = await j.raw.attach();
      await j.raw.message(rogue, { request: 'join', room: chatId, pin, display: 'u22', muted: false });
      const id = (await j.rooms.listParticipants(chatId)).find((p) => p.display === 'u22')!.id;
      expect(await j.raw.message(rogue, { request: 'unmute', room: chatId, id })).toHaveProperty('error_code');
      await until('the watchdog', async () => (await muted(chatId)).u22?.[0] === true);
      expect(await muted(chatId)).toEqual({ u21: [false], u22: [true] });
      const warning = j.log.lines.find((l) => l.level === 'warn' && l.msg.includes('watchdog muted'));
      expect(warning?.obj).toMatchObject({ room: chatId, display: 'u22', holder: 21 });
    } finally {
      stop();
    }
  });

  it('records a burst into <record dir>/<chatId>/<burstId>.wav, complete once stopped', async () => {
    const chatId = room();
    await j.rooms.ensureRoom(chatId);
    await j.raw.join(chatId, j.rooms.roomPin(chatId), 'u31');
    const burstId = '9c1e4b52-6a0e-4b1a-9b7e-2f4f3f0e1a11';
    await j.rooms.startRecording(chatId, burstId);
    const started = Date.now();
    // Janus writes under a .tmp name until the file is complete.
    await until('the .tmp file', () => existsSync(path.join(j.recordDir, chatId, `${burstId}.wav.tmp`)));
    await new Promise((r) => setTimeout(r, 1_000));
    const rec = await j.rooms.stopRecording(chatId, burstId);
    const heldMs = Date.now() - started;
    expect(rec?.path).toBe(path.join(j.recordDir, chatId, `${burstId}.wav`));
    // With a participant in the room the mixer writes (silence, without media) all along.
    expect(rec!.durationMs).toBeGreaterThan(heldMs - 300);
    expect(rec!.durationMs).toBeLessThan(heldMs + 300);
    expect(await readWavInfo(rec!.path)).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(existsSync(`${rec!.path}.tmp`)).toBe(false);
  });

  it('keeps nothing when the burst has no audio or no file', async () => {
    const chatId = room();
    await j.rooms.ensureRoom(chatId);
    await j.rooms.startRecording(chatId, 'empty-1');
    await new Promise((r) => setTimeout(r, 200));
    // Nobody in the room: Janus writes a header and no samples.
    expect(await j.rooms.stopRecording(chatId, 'empty-1')).toBeNull();
    expect(readdirSync(path.join(j.recordDir, chatId))).toEqual([]);
    expect(await j.rooms.stopRecording(chatId, 'never-started')).toBeNull();
    await expect(j.rooms.startRecording(chatId, '../escape')).rejects.toThrow(/invalid burst id/);
  });

  it('destroys a room, and destroying it again is no error', async () => {
    const chatId = room();
    await j.rooms.ensureRoom(chatId);
    await j.rooms.destroyRoom(chatId);
    await j.rooms.destroyRoom(chatId);
    const h = await j.raw.attach();
    expect(await j.raw.message(h, { request: 'exists', room: chatId })).toMatchObject({ exists: false });
    // And it comes back on next use.
    await j.rooms.ensureRoom(chatId);
    expect(await j.raw.message(h, { request: 'exists', room: chatId })).toMatchObject({ exists: true });
  });
});
