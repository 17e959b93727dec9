import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { HeartbeatEvent, HeartbeatMethod, PTT_FLOOR_KIND, buildHeartbeat, heartbeatFrame, type PttFloorFrame, type Session, type Ws2Frame } from '@ptt/contracts';
import type { BurstRecording, CarryHandle, HolderLookup, MediaRooms } from '../src/media/media-rooms';
import { OggOpusWriter } from '../src/media/ogg-opus';
import type { FloorStore } from '../src/ptt/floor-store';
import type { Hub } from '../src/ws/hub';
import type { PresenceStore } from '../src/ws/presence';
import { createTestApp, type TestApp } from './test-app';
import type { TestDb } from './test-db';

// Floor-control tests: the app with a media server that records what it was asked (the real
// Janus is the media suites' and the e2e's), and a WAV it "recorded" for each burst.

/** A real 16 kHz mono 16-bit WAV with a 440 Hz tone: what a room recording looks like. */
/** An Ogg Opus file of `ms` of silence frames, as the VideoRoom path writes bursts (sfu-recorder.ts). */
export function silenceOgg(ms: number): Buffer {
  const w = new OggOpusWriter(7);
  for (let t = 0; t < ms; t += 20) w.addOpus(t * 48, Buffer.from([0xf8, 0xff, 0xfe]));
  return w.finish();
}

export function toneWav(ms: number): Buffer {
  const rate = 16_000;
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

export class FakeMedia implements MediaRooms {
  available = true;
  /** Every call, in order: `setSpeaker 100001-1-3 7`, `stopRecording 100001-1-3 <burst>`... */
  readonly calls: string[] = [];
  /** Length of the next recordings. */
  recordingMs = 800;
  /** What the next recordings are: the AudioBridge's WAV, or the VideoRoom path's Ogg Opus. */
  recordingFormat: 'wav' | 'ogg' = 'wav';
  failSetSpeaker = false;
  /** Recordings name a file that is not there (the shared folder went away). */
  lostRecordings = false;
  lookup: HolderLookup | null = null;
  private readonly recording = new Map<string, string>();

  constructor(readonly dir: string) {}

  ensureRoom(chatId: string): Promise<void> {
    this.calls.push(`ensureRoom ${chatId}`);
    return Promise.resolve();
  }
  setSpeaker(chatId: string, uid: number | null): Promise<void> {
    this.calls.push(`setSpeaker ${chatId} ${uid}`);
    return this.failSetSpeaker && uid !== null ? Promise.reject(new Error('janus says no')) : Promise.resolve();
  }
  startRecording(chatId: string, burstId: string): Promise<void> {
    this.calls.push(`startRecording ${chatId} ${burstId}`);
    this.recording.set(burstId, chatId);
    return Promise.resolve();
  }
  stopRecording(chatId: string, burstId: string): Promise<BurstRecording | null> {
    this.calls.push(`stopRecording ${chatId} ${burstId}`);
    if (this.recording.get(burstId) !== chatId) return Promise.resolve(null);
    this.recording.delete(burstId);
    const file = path.join(this.dir, `${burstId}.${this.recordingFormat}`);
    if (!this.lostRecordings) writeFileSync(file, this.recordingFormat === 'ogg' ? silenceOgg(this.recordingMs) : toneWav(this.recordingMs));
    return Promise.resolve({ path: file, durationMs: this.recordingMs, ...(this.recordingFormat === 'ogg' ? { format: 'ogg' as const } : {}) });
  }
  private carries = 0;
  /** Patch and all-call (ADR 024); an instance field, so a test can take it away (the mixing path). */
  carry: MediaRooms['carry'] = (source: string, uid: number, targets: string[]): Promise<CarryHandle> => {
    this.calls.push(`carry ${source} ${uid} ${targets.join(',')}`);
    return Promise.resolve({ id: `carry${++this.carries}`, source, targets: new Set(targets) });
  };
  uncarry: MediaRooms['uncarry'] = (handle: CarryHandle, only?: string[]): Promise<void> => {
    this.calls.push(`uncarry ${handle.source} ${(only ?? [...handle.targets]).join(',')}`);
    return Promise.resolve();
  };
  destroyRoom(chatId: string): Promise<void> {
    this.calls.push(`destroyRoom ${chatId}`);
    return Promise.resolve();
  }
  watch(holders: HolderLookup): () => void {
    this.lookup = holders;
    return () => (this.lookup = null);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
  /** Calls of one kind, e.g. `setSpeaker`. */
  of(kind: string): string[] {
    return this.calls.filter((c) => c.startsWith(`${kind} `));
  }
}

export interface PttAppOptions {
  media?: MediaRooms;
  floorStore?: FloorStore;
  hub?: Hub;
  presenceStore?: PresenceStore;
}

/** The whole app on a shared test database, listening on loopback, with the given media and floor store. */
export async function createPttApp(testDb: TestDb, opts: PttAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(testDb.kind, { ...opts, testDb, keepDb: true });
  await t.listen();
  return t;
}

export const onlineFrame = (s: Session): Ws2Frame =>
  heartbeatFrame(s, buildHeartbeat({ session: s, method: HeartbeatMethod.Presence, event: HeartbeatEvent.Online, now: Date.now() }));

/** A PttFloor frame of a chat with a reason, optionally only among the frames from `from` on. */
export const floorFrame =
  (chatId: string, reason: PttFloorFrame['reason']) =>
  (f: Ws2Frame): boolean =>
    f.t === PTT_FLOOR_KIND && (f.data as PttFloorFrame).chatId === chatId && (f.data as PttFloorFrame).reason === reason;
