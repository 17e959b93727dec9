import {
  channelSchema,
  enterpriseSchema,
  fenceDetailSchema,
  fenceSchema,
  pageSchema,
  userSummarySchema,
  type Channel,
  type CreateFenceRequest,
  type Fence,
  type FenceDetail,
  type FenceRule,
  type Page,
  type UpdateFenceRequest,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The fence pages' server data. Every answer is checked against its contracts schema. Every read
// provides the 'Fence' tag and every change invalidates it; FenceChange frames on the bus
// (ws/fence) invalidate it too, so open lists and editors follow other consoles.

export const FENCE_PAGE_SIZE = 20;
/** People or channels offered per search in the link pickers. */
export const PICKER_SIZE = 20;

export type FenceFilters = { q: string; enabled: '' | 'true' | 'false'; rule: '' | FenceRule };
export type LinkKind = 'users' | 'channels';

const fencePageSchema = pageSchema(fenceSchema);
const userPageSchema = pageSchema(userSummarySchema);
const channelPageSchema = pageSchema(channelSchema);
const timeZoneSchema = enterpriseSchema.pick({ timeZone: true });

/**
 * A picker's search. Browsing lists by name; a search asks by id order, because sorting thousands
 * of matches by name costs the database far more (ADR 019) and a person is found by typing more.
 */
export function pickerQuery(q: string, byName: 'nickname' | 'name'): { size: number; sort: string; q?: string } {
  const term = q.trim();
  return term === '' ? { size: PICKER_SIZE, sort: byName } : { size: PICKER_SIZE, sort: 'id', q: term };
}

export const fencesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    fencePage: build.query<Page<Fence>, TableQuery<FenceFilters>>({
      query: (q) => ({ path: '/api/fences', query: queryParams(q), schema: fencePageSchema }),
      providesTags: ['Fence'],
    }),
    fence: build.query<FenceDetail, number>({
      query: (id) => ({ path: `/api/fences/${id}`, schema: fenceDetailSchema }),
      providesTags: ['Fence'],
    }),
    createFence: build.mutation<FenceDetail, CreateFenceRequest>({
      query: (body) => ({ path: '/api/fences', method: 'POST', body, schema: fenceDetailSchema }),
      invalidatesTags: ['Fence'],
    }),
    updateFence: build.mutation<FenceDetail, { id: number; body: UpdateFenceRequest }>({
      query: ({ id, body }) => ({ path: `/api/fences/${id}`, method: 'PATCH', body, schema: fenceDetailSchema }),
      invalidatesTags: ['Fence'],
    }),
    setFenceEnabled: build.mutation<FenceDetail, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ path: `/api/fences/${id}/${enabled ? 'start' : 'stop'}`, method: 'POST', schema: fenceDetailSchema }),
      invalidatesTags: ['Fence'],
    }),
    deleteFence: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/fences/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Fence'],
    }),
    /** Links users (`users`) or channels (`channels`) to a fence, enabled. */
    linkFence: build.mutation<FenceDetail, { id: number; kind: LinkKind; ids: number[] }>({
      query: ({ id, kind, ids }) => ({
        path: `/api/fences/${id}/${kind}`,
        method: 'POST',
        body: kind === 'users' ? { userIds: ids } : { channelIds: ids },
        schema: fenceDetailSchema,
      }),
      invalidatesTags: ['Fence'],
    }),
    setFenceLinkEnabled: build.mutation<FenceDetail, { id: number; kind: LinkKind; target: number; enabled: boolean }>({
      query: ({ id, kind, target, enabled }) => ({ path: `/api/fences/${id}/${kind}/${target}`, method: 'PATCH', body: { enabled }, schema: fenceDetailSchema }),
      invalidatesTags: ['Fence'],
    }),
    unlinkFence: build.mutation<FenceDetail, { id: number; kind: LinkKind; target: number }>({
      query: ({ id, kind, target }) => ({ path: `/api/fences/${id}/${kind}/${target}`, method: 'DELETE', schema: fenceDetailSchema }),
      invalidatesTags: ['Fence'],
    }),
    fenceUserOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: pickerQuery(q, 'nickname'), schema: userPageSchema }),
      providesTags: ['User'],
    }),
    fenceChannelOptions: build.query<Page<Channel>, string>({
      query: (q) => ({ path: '/api/channels', query: pickerQuery(q, 'name'), schema: channelPageSchema }),
      providesTags: ['Channel'],
    }),
    /** The organisation's time zone, in which schedules run (ADR 027). */
    fenceTimeZone: build.query<string, void>({
      query: () => ({ path: '/api/enterprise', schema: timeZoneSchema }),
      transformResponse: (e: { timeZone: string }) => e.timeZone,
    }),
  }),
});

export const {
  useFencePageQuery,
  useFenceQuery,
  useCreateFenceMutation,
  useUpdateFenceMutation,
  useSetFenceEnabledMutation,
  useDeleteFenceMutation,
  useLinkFenceMutation,
  useSetFenceLinkEnabledMutation,
  useUnlinkFenceMutation,
  useLazyFenceUserOptionsQuery,
  useLazyFenceChannelOptionsQuery,
  useFenceTimeZoneQuery,
} = fencesApi;
