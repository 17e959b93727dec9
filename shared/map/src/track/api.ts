import { trackSchema } from '@ptt/contracts';
import type { Track } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

/** A part of a track in ms since the epoch: `from` inclusive, `to` exclusive (either may be left open). */
export interface TrackRange {
  from?: number;
  to?: number;
}

/**
 * A user's points in time order, at most the newest 1000 (of the range, when one is given);
 * 404/2012 'rule.noTrack' when there are none.
 */
export function fetchTrack(api: ApiClient, uid: number, range: TrackRange = {}, signal?: AbortSignal): Promise<Track> {
  // The client leaves undefined values out of the query string.
  return api.get(`/api/users/${uid}/track`, { schema: trackSchema, query: { from: range.from, to: range.to }, signal });
}
