import type { Observable } from 'rxjs';
import type { JanusJS } from 'janus-gateway';

/** PTT connection states of spec section 4, as the console shows them. */
export const ROOM_STATES = ['connecting', 'connected', 'notConnected', 'disconnected'] as const;
/**
 * connecting: joining or rejoining; connected: joined and the PeerConnection is up (ICE and DTLS
 * done, audio flows); disconnected: it was connected and dropped (a rejoin is under way);
 * notConnected: it never got there, or it gave up.
 */
export type RoomState = (typeof ROOM_STATES)[number];

/** What went wrong, as the i18n key of a client message of spec section 8. */
export interface MediaProblem {
  key: string;
  cause?: unknown;
}

/**
 * Where one room's audio sits in the listener's ears (watched channels, issue 19). A room given
 * these plays through the shared WebAudio graph (docs/adr/023-watched-channels.md); without them it
 * plays through plain <audio> elements, the shortest path (docs/adr/022-ptt-forwarded-not-mixed.md).
 */
export interface ChannelOutputSettings {
  /** 0..1, the room's gain (values outside are clamped). */
  volume: number;
  /** Silences the room (gain 0) without leaving it. */
  muted: boolean;
  /** -1 left, 0 centre, 1 right. */
  pan: -1 | 0 | 1;
  /**
   * Another channel has priority now (issue 19): the room's gain glides down to `DUCK_FACTOR` of
   * its volume in a few tens of milliseconds, and back up when this turns false again.
   */
  duck?: boolean;
}

export interface JoinOptions {
  /**
   * Never asks for the microphone and never sends: the VideoRoom joins as a publisher that does not
   * publish, the AudioBridge joins muted with a receive-only offer.
   */
  listenOnly?: boolean;
  /** Play through WebAudio with this volume, mute and pan; absent: plain <audio> elements. */
  output?: ChannelOutputSettings;
  /** A `MediaDeviceInfo.deviceId`; the browser's default microphone when absent. */
  microphoneId?: string;
  /** Where the room's audio plays (`setSinkId`), where the browser supports choosing. */
  speakerId?: string;
  /**
   * PTT rooms only: 'sfu' joins the VideoRoom (packets forwarded, floor by the server's
   * moderation), 'mix' the AudioBridge (the old path, and always for calls).
   */
  path?: 'sfu' | 'mix';
  /**
   * Shares one Janus session (one HTTP long poll) with the page's other rooms that ask for it,
   * instead of a session of its own: the browser's six connections per host cannot carry a long
   * poll for each of many watched rooms (ADR 023). The room attaches its handles to the shared
   * session, detaches only those when it leaves or retries, and fails over with every other room
   * on it when the session dies.
   */
  sharedSession?: boolean;
}

/** The receive side of the room's audio, from `getStats()`; null where the browser did not say. */
export interface InboundStats {
  packetsReceived: number | null;
  /** Grows while sound (not silence) arrives: the "was it heard" figure of the media tests. */
  totalAudioEnergy: number | null;
  /** Average time a sample waited in the jitter buffer, ms. */
  jitterBufferMs: number | null;
  /** The media path's round trip (remote-inbound-rtp, else the ICE candidate pair), ms. */
  roundTripMs: number | null;
  /** Average time from the jitter buffer to the audio output (media-playout, Chromium), ms. */
  playoutMs: number | null;
}

/** One joined room (AudioBridge mix or VideoRoom SFU). */
export interface RoomConnection {
  readonly chatId: string;
  /** Replays the current state to a new subscriber; completes after `leave()`. */
  readonly state$: Observable<RoomState>;
  readonly state: RoomState;
  /** Failures worth telling the user (microphone, cannot connect); the room goes on where it can. */
  readonly problems$: Observable<MediaProblem>;
  /** The microphone failure of the last join (the room then only listens), or null. */
  readonly micProblem: MediaProblem | null;
  /**
   * Enables the microphone track only while the floor is held. The server mutes and unmutes us
   * in the mixer; the client never asks Janus to unmute (the proxy refuses it).
   */
  setTransmitting(on: boolean): void;
  readonly transmitting: boolean;
  /**
   * Sends the room's audio to another output device. On the WebAudio path this moves the one
   * shared AudioContext, so every room on that path follows (where `AudioContext.setSinkId` exists).
   */
  setSpeaker(speakerId: string | undefined): void;
  /**
   * Volume, mute and pan of this room. A room joined without `output` switches to the WebAudio
   * path here and stays on it until it is left.
   */
  setOutput(output: ChannelOutputSettings): void;
  /**
   * RMS level (0..1) of what this room plays now, after its volume and mute: 0 when muted, silent,
   * or not on the WebAudio path.
   */
  getOutputLevel(): number;
  /**
   * Instant replay (issue 19): decodes a recorded clip (a burst's Ogg Opus or WAV) with the shared
   * AudioContext and plays it into this room's output beside the live audio, so its volume, mute,
   * pan and `getOutputLevel` apply (a room not on the WebAudio path plays it straight to the
   * speakers). A new clip replaces the one playing. Resolves when the clip has ended, was stopped
   * or was replaced; rejects when it cannot be decoded, no AudioContext exists or the room was left.
   */
  replay(clip: ArrayBuffer): Promise<void>;
  /** Silences the clip being replayed; the live audio goes on. */
  stopReplay(): void;
  /**
   * Patch and all-call (docs/adr/024-patch-and-all-call.md): whether this room's bridge feed (the
   * VideoRoom publisher with display `bridge`, which carries a talker of another room) is left
   * unheard. For a console that already hears that talker directly (the patch's source room is
   * joined too, or the all-call is its own), so the same voice does not come twice. The feed stays
   * subscribed and its element playing, so turning this off is heard at once. No bridge on the
   * AudioBridge path: there it does nothing.
   */
  setBridgeMuted(muted: boolean): void;
  readonly bridgeMuted: boolean;
  getInboundStats(): Promise<InboundStats | null>;
  /** Leaves the room and releases the microphone; the connection cannot be used again. */
  leave(): void;
}

export interface MediaClient {
  joinRoom(chatId: string, options?: JoinOptions): RoomConnection;
  /** Leaves every room this client joined. */
  close(): void;
}

export type MediaLog = (message: string, detail?: unknown) => void;

// The part of janus.js this package uses, so tests can hand in a fake of the same shape.
export type JanusPluginHandle = Pick<JanusJS.PluginHandle, 'send' | 'createOffer' | 'createAnswer' | 'handleRemoteJsep' | 'detach'> & {
  webrtcStuff?: { pc?: RTCPeerConnection | null } | null;
};
export interface JanusSession {
  attach(options: Omit<JanusJS.PluginOptions, 'success'> & { success?: (handle: JanusPluginHandle) => void }): void;
  destroy(options: JanusJS.DestroyOptions): void;
}
export type JanusConstructor = new (options: JanusJS.ConstructorOptions) => JanusSession;
export type { JanusJS };
