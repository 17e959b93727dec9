// A stand-in for @ptt/media in the PTT area's tests: rooms whose state the test sets, recording
// what the area asks of them (join, transmit, leave).
import { BehaviorSubject, Subject } from 'rxjs';
import { act } from '@testing-library/react';
import type { ChannelOutputSettings, InboundStats, JoinOptions, MediaClient, MediaClientOptions, MediaProblem, RoomConnection, RoomState } from '@ptt/media';

export class FakeRoom implements RoomConnection {
  readonly state$ = new BehaviorSubject<RoomState>('connecting');
  readonly problems$ = new Subject<MediaProblem>();
  micProblem: MediaProblem | null = null;
  transmitting = false;
  /** Every setTransmitting call, in order. */
  transmits: boolean[] = [];
  left = false;
  speaker: string | undefined;
  stats: InboundStats | null = { packetsReceived: 10, totalAudioEnergy: 0, jitterBufferMs: 41.6, roundTripMs: 3.2, playoutMs: 12 };
  constructor(
    readonly chatId: string,
    /** What the area asked for at join (microphone, 'sfu' or 'mix' path). */
    readonly options: JoinOptions = {},
  ) {}
  get state(): RoomState {
    return this.state$.value;
  }
  setTransmitting(on: boolean): void {
    this.transmitting = on;
    this.transmits.push(on);
  }
  /** Every setOutput call, in order; `level` is what getOutputLevel answers. */
  outputs: ChannelOutputSettings[] = [];
  level = 0;
  setOutput(o: ChannelOutputSettings): void {
    this.outputs.push(o);
  }
  getOutputLevel(): number {
    return this.level;
  }
  /** Every clip replayed, in order; `endReplay` resolves the one playing (`failReplay` rejects it). */
  replays: ArrayBuffer[] = [];
  replayStops = 0;
  private replayEnd: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  replay(clip: ArrayBuffer): Promise<void> {
    this.replayEnd?.resolve(); // a new clip replaces the one playing
    this.replays.push(clip);
    return new Promise((resolve, reject) => (this.replayEnd = { resolve, reject }));
  }
  stopReplay(): void {
    this.replayStops += 1;
    this.endReplay();
  }
  endReplay(): void {
    this.replayEnd?.resolve();
    this.replayEnd = null;
  }
  failReplay(e: unknown): void {
    this.replayEnd?.reject(e);
    this.replayEnd = null;
  }
  /** Every setBridgeMuted call, in order. */
  bridgeMutes: boolean[] = [];
  bridgeMuted = false;
  setBridgeMuted(muted: boolean): void {
    this.bridgeMuted = muted;
    this.bridgeMutes.push(muted);
  }
  setSpeaker(id: string | undefined): void {
    this.speaker = id;
  }
  getInboundStats(): Promise<InboundStats | null> {
    return Promise.resolve(this.stats);
  }
  leave(): void {
    this.left = true;
    this.state$.complete();
  }
  /** Moves the room to `state` as the media layer would. */
  set(state: RoomState): void {
    act(() => this.state$.next(state));
  }
}

export function fakeMedia() {
  const rooms: FakeRoom[] = [];
  const clients: MediaClientOptions[] = [];
  const create = (options: MediaClientOptions): MediaClient => {
    clients.push(options);
    return {
      joinRoom: (chatId, options) => {
        const room = new FakeRoom(chatId, options);
        rooms.push(room);
        return room;
      },
      close: () => rooms.forEach((r) => r.leave()),
    };
  };
  const last = (): FakeRoom => {
    const room = rooms[rooms.length - 1];
    if (!room) throw new Error('no room joined');
    return room;
  };
  return { create, rooms, clients, last };
}
