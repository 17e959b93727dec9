import { pickerQuery } from '../core';
import {
  channelDetailSchema,
  channelMemberSchema,
  channelSchema,
  pageSchema,
  userSummarySchema,
  type AddChannelMembersRequest,
  type Channel,
  type ChannelDetail,
  type ChannelMember,
  type CreateChannelRequest,
  type Page,
  type UpdateChannelMemberRequest,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The channels page's server data. Every answer is checked against its contracts schema; every
// list provides the 'Channel' tag and every change invalidates it, so this page, an open member
// list and other consoles (ChannelChange on the bus) refetch.

export const CHANNEL_PAGE_SIZE = 20;
export const MEMBER_PAGE_SIZE = 20;
/** People offered per search in the member picker. */
export const PICKER_SIZE = 20;

/** The state filter: '' is every live channel (the server's default leaves disbanded ones out). */
export const CHANNEL_STATES = ['enabled', 'suspended', 'disbanded'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];
export type ChannelFilters = { q: string; state: '' | ChannelState };
export type MemberFilters = { q: string };

/** The one state a row shows. */
export function channelState(c: Channel): ChannelState {
  if (c.disbanded) return 'disbanded';
  return c.enabled ? 'enabled' : 'suspended';
}

/** The state filter as the list's own query parameters (enabled, disbanded). */
export function channelListParams(q: TableQuery<ChannelFilters>) {
  const { state, ...rest } = q.filters;
  const params = queryParams({ ...q, filters: rest });
  if (state === 'enabled') return { ...params, enabled: 'true' };
  if (state === 'suspended') return { ...params, enabled: 'false' };
  if (state === 'disbanded') return { ...params, disbanded: 'true' };
  return params;
}

const channelPageSchema = pageSchema(channelSchema);
const memberPageSchema = pageSchema(channelMemberSchema);
const userPageSchema = pageSchema(userSummarySchema);
const memberList = channelMemberSchema.array();

export const channelsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    channelPage: build.query<Page<Channel>, TableQuery<ChannelFilters>>({
      query: (q) => ({ path: '/api/channels', query: channelListParams(q), schema: channelPageSchema }),
      providesTags: ['Channel'],
    }),
    channelMemberPage: build.query<Page<ChannelMember>, { id: number; query: TableQuery<MemberFilters> }>({
      query: ({ id, query }) => ({ path: `/api/channels/${id}/members`, query: queryParams(query), schema: memberPageSchema }),
      providesTags: ['Channel'],
    }),
    createChannel: build.mutation<ChannelDetail, CreateChannelRequest>({
      query: (body) => ({ path: '/api/channels', method: 'POST', body, schema: channelDetailSchema }),
      invalidatesTags: ['Channel'],
    }),
    renameChannel: build.mutation<Channel, { id: number; name: string }>({
      query: ({ id, name }) => ({ path: `/api/channels/${id}`, method: 'PATCH', body: { name }, schema: channelSchema }),
      invalidatesTags: ['Channel'],
    }),
    setChannelEnabled: build.mutation<Channel, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ path: `/api/channels/${id}/${enabled ? 'resume' : 'suspend'}`, method: 'POST', schema: channelSchema }),
      invalidatesTags: ['Channel'],
    }),
    disbandChannel: build.mutation<Channel, number>({
      query: (id) => ({ path: `/api/channels/${id}/disband`, method: 'POST', schema: channelSchema }),
      invalidatesTags: ['Channel'],
    }),
    deleteChannel: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/channels/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Channel'],
    }),
    addChannelMembers: build.mutation<ChannelMember[], { id: number; body: AddChannelMembersRequest }>({
      query: ({ id, body }) => ({ path: `/api/channels/${id}/members`, method: 'POST', body, schema: memberList }),
      // A member's channels show on the users page too.
      invalidatesTags: ['Channel', 'User'],
    }),
    updateChannelMember: build.mutation<ChannelMember, { id: number; userId: number; body: UpdateChannelMemberRequest }>({
      query: ({ id, userId, body }) => ({ path: `/api/channels/${id}/members/${userId}`, method: 'PATCH', body, schema: channelMemberSchema }),
      invalidatesTags: ['Channel'],
    }),
    removeChannelMember: build.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ path: `/api/channels/${id}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Channel', 'User'],
    }),
    /** The member picker's search over all users of the organisation. */
    channelUserOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: pickerQuery(q, PICKER_SIZE), schema: userPageSchema }),
      providesTags: ['User'],
    }),
  }),
});

export const {
  useChannelPageQuery,
  useChannelMemberPageQuery,
  useCreateChannelMutation,
  useRenameChannelMutation,
  useSetChannelEnabledMutation,
  useDisbandChannelMutation,
  useDeleteChannelMutation,
  useAddChannelMembersMutation,
  useUpdateChannelMemberMutation,
  useRemoveChannelMemberMutation,
  useLazyChannelUserOptionsQuery,
} = channelsApi;
