import type { Db } from './db/db';
import type { AuthService } from './auth/auth.service';
import { authRoutes } from './auth/auth.routes';
import { callRoutes } from './calls/call.routes';
import { channelRoutes } from './channels/channel.routes';
import { registerChatRealtime } from './chat/chat.realtime';
import { chatRoutes } from './chat/chat.routes';
import { registerCommandRealtime } from './commands/command.realtime';
import { commandRoutes } from './commands/command.routes';
import { monitorRoutes } from './monitor/monitor.routes';
import { deviceRoutes } from './devices/device.routes';
import { enterpriseRoutes } from './enterprise/enterprise.routes';
import { fileRoutes } from './files/file.routes';
import type { FileStore } from './files/file-store';
import { registerFenceRealtime } from './fences/fence.realtime';
import { fenceRoutes } from './fences/fence.routes';
import type { RouteDef } from './http/route';
import { registerLocationRealtime } from './locations/location.realtime';
import { locationRoutes } from './locations/location.routes';
import { noticeRoutes } from './notices/notice.routes';
import { recordRoutes } from './records/record.routes';
import { registerSosRealtime } from './sos/sos.realtime';
import { sosRoutes } from './sos/sos.routes';
import { spreadsheetRoutes } from './spreadsheets/spreadsheet.routes';
import { userRoutes } from './users/user.routes';
import type { DomainEvents } from './events/domain-events';
import type { Hub } from './ws/hub';
import type { InboundRouter } from './ws/inbound';
import type { PresenceService } from './ws/presence';
import type { SendLimiter } from './chat/send-limiter';
import type { MediaRooms } from './media/media-rooms';
import { presenceRoutes } from './ws/presence.routes';
import { packageRoutes } from './packages/package.routes';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes';
import { mediaRoutes } from './media/media.routes';
import { tempChannelRoutes } from './temp-channels/temp-channel.routes';
import type { FloorStore } from './ptt/floor-store';
import { pttRoutes } from './ptt/ptt.routes';
import { registerPttRealtime } from './ptt/ptt.realtime';

/** What a feature module gets to build its routes. */
export interface ModuleDeps {
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
  /** Janus AudioBridge rooms for PTT, or NoMedia when no media server is configured. */
  media: MediaRooms;
  /** PTT floors: per node in memory, or shared through Redis. */
  floors: FloorStore;
}

/**
 * Every REST route of the server. The same list feeds Fastify, the OpenAPI document and the
 * tests that walk every endpoint (permissions, bad input).
 */
export function allRoutes(deps: ModuleDeps): RouteDef[] {
  return [
    ...authRoutes(deps),
    ...enterpriseRoutes(deps),
    ...userRoutes(deps),
    ...channelRoutes(deps),
    ...chatRoutes(deps),
    ...deviceRoutes(deps),
    ...commandRoutes(deps),
    ...monitorRoutes(deps),
    ...fileRoutes(deps),
    ...recordRoutes(deps),
    ...presenceRoutes(deps),
    ...locationRoutes(deps),
    ...sosRoutes(deps),
    ...callRoutes(deps),
    ...spreadsheetRoutes(deps),
    ...fenceRoutes(deps),
    ...packageRoutes(deps),
    ...diagnosticsRoutes(deps),
    ...noticeRoutes(deps),
    ...tempChannelRoutes(deps),
    ...mediaRoutes(deps),
    ...pttRoutes(deps),
  ];
}

/**
 * The route definitions without working dependencies: for the OpenAPI document and the docs
 * generator, which read only methods, paths, schemas and permissions (handlers are never called).
 */
export function routeCatalog(): RouteDef[] {
  return allRoutes({} as ModuleDeps);
}

/**
 * Subscriptions a module needs besides its routes: /ws2 frame handlers and domain events. Kept
 * apart from `allRoutes` so the route catalog can be built without working dependencies.
 */
export function wireRealtime(deps: ModuleDeps): void {
  // Modules add their `register...(deps)` calls here.
  registerChatRealtime(deps);
  registerLocationRealtime(deps);
  registerSosRealtime(deps);
  registerCommandRealtime(deps);
  registerFenceRealtime(deps);
  registerPttRealtime(deps);
}
