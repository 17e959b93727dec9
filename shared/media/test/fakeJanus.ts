// A stand-in for janus.js (one layer down from @ptt/media): records what the room asks of it and
// lets a test play the server's side (session up, plugin attached, events, WebRTC up or lost).
import type { JanusConstructor, JanusJS, JanusPluginHandle, JanusSession } from '../src/types';

type AttachOptions = Parameters<JanusSession['attach']>[0];

export class FakeHandle implements JanusPluginHandle {
  sent: JanusJS.PluginMessage[] = [];
  offers: JanusJS.OfferParams[] = [];
  answers: JanusJS.PluginCreateAnswerParam[] = [];
  /** Acknowledge every message at once (janus.js calls `success` on Janus's ack). */
  autoAck = false;
  remote: JanusJS.JSEP[] = [];
  webrtcStuff: { pc: RTCPeerConnection | null } = { pc: null };
  send(message: JanusJS.PluginMessage): void {
    this.sent.push(message);
    if (this.autoAck) message.success?.(undefined);
  }
  createOffer(params: JanusJS.OfferParams): void {
    this.offers.push(params);
  }
  createAnswer(params: JanusJS.PluginCreateAnswerParam): void {
    this.answers.push(params);
  }
  handleRemoteJsep(params: JanusJS.PluginHandleRemoteJsepParam): void {
    this.remote.push(params.jsep);
  }
  detach(): void {}
}

export class FakeSession implements JanusSession {
  plugins: AttachOptions[] = [];
  handle = new FakeHandle();
  destroyed = false;
  constructor(readonly options: JanusJS.ConstructorOptions) {}
  attach(options: AttachOptions): void {
    this.plugins.push(options);
  }
  destroy(): void {
    this.destroyed = true;
  }
  get plugin(): AttachOptions {
    const p = this.plugins[0];
    if (!p) throw new Error('nothing attached');
    return p;
  }
  /** The server side of a join: session created, plugin attached, joined, offer answered. */
  joinUntilAnswered(): void {
    this.options.success?.();
    this.plugin.success?.(this.handle);
    this.plugin.onmessage?.({ audiobridge: 'joined', id: 7, room: 'room' });
    this.handle.offers[0]?.success?.({ type: 'offer', sdp: 'v=0 offer' });
    this.plugin.onmessage?.({ audiobridge: 'event', result: 'ok' } as unknown as JanusJS.Message, { type: 'answer', sdp: 'v=0 answer' });
  }
}

export function fakeJanus(): { ctor: JanusConstructor; sessions: FakeSession[]; last: () => FakeSession } {
  const sessions: FakeSession[] = [];
  const ctor = class extends FakeSession {
    constructor(options: JanusJS.ConstructorOptions) {
      super(options);
      sessions.push(this);
    }
  };
  return {
    ctor,
    sessions,
    last: () => {
      const s = sessions[sessions.length - 1];
      if (!s) throw new Error('no session yet');
      return s;
    },
  };
}

export interface FakeTrack {
  kind: 'audio';
  enabled: boolean;
  readyState: 'live' | 'ended';
  stop: jest.Mock;
}

export function fakeMic(): { stream: MediaStream; track: FakeTrack } {
  const track: FakeTrack = { kind: 'audio', enabled: true, readyState: 'live', stop: jest.fn() };
  const stream = { getAudioTracks: () => [track], getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

/** jsdom has no MediaStream; the room only wraps the remote track in one for the audio element. */
export class FakeMediaStream {
  constructor(private readonly tracks: unknown[]) {}
  getTracks(): unknown[] {
    return this.tracks;
  }
}

export function fakeAudio(): HTMLAudioElement & { setSinkId: jest.Mock; play: jest.Mock } {
  const audio = { autoplay: false, srcObject: null, setSinkId: jest.fn(() => Promise.resolve()), play: jest.fn(() => Promise.resolve()) };
  return audio as unknown as HTMLAudioElement & { setSinkId: jest.Mock; play: jest.Mock };
}
