import type { BurstRecording, MediaRooms } from '../src/media/media-rooms';

// The media layer as the call service sees it, for the calls tests (one layer faked): rooms that
// exist or not, and whose parties' audio the test says is up. The real Janus is in
// calls-media.test.ts.

export class FakeCallMedia implements MediaRooms {
  readonly available = true;
  /** Every room operation, in order: `ensureRoom 100001-3-7`, `destroyRoom 100001-3-7`. */
  readonly calls: string[] = [];
  readonly rooms = new Set<string>();
  /** Chat id -> the users whose audio is up in that room. */
  readonly up = new Map<string, Set<number>>();
  /** The next room set-ups fail (Janus refused or away). */
  failEnsure = false;
  /** How many times allowSpeakers looked at each room. */
  readonly looks = new Map<string, number>();

  ensureRoom(chatId: string): Promise<void> {
    this.calls.push(`ensureRoom ${chatId}`);
    if (this.failEnsure) return Promise.reject(new Error('janus says no'));
    this.rooms.add(chatId);
    return Promise.resolve();
  }
  allowSpeakers(chatId: string, uids: number[]): Promise<number[]> {
    this.looks.set(chatId, (this.looks.get(chatId) ?? 0) + 1);
    const up = this.rooms.has(chatId) ? (this.up.get(chatId) ?? new Set<number>()) : new Set<number>();
    return Promise.resolve(uids.filter((uid) => up.has(uid)));
  }
  /** The test's "this party's audio is up" (or down again). */
  setUp(chatId: string, uid: number, on = true): void {
    const set = this.up.get(chatId) ?? new Set<number>();
    if (on) set.add(uid);
    else set.delete(uid);
    this.up.set(chatId, set);
  }
  destroyRoom(chatId: string): Promise<void> {
    this.calls.push(`destroyRoom ${chatId}`);
    this.rooms.delete(chatId);
    this.up.delete(chatId);
    return Promise.resolve();
  }
  setSpeaker(): Promise<void> {
    return Promise.reject(new Error('calls have no floor'));
  }
  startRecording(): Promise<void> {
    return Promise.reject(new Error('calls are not recorded'));
  }
  stopRecording(): Promise<BurstRecording | null> {
    return Promise.resolve(null);
  }
  watch(): () => void {
    return () => undefined;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
