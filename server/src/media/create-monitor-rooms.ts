import type { TimeLimits } from '../config';
import type { Logger } from '../logger';
import type { MediaRooms } from './media-rooms';
import { audioBridgeOf } from './media-router';
import { MonitorRooms } from './monitor-rooms';
import { VideoRoomAdmin } from './videoroom-admin';

/**
 * The monitor sessions' VideoRoom rooms on the Janus that PTT uses; null without Janus (listen and
 * monitor commands then go to the device without a session). Made once per app: the command
 * service and the /janus proxy must see the same sessions.
 */
export function createMonitorRooms(media: MediaRooms, log: Logger, limits: TimeLimits): MonitorRooms | null {
  const rooms = audioBridgeOf(media);
  if (!rooms) return null;
  return new MonitorRooms({
    admin: new VideoRoomAdmin(rooms.client, log),
    adminKey: rooms.adminKey,
    log,
    idleMs: limits.monitorIdleMs,
    publisherWaitMs: limits.monitorPublisherWaitMs,
    joinWaitMs: limits.monitorJoinWaitMs,
  });
}
