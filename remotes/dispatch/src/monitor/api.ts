import { monitorStopSchema } from '@ptt/contracts';
import type { MonitorStop } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

/** Ends the device's listen or monitor session (docs/protocol.md "Environment listen and monitor"). */
export function stopMonitor(api: ApiClient, deviceId: number): Promise<MonitorStop> {
  return api.post(`/api/devices/${deviceId}/monitor/stop`, {}, { schema: monitorStopSchema });
}
