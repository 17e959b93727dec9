import { idPathSchema, monitorStopSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/**
 * Environment listen and monitor sessions. They open with the listen and camera commands
 * (POST /api/devices/:id/commands answers `monitor`); this ends one. Tagged with PTT as media:
 * listening is conversation, not an administrative operation (no operation type fits it), and
 * the command that opened it is audited in device_logs.
 */
export const monitorRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/devices/:id/monitor/stop',
    summary:
      "Ends the device's environment listen or monitor session: its VideoRoom room is destroyed, so the device and every subscriber drop out. stopped: false when none was open",
    tag: 'ptt',
    auth: 'device.command',
    params: idPathSchema,
    response: monitorStopSchema,
    handler: ({ params, caller, deps }) => deps.monitor.stop(caller, params.id),
  }),
];
