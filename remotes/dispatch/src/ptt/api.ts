import { floorListSchema, floorSchema, mediaInfoSchema, recentBurstsSchema } from '@ptt/contracts';
import type { ChatMessage, Floor, MediaInfo, ReleaseFloorRequest, RequestFloorRequest } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The PTT calls of docs/protocol.md "PTT".

export function fetchMedia(api: ApiClient, signal?: AbortSignal): Promise<MediaInfo> {
  return api.get('/api/ptt/media', { schema: mediaInfoSchema, signal });
}

/** The floors held now in the caller's channels and temporary channels. */
export function fetchFloors(api: ApiClient, signal?: AbortSignal): Promise<Floor[]> {
  return api.get('/api/ptt/floors', { schema: floorListSchema, signal });
}

/** Press: granted (holder is the caller) or refused with an ApiError (409/2026 when occupied). */
export function requestFloor(api: ApiClient, body: RequestFloorRequest): Promise<Floor> {
  return api.post('/api/ptt/floor', body, { schema: floorSchema });
}

export function releaseFloor(api: ApiClient, body: ReleaseFloorRequest): Promise<Floor> {
  return api.post('/api/ptt/floor/release', body, { schema: floorSchema });
}

/** A channel's last PTT messages, newest first. */
export function fetchRecent(api: ApiClient, chatId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return api.get(`/api/ptt/recent/${encodeURIComponent(chatId)}`, { schema: recentBurstsSchema, signal });
}
