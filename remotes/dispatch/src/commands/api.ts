import { deviceCommandRecordSchema, pageSchema } from '@ptt/contracts';
import type { Command, DeviceCommandRecord } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// docs/protocol.md "Device commands".

/** How many past commands a device's history shows when it is selected. */
export const COMMAND_HISTORY_PAGE = 10;

export async function loadCommandHistory(api: ApiClient, deviceId: number, signal?: AbortSignal): Promise<DeviceCommandRecord[]> {
  const page = await api.get(`/api/devices/${deviceId}/commands`, {
    schema: pageSchema(deviceCommandRecordSchema),
    query: { size: COMMAND_HISTORY_PAGE, sort: 'createdAt', order: 'desc' },
    signal,
  });
  return page.items;
}

export function sendCommand(api: ApiClient, deviceId: number, command: Command, confirm = false): Promise<DeviceCommandRecord> {
  const body = confirm ? { command, confirm: true } : { command };
  return api.post(`/api/devices/${deviceId}/commands`, body, { schema: deviceCommandRecordSchema });
}
