import { RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '@ptt/contracts';
import { SharedOutput, pageAudioContext } from './channel-output';
import type { GestureTarget, OutputAudioContext } from './channel-output';
import { loadJanus } from './loadJanus';
import { openMicrophone } from './micError';
import { Room } from './room';
import { pageSessions } from './session-pool';
import type { SessionPool } from './session-pool';
import { SfuRoom } from './sfu-room';
import type { JanusConstructor, JoinOptions, MediaClient, MediaLog, RoomConnection } from './types';

export interface MediaClientOptions {
  /** Same-origin path of the server's Janus proxy (`GET /api/ptt/media` says which), e.g. `/janus`. */
  janusPath: string;
  /** The session token: janus.js sends it as its `token`, and the proxy checks it. */
  token: string;
  log?: MediaLog;
  /** Tests: a janus.js stand-in; by default the real one is loaded on first join. */
  janus?: JanusConstructor;
  openMicrophone?: (microphoneId: string | undefined) => Promise<MediaStream>;
  createAudio?: () => HTMLAudioElement;
  /** Tests: an AudioContext stand-in; by default the page's one context, made on first use. */
  createAudioContext?: () => OutputAudioContext;
  /** Tests: where a suspended context waits for a gesture; by default the document. */
  gestures?: GestureTarget | null;
  /** Tests: where `sharedSession` rooms find their session; by default the page's one pool. */
  sessions?: SessionPool;
}

/** 1 s, 2 s, 4 s ... up to 30 s, as the /ws2 socket reconnects. */
export function retryDelayMs(failures: number): number {
  return Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * 2 ** Math.min(Math.max(0, failures - 1), 30));
}

/**
 * Browser media for one signed-in session: rooms through the server's Janus proxy. PTT rooms
 * asked for with `path: 'sfu'` are VideoRoom rooms; everything else (calls too) the AudioBridge.
 */
export function createMediaClient(options: MediaClientOptions): MediaClient {
  const rooms = new Set<RoomConnection>();
  const injected = options.janus;
  const log = options.log ?? ((message: string, detail?: unknown) => console.info(`[media] ${message}`, detail ?? ''));
  const gestures = options.gestures !== undefined ? options.gestures : typeof document === 'undefined' ? null : document;
  const deps = {
    janusPath: options.janusPath,
    token: options.token,
    log,
    loadJanus: injected ? () => Promise.resolve(injected) : loadJanus,
    openMicrophone: options.openMicrophone ?? openMicrophone,
    createAudio: options.createAudio ?? (() => document.createElement('audio')),
    retryDelayMs,
    sessions: options.sessions ?? pageSessions,
    output: new SharedOutput({ createAudioContext: options.createAudioContext ?? pageAudioContext, gestures, log }),
  };
  return {
    joinRoom(chatId: string, join: JoinOptions = {}): RoomConnection {
      const room = join.path === 'sfu' ? new SfuRoom(chatId, join, deps) : new Room(chatId, join, deps);
      rooms.add(room);
      room.state$.subscribe({ complete: () => rooms.delete(room) });
      return room;
    },
    close() {
      for (const room of [...rooms]) room.leave();
    },
  };
}
