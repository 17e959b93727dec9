import type { AuthService } from './auth/auth.service';
import type { SendLimiter } from './chat/send-limiter';
import type { Db } from './db/db';
import type { DomainEvents } from './events/domain-events';
import type { FileStore } from './files/file-store';
import type { Logger } from './logger';
import type { MediaRooms } from './media/media-rooms';
import type { FloorStore } from './ptt/floor-store';
import type { Hub } from './ws/hub';
import type { InboundRouter } from './ws/inbound';
import type { PresenceService } from './ws/presence';

/**
 * What app.ts makes before any feature service: storage, the real-time plumbing and the node's
 * shared helpers. Services take the part they use (`Pick<CoreDeps, ...>`) and never import the
 * feature-level `ModuleDeps`, which would import them back.
 */
export interface CoreDeps {
  db: Db;
  hub: Hub;
  auth: AuthService;
  files: FileStore;
  /** In-process events between modules (after commits, on the node where the change happened). */
  events: DomainEvents;
  /** Handlers of client-sent /ws2 frames (location, sos, command replies, chat heartbeats). */
  inbound: InboundRouter;
  presence: PresenceService;
  /** Chat "sending too fast": per node in memory, or shared through Redis. */
  sendLimiter: SendLimiter;
  /** Uploads per user (http/upload-limit.ts): per node in memory, or shared through Redis. */
  uploadLimiter: SendLimiter;
  /** Janus AudioBridge rooms for PTT, or NoMedia when no media server is configured. */
  media: MediaRooms;
  /** PTT floors: per node in memory, or shared through Redis. */
  floorStore: FloorStore;
  /** The app's logger, for what fails off a request's path. */
  log: Logger;
}
