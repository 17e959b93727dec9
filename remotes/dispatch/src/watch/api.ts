import { watchedChannelsSchema } from '@ptt/contracts';
import type { WatchPan, WatchedChannel, WatchedChannels } from '@ptt/contracts';
import type { ChannelOutputSettings } from '@ptt/media';
import { serverApi } from '@ptt/ui';

// docs/protocol.md "Watched channels" (GET/PUT /api/me/watched-channels).

const PATH = '/api/me/watched-channels';

export const watchApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    getWatchedChannels: build.query<WatchedChannels, void>({
      query: () => ({ path: PATH, schema: watchedChannelsSchema }),
    }),
    /**
     * Replaces the whole list. The cache shows the new list at once (the rooms follow it); the
     * server's answer then replaces it, and a refusal brings the server's list back.
     */
    saveWatchedChannels: build.mutation<WatchedChannels, WatchedChannels>({
      query: (body) => ({ path: PATH, method: 'PUT', body, schema: watchedChannelsSchema }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        void dispatch(watchApi.util.upsertQueryData('getWatchedChannels', undefined, body));
        try {
          const { data } = await queryFulfilled;
          void dispatch(watchApi.util.upsertQueryData('getWatchedChannels', undefined, data));
        } catch {
          void dispatch(watchApi.endpoints.getWatchedChannels.initiate(undefined, { forceRefetch: true, subscribe: false }));
        }
      },
    }),
  }),
});

export const { useGetWatchedChannelsQuery, useSaveWatchedChannelsMutation } = watchApi;

const PAN: Record<WatchPan, -1 | 0 | 1> = { left: -1, centre: 0, right: 1 };

/** A watched channel with whether a priority channel ducks it now (usePriority). */
export type ListenedChannel = WatchedChannel & { duck?: boolean };

/** A watched channel's settings as the media layer plays them (volume 0..100 -> 0..1). */
export function outputOf(c: ListenedChannel): ChannelOutputSettings {
  // `duck` only when set: settings without it are not ducked, and read as before ducking existed.
  return { volume: c.volume / 100, muted: c.muted, pan: PAN[c.pan], ...(c.duck ? { duck: true } : {}) };
}
