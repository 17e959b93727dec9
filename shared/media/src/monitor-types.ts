import type { Observable } from 'rxjs';
import type { MonitorEndCause } from '@ptt/contracts';
import type { InboundStats, JanusConstructor, MediaLog } from './types';

// The public shape of monitor subscriptions (monitor.ts): environment listen and monitor.

export const MONITOR_STATES = ['connecting', 'connected', 'failed', 'ended'] as const;
/** connecting: subscribing, or waiting for the device to send; failed: it broke and is retried
 *  with backoff (reconnect() tries at once); ended: the session is over, nothing more comes. */
export type MonitorState = (typeof MONITOR_STATES)[number];

/** How often to ask again while the device is not sending yet. */
export const PUBLISHER_POLL_MS = 500;
/** A subscription whose media is not up by then is given up and tried again. */
export const MONITOR_CONNECT_TIMEOUT_MS = 15_000;

export interface MonitorSubscription {
  readonly roomId: string;
  /** Replays the current state; completes after leave(). */
  readonly state$: Observable<MonitorState>;
  readonly state: MonitorState;
  /** Once ended: why the device never joined ('device not found', 'failed to enter the room'),
   *  when the server said so; null otherwise (stopped, idle, or not ended). */
  readonly endCause: MonitorEndCause | null;
  /** The device's audio (and video for monitor) as one stream; null while none arrives. */
  readonly stream$: Observable<MediaStream | null>;
  readonly stream: MediaStream | null;
  readonly muted: boolean;
  /** Silences (or not) the device's audio here; the device keeps sending. */
  setMuted(muted: boolean): void;
  /** Drops the subscription and subscribes again at once. */
  reconnect(): void;
  getInboundStats(): Promise<InboundStats | null>;
  /** Unsubscribes for good (the session itself goes on until staff stop it). */
  leave(): void;
}

export interface MonitorClientOptions {
  /** Same-origin path of the server's Janus proxy, e.g. `/janus`. */
  janusPath: string;
  /** The session token (janus.js `token`): the proxy checks it. */
  token: string;
  log?: MediaLog;
  /** Tests: a janus.js stand-in. */
  janus?: JanusConstructor;
  /** Tests: MediaStream is not in every environment. */
  createStream?: (tracks: MediaStreamTrack[]) => MediaStream;
}

export interface MonitorClient {
  subscribe(roomId: string): MonitorSubscription;
  /** Leaves every subscription of this client. */
  close(): void;
}
