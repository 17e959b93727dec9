import { startedTempChannelSchema, tempChannelSchema } from '@ptt/contracts';
import type { StartedTempChannel, TempChannel } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The REST calls of temporary channels (docs/protocol.md).

const tempChannelList = tempChannelSchema.array();

export function startTempChannel(api: ApiClient, userIds: number[]): Promise<StartedTempChannel> {
  return api.post('/api/temp-channels', { userIds }, { schema: startedTempChannelSchema });
}

export function hangUpTempChannel(api: ApiClient, id: number): Promise<TempChannel> {
  return api.del(`/api/temp-channels/${id}`, undefined, { schema: tempChannelSchema });
}

/** The caller's open temporary channels (a reload must not lose the one the dispatcher started). */
export function fetchCurrentTempChannels(api: ApiClient, signal?: AbortSignal): Promise<TempChannel[]> {
  return api.get('/api/temp-channels/current', { schema: tempChannelList, signal });
}
