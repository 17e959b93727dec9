import {
  channelSchema,
  noticeDetailSchema,
  noticeRecipientSchema,
  noticeSchema,
  pageSchema,
  userSummarySchema,
  type Channel,
  type CreateNotice,
  type NoticeDetail,
  type NoticeRecipient,
  type Notice,
  type Page,
  type SendNotice,
  type UpdateNotice,
  type UserSummary,
} from '@ptt/contracts';
import { queryParams, serverApi, type TableQuery } from '@ptt/ui';

// The notices page's server data; every answer is checked against its contracts schema, and
// every change invalidates the 'Notice' tag so the list (and an open recipients view) refetch.

export const NOTICE_PAGE_SIZE = 20;
/** Options shown per search in the send dialog's pickers. */
export const PICKER_SIZE = 20;
export const RECIPIENTS_SIZE = 20;

export type NoticeFilters = { q: string; status: string };

const noticePage = pageSchema(noticeSchema);
const recipientPage = pageSchema(noticeRecipientSchema);
const channelPage = pageSchema(channelSchema);
const userPage = pageSchema(userSummarySchema);

export const noticesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    notices: build.query<Page<Notice>, TableQuery<NoticeFilters>>({
      query: (q) => ({ path: '/api/notices', query: queryParams(q), schema: noticePage }),
      providesTags: ['Notice'],
    }),
    noticeRecipients: build.query<Page<NoticeRecipient>, { id: number; query: TableQuery }>({
      query: ({ id, query }) => ({ path: `/api/notices/${id}/recipients`, query: queryParams(query), schema: recipientPage }),
      providesTags: ['Notice'],
    }),
    createNotice: build.mutation<NoticeDetail, CreateNotice>({
      query: (body) => ({ path: '/api/notices', method: 'POST', body, schema: noticeDetailSchema }),
      invalidatesTags: ['Notice'],
    }),
    updateNotice: build.mutation<NoticeDetail, { id: number; body: UpdateNotice }>({
      query: ({ id, body }) => ({ path: `/api/notices/${id}`, method: 'PUT', body, schema: noticeDetailSchema }),
      invalidatesTags: ['Notice'],
    }),
    sendNotice: build.mutation<NoticeDetail, { id: number; body: SendNotice }>({
      query: ({ id, body }) => ({ path: `/api/notices/${id}/send`, method: 'POST', body, schema: noticeDetailSchema }),
      invalidatesTags: ['Notice'],
    }),
    deleteNotice: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/notices/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Notice'],
    }),
    channelOptions: build.query<Page<Channel>, string>({
      query: (q) => ({ path: '/api/channels', query: { size: PICKER_SIZE, sort: 'name', q: q || undefined }, schema: channelPage }),
      providesTags: ['Channel'],
    }),
    userOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: { size: PICKER_SIZE, sort: 'nickname', q: q || undefined }, schema: userPage }),
      providesTags: ['User'],
    }),
  }),
});

export const {
  useNoticesQuery,
  useNoticeRecipientsQuery,
  useCreateNoticeMutation,
  useUpdateNoticeMutation,
  useSendNoticeMutation,
  useDeleteNoticeMutation,
  useLazyChannelOptionsQuery,
  useLazyUserOptionsQuery,
} = noticesApi;
