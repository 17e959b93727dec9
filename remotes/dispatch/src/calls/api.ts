import { callRecordSchema, pageSchema } from '@ptt/contracts';
import type { CallRecord } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

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
export function listOwnCalls(api: ApiClient, userId: number, size: number, signal?: AbortSignal): Promise<CallRecord[]> {
  return api.get('/api/records/calls', { schema: callPage, query: { userId, size }, signal }).then((p) => p.items);
}

export function currentCall(api: ApiClient, signal?: AbortSignal): Promise<CallRecord | null> {
  return api.get('/api/calls/current', { schema: callRecordSchema.nullable(), signal });
}
