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
  type NoticeStatus,
  type Notice,
  type Page,
  type SendNotice,
  type UpdateNotice,
  type UserSummary,
} from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// The notices page's calls; every answer is checked against its contracts schema.

export const NOTICE_PAGE_SIZE = 20;
/** Options shown per search in the send dialog's pickers. */
export const PICKER_SIZE = 20;
/** Recipients shown in one view. */
export const RECIPIENTS_SIZE = 200;

const noticePage = pageSchema(noticeSchema);
const recipientPage = pageSchema(noticeRecipientSchema);
const channelPage = pageSchema(channelSchema);
const userPage = pageSchema(userSummarySchema);

export interface NoticeFilter {
  page: number;
  q: string;
  status: NoticeStatus | '';
}

export function listNotices(api: ApiClient, f: NoticeFilter, signal?: AbortSignal): Promise<Page<Notice>> {
  return api.get('/api/notices', {
    schema: noticePage,
    query: { page: f.page, size: NOTICE_PAGE_SIZE, sort: 'id', order: 'desc', q: f.q || undefined, status: f.status || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function createNotice(api: ApiClient, body: CreateNotice): Promise<NoticeDetail> {
  return api.post('/api/notices', body, { schema: noticeDetailSchema });
}

export function updateNotice(api: ApiClient, id: number, body: UpdateNotice): Promise<NoticeDetail> {
  return api.put(`/api/notices/${id}`, body, { schema: noticeDetailSchema });
}

export function sendNotice(api: ApiClient, id: number, body: SendNotice): Promise<NoticeDetail> {
  return api.post(`/api/notices/${id}/send`, body, { schema: noticeDetailSchema });
}

export function deleteNotice(api: ApiClient, id: number): Promise<unknown> {
  return api.del(`/api/notices/${id}`);
}

export function listRecipients(api: ApiClient, id: number): Promise<Page<NoticeRecipient>> {
  return api.get(`/api/notices/${id}/recipients`, { schema: recipientPage, query: { size: RECIPIENTS_SIZE, sort: 'nickname' } });
}

export function searchChannels(api: ApiClient, q: string, signal: AbortSignal): Promise<Page<Channel>> {
  return api.get('/api/channels', { schema: channelPage, query: { size: PICKER_SIZE, sort: 'name', q: q || undefined }, signal });
}

export function searchUsers(api: ApiClient, q: string, signal: AbortSignal): Promise<Page<UserSummary>> {
  return api.get('/api/users', { schema: userPage, query: { size: PICKER_SIZE, sort: 'nickname', q: q || undefined }, signal });
}
