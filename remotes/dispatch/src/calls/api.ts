import { callRecordSchema, pageSchema } from '@ptt/contracts';
import type { CallRecord, Page } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { serverApi } from '@ptt/ui';

// docs/protocol.md "Calls".

const callPage = pageSchema(callRecordSchema);

export function startCall(api: ApiClient, calleeId: number): Promise<CallRecord> {
  return api.post('/api/calls', { calleeId }, { schema: callRecordSchema });
}

export type CallAction = 'accept' | 'reject' | 'hangup';

export function changeCall(api: ApiClient, callId: number, action: CallAction): Promise<CallRecord> {
  return api.post(`/api/calls/${callId}/${action}`, undefined, { schema: callRecordSchema });
}

/** The user's own recent calls, either side, newest first (the call log). */
export const callLogApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    ownCalls: build.query<Page<CallRecord>, { userId: number; page: number; size: number }>({
      query: ({ userId, page, size }) => ({ path: '/api/records/calls', query: { userId, page, size }, schema: callPage }),
    }),
  }),
});

export const { useOwnCallsQuery } = callLogApi;

export function currentCall(api: ApiClient, signal?: AbortSignal): Promise<CallRecord | null> {
  return api.get('/api/calls/current', { schema: callRecordSchema.nullable(), signal });
}
