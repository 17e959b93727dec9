import { PAGE_SIZE_MAX, fenceDetailSchema, fenceSchema, pageSchema } from '@ptt/contracts';
import type { Fence, FenceDetail, Page } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// The dispatch map's fences (ADR 027). Both provide the 'Fence' tag, which every FenceChange and
// WallAlert on the bus invalidates (@ptt/ui busInvalidation), so the map follows edits made in
// the fences screens or on another console.

const fencePage = pageSchema(fenceSchema);
/** Far more than an organisation draws; the list stops at the first short page anyway. */
const MAX_PAGES = 50;

export const fenceLayerApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every enabled fence of the organisation, all pages. */
    enabledFences: build.query<Fence[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const all: Fence[] = [];
        for (let page = 1; page <= MAX_PAGES; page++) {
          const result = await baseQuery({ path: '/api/fences', query: { enabled: true, page, size: PAGE_SIZE_MAX, sort: 'id' }, schema: fencePage });
          if (result.error) return { error: result.error };
          const { items } = result.data as Page<Fence>;
          all.push(...items);
          if (items.length < PAGE_SIZE_MAX) break;
        }
        return { data: all };
      },
      providesTags: ['Fence'],
    }),
    /** One fence, stopped or not: the one an alert names. */
    fence: build.query<FenceDetail, number>({
      query: (id) => ({ path: `/api/fences/${id}`, schema: fenceDetailSchema }),
      providesTags: ['Fence'],
    }),
  }),
});

export const { useEnabledFencesQuery, useFenceQuery } = fenceLayerApi;
