import { PAGE_SIZE_MAX, latestPositionSchema, pageSchema, sosRecordSchema } from '@ptt/contracts';
import type { LatestPosition, SosRecord } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The REST calls of the live map and SOS (docs/protocol.md); tracks are @ptt/map's, temporary
// channels tempRoom's.

const latestList = latestPositionSchema.array();
const sosPage = pageSchema(sosRecordSchema);

/** Every member's newest position with their presence status (staff only: `location.read`). */
export function fetchLatest(api: ApiClient, signal?: AbortSignal): Promise<LatestPosition[]> {
  return api.get('/api/locations/latest', { schema: latestList, signal });
}

/**
 * The open SOS, oldest first. One page of the largest size: more than 200 SOS open at once is not
 * a situation a list in a dialog would help with anyway.
 */
export async function fetchOpenSos(api: ApiClient, signal?: AbortSignal): Promise<SosRecord[]> {
  const page = await api.get('/api/sos', {
    schema: sosPage,
    query: { state: 'open', size: PAGE_SIZE_MAX, sort: 'startedAt', order: 'asc' },
    signal,
  });
  return page.items;
}

export function closeSos(api: ApiClient, sosId: number): Promise<SosRecord> {
  return api.post(`/api/sos/${sosId}/close`, undefined, { schema: sosRecordSchema });
}

/** Says "I have it" (ADR 025): stops the alarm everywhere; answers the record as it is if someone
 *  acknowledged first. A closed SOS answers 2028 'rule.sosAlreadyClosed'. */
export function ackSos(api: ApiClient, sosId: number): Promise<SosRecord> {
  return api.post(`/api/sos/${sosId}/ack`, undefined, { schema: sosRecordSchema });
}

/** One SOS, open or closed. */
export function fetchSos(api: ApiClient, sosId: number, signal?: AbortSignal): Promise<SosRecord> {
  return api.get(`/api/sos/${sosId}`, { schema: sosRecordSchema, signal });
}
