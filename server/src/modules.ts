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
import { registerFenceRealtime } from './fences/fence.realtime';
import { fenceRoutes } from './fences/fence.routes';
import type { RouteDef } from './http/route';
import type { ModuleDeps } from './module-deps';
import { registerLocationRealtime } from './locations/location.realtime';
import { locationRoutes } from './locations/location.routes';
import { noticeRoutes } from './notices/notice.routes';
import { recordRoutes } from './records/record.routes';
import { registerSosRealtime } from './sos/sos.realtime';
import { sosRoutes } from './sos/sos.routes';
import { spreadsheetRoutes } from './spreadsheets/spreadsheet.routes';
import { userRoutes } from './users/user.routes';
import { presenceRoutes } from './ws/presence.routes';
import { packageRoutes } from './packages/package.routes';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes';
import { mediaRoutes } from './media/media.routes';
import { tempChannelRoutes } from './temp-channels/temp-channel.routes';
import { pttRoutes } from './ptt/ptt.routes';
import { patchRoutes } from './ptt/patch.routes';
import { registerPttRealtime } from './ptt/ptt.realtime';
import { watchRoutes } from './watch/watch.routes';
import { screenRoutes } from './screen/screen.routes';
import { patrolRoutes } from './patrol/patrol.routes';
import { registerPatrolRealtime } from './patrol/patrol.realtime';

/**
 * Every REST route of the server. The same list feeds Fastify, the OpenAPI document and the
 * tests that walk every endpoint (permissions, bad input).
 */
export const allRoutes: readonly RouteDef[] = [
  ...authRoutes,
  ...enterpriseRoutes,
  ...userRoutes,
  ...channelRoutes,
  ...chatRoutes,
  ...deviceRoutes,
  ...commandRoutes,
  ...monitorRoutes,
  ...fileRoutes,
  ...recordRoutes,
  ...presenceRoutes,
  ...locationRoutes,
  ...sosRoutes,
  ...callRoutes,
  ...spreadsheetRoutes,
  ...fenceRoutes,
  ...packageRoutes,
  ...diagnosticsRoutes,
  ...noticeRoutes,
  ...tempChannelRoutes,
  ...mediaRoutes,
  ...pttRoutes,
  ...patchRoutes,
  ...watchRoutes,
  ...screenRoutes,
  ...patrolRoutes,
];

/**
 * Subscriptions a module needs besides its routes: /ws2 frame handlers and domain events, on the
 * services the composition root made (compose.ts).
 */
export function wireRealtime(deps: ModuleDeps): void {
  // Modules add their `register...(deps)` calls here.
  registerChatRealtime(deps);
  registerLocationRealtime(deps);
  registerSosRealtime(deps);
  registerCommandRealtime(deps);
  registerFenceRealtime(deps);
  registerPttRealtime(deps);
  registerPatrolRealtime(deps);
}
