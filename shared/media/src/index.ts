// @ptt/media: browser media for the remotes. janus.js (AudioBridge, and VideoRoom for PTT) behind a small typed service
// that talks only to the server's filtering Janus proxy (docs/adr/010-ptt-media.md).
export { DUCK_FACTOR, DUCK_TIME_CONSTANT, LEVEL_WINDOW } from './channel-output';
export type { GestureTarget, OutputAudioContext } from './channel-output';
export { createMediaClient, retryDelayMs } from './client';
export type { MediaClientOptions } from './client';
export { micErrorKey, openMicrophone } from './micError';
export { inboundStatsOf } from './stats';
export { loadJanus, webrtcSupported } from './loadJanus';
export { AUDIOBRIDGE } from './room';
export { CONNECT_TIMEOUT_MS, ICE_GRACE_MS } from './room-lifecycle';
export { SessionPool, pageSessions } from './session-pool';
export { SIREN_CYCLE_MS, SIREN_RESUME_GRACE_MS, Siren } from './siren';
export type { SirenLevel, SirenState } from './siren';
export type { SessionLease, SessionUser } from './session-pool';
export { BRIDGE_DISPLAY, SUBSCRIBE_RETRY_MS } from './sfu-feeds';
export { ROOM_STATES } from './types';
export type {
  ChannelOutputSettings,
  InboundStats,
  JanusConstructor,
  JanusPluginHandle,
  JanusSession,
  JoinOptions,
  MediaClient,
  MediaLog,
  MediaProblem,
  RoomConnection,
  RoomState,
} from './types';
export * from './monitor';
