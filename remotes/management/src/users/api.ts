import { pickerQuery } from '../core';
import {
  blacklistEntrySchema,
  channelSchema,
  pageSchema,
  sheetImportResultSchema,
  userDetailSchema,
  userSummarySchema,
  type Channel,
  type CreateUserRequest,
  type Page,
  type UpdateUserRequest,
  type UserDetail,
  type UserSummary,
} from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The users page's server data. Every answer is checked against its contracts schema; every list
// provides the 'User' tag, so a change here or on another console (UserAdd, UserUp, UserDel,
// UserLock on the bus) refetches the open table.

export const USER_PAGE_SIZE = 20;
/** Options per search in the channel filter and the blacklist picker. */
export const PICKER_SIZE = 20;

/** The table's filters as the query string has them ('' is no filter). */
export type UserFilters = { q: string; role: string; locked: string; online: string; channelId: string };
export const NO_FILTERS: UserFilters = { q: '', role: '', locked: '', online: '', channelId: '' };

export type BlacklistEntry = ReturnType<typeof blacklistEntrySchema.parse>;

const userPage = pageSchema(userSummarySchema);
const channelPage = pageSchema(channelSchema);
const blacklistList = blacklistEntrySchema.array();

export const usersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<Page<UserSummary>, TableQuery<UserFilters>>({
      query: (q) => ({ path: '/api/users', query: queryParams(q), schema: userPage }),
      providesTags: ['User'],
    }),
    userDetail: build.query<UserDetail, number>({
      query: (id) => ({ path: `/api/users/${id}`, schema: userDetailSchema }),
      providesTags: ['User'],
    }),
    createUser: build.mutation<UserDetail, CreateUserRequest>({
      query: (body) => ({ path: '/api/users', method: 'POST', body, schema: userDetailSchema }),
      invalidatesTags: ['User'],
    }),
    updateUser: build.mutation<UserDetail, { id: number; body: UpdateUserRequest }>({
      query: ({ id, body }) => ({ path: `/api/users/${id}`, method: 'PATCH', body, schema: userDetailSchema }),
      invalidatesTags: ['User'],
    }),
    deleteUser: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    setLocked: build.mutation<UserSummary, { id: number; locked: boolean }>({
      query: ({ id, locked }) => ({ path: `/api/users/${id}/${locked ? 'lock' : 'unlock'}`, method: 'POST', schema: userSummarySchema }),
      invalidatesTags: ['User'],
    }),
    resetPassword: build.mutation<unknown, { id: number; password: string }>({
      query: ({ id, password }) => ({ path: `/api/users/${id}/password`, method: 'POST', body: { password } }),
    }),
    setTags: build.mutation<UserSummary, { id: number; tags: string[] }>({
      query: ({ id, tags }) => ({ path: `/api/users/${id}/tags`, method: 'PUT', body: { tags }, schema: userSummarySchema }),
      invalidatesTags: ['User'],
    }),
    blacklist: build.query<BlacklistEntry[], number>({
      query: (id) => ({ path: `/api/users/${id}/blacklist`, schema: blacklistList }),
      providesTags: ['User'],
    }),
    blacklistAdd: build.mutation<BlacklistEntry[], { id: number; userId: number }>({
      query: ({ id, userId }) => ({ path: `/api/users/${id}/blacklist`, method: 'POST', body: { userId }, schema: blacklistList }),
      invalidatesTags: ['User'],
    }),
    blacklistRemove: build.mutation<BlacklistEntry[], { id: number; blockedId: number }>({
      query: ({ id, blockedId }) => ({ path: `/api/users/${id}/blacklist/${blockedId}`, method: 'DELETE', schema: blacklistList }),
      invalidatesTags: ['User'],
    }),
    userChannelOptions: build.query<Page<Channel>, string>({
      query: (q) => ({ path: '/api/channels', query: { size: PICKER_SIZE, sort: 'name', q: q || undefined }, schema: channelPage }),
      providesTags: ['Channel'],
    }),
    userPickOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: pickerQuery(q, PICKER_SIZE), schema: userPage }),
      providesTags: ['User'],
    }),
  }),
});

export const {
  useUserListQuery,
  useUserDetailQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useSetLockedMutation,
  useResetPasswordMutation,
  useSetTagsMutation,
  useBlacklistQuery,
  useBlacklistAddMutation,
  useBlacklistRemoveMutation,
  useLazyUserChannelOptionsQuery,
  useLazyUserPickOptionsQuery,
} = usersApi;

/** The filters of the table as the export takes them (the same names as the list's). */
export function exportQuery(q: TableQuery<UserFilters>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { sort: q.sort, order: q.order };
  for (const [k, v] of Object.entries(q.filters)) out[k] = v === '' ? undefined : v;
  return out;
}

export const exportUsers = (api: ApiClient, q: TableQuery<UserFilters>) => api.download('/api/users/export', { query: exportQuery(q) });
export const downloadImportTemplate = (api: ApiClient) => api.download('/api/users/import/template');

/** One file in the multipart field `file`, as the upload routes read it. */
function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export const importUsers = (api: ApiClient, file: File, onProgress: (fraction: number) => void) =>
  api.upload('/api/users/import', fileForm(file), { schema: sheetImportResultSchema, onProgress });

export const uploadAvatar = (api: ApiClient, id: number, file: File, onProgress: (fraction: number) => void) =>
  api.upload(`/api/users/${id}/avatar`, fileForm(file), { schema: userSummarySchema, onProgress });
