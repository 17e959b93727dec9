import type { TimeLimits } from '../config';
import type { Logger } from '../logger';
import { JanusRooms } from './janus-rooms';
import type { MediaRooms } from './media-rooms';
import { MonitorRooms } from './monitor-rooms';
import { VideoRoomAdmin } from './videoroom-admin';

/**
 * The monitor sessions' VideoRoom rooms on the Janus that PTT uses; null without Janus (listen and
 * monitor commands then go to the device without a session). Made once per app: the command
 * service and the /janus proxy must see the same sessions.
 */
export function createMonitorRooms(media: MediaRooms, log: Logger, limits: TimeLimits): MonitorRooms | null {
  if (!(media instanceof JanusRooms)) return null;
  return new MonitorRooms({
    admin: new VideoRoomAdmin(media.client, log),
    adminKey: media.adminKey,
    log,
    idleMs: limits.monitorIdleMs,
    publisherWaitMs: limits.monitorPublisherWaitMs,
    joinWaitMs: limits.monitorJoinWaitMs,
  });
}
