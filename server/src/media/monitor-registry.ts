import type { JanusClient } from './janus-client';
import type { MediaLog } from './media-log';
import { MonitorRooms, type MonitorRoomsOptions } from './monitor-rooms';
import { VideoRoomAdmin } from './videoroom-admin';

// One MonitorRooms per media rooms object (so per Janus): the command service and the /janus
// proxy of one app share it, without a new field in the app's dependencies.
const registry = new WeakMap<object, MonitorRooms>();

/** Time limits from the environment (tests and demos shorten them). */
export function monitorLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<MonitorRoomsOptions, 'idleMs' | 'publisherWaitMs' | 'joinWaitMs'> {
  const ms = (v: string | undefined) => (Number.isInteger(Number(v)) && Number(v) >= 500 ? Number(v) : undefined);
  const out: Pick<MonitorRoomsOptions, 'idleMs' | 'publisherWaitMs' | 'joinWaitMs'> = {};
  const idle = ms(env.MONITOR_IDLE_MS);
  const wait = ms(env.MONITOR_PUBLISHER_WAIT_MS);
  const join = ms(env.MONITOR_JOIN_WAIT_MS);
  if (idle !== undefined) out.idleMs = idle;
  if (wait !== undefined) out.publisherWaitMs = wait;
  if (join !== undefined) out.joinWaitMs = join;
  return out;
}

export interface MonitorHost {
  client: JanusClient;
  adminKey: string;
}

/**
 * The monitor rooms of a Janus-backed media object, made on first use; null without Janus (listen
 * and monitor commands then go to the device without a session). `options` only count on the
 * first call (tests shorten the limits).
 */
export function monitorRoomsFor(media: object, log: MediaLog, options: Partial<MonitorRoomsOptions> = {}): MonitorRooms | null {
  const found = registry.get(media);
  if (found) return found;
  const host = media as Partial<MonitorHost>;
  if (!host.client || typeof host.adminKey !== 'string') return null;
  const monitor = new MonitorRooms({ admin: new VideoRoomAdmin(host.client, log), adminKey: host.adminKey, log, ...monitorLimitsFromEnv(), ...options });
  registry.set(media, monitor);
  return monitor;
}
