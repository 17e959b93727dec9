import { PAGE_SIZE_MAX, channelMemberSchema, pageSchema } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

const memberPage = pageSchema(channelMemberSchema);

export interface SosChannelsArg {
  /** Watched channels, ascending (the cache key). */
  channelIds: number[];
  /** Members with an open SOS, ascending. */
  uids: number[];
}

/**
 * Which watched channels an SOS member is on (their channel becomes priority while the SOS is
 * open). Asked only while an SOS is open, once per set of channels and members; a channel's
 * first page of members is read (PAGE_SIZE_MAX, the size of any real talk group).
 */
export const priorityApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    sosChannels: build.query<number[], SosChannelsArg>({
      async queryFn({ channelIds, uids }, _api, _extra, baseQuery) {
        const wanted = new Set(uids);
        const found: number[] = [];
        for (const id of channelIds) {
          const r = await baseQuery({ path: `/api/channels/${id}/members`, schema: memberPage, query: { size: PAGE_SIZE_MAX } });
          if (r.error) return { error: r.error };
          if ((r.data as { items: { userId: number }[] }).items.some((m) => wanted.has(m.userId))) found.push(id);
        }
        return { data: found };
      },
    }),
  }),
});

export const { useSosChannelsQuery } = priorityApi;
