import {
  OperationType,
  createNoticeSchema,
  idPathSchema,
  noticeDetailSchema,
  noticeListQuerySchema,
  noticeRecipientListQuerySchema,
  noticeRecipientSchema,
  noticeSchema,
  pageSchema,
  receivedNoticeDetailSchema,
  receivedNoticeListQuerySchema,
  receivedNoticeSchema,
  sendNoticeSchema,
  updateNoticeSchema,
} from '@ptt/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route';

const tag = 'notices';

/** Notices (/main/newPage of the console) and each recipient's inbox. */
export const noticeRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/notices', tag, auth: 'notice.read',
    summary: 'Notices of the enterprise, paged, sorted, searched (title or text) and filtered by status (draft, sent), with recipient, delivered and read counts',
    query: noticeListQuerySchema,
    response: pageSchema(noticeSchema),
    handler: ({ caller, query, deps }) => deps.notices.list(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/notices/:id', tag, auth: 'notice.read',
    summary: 'One notice with the channels and members it was sent to',
    params: idPathSchema,
    response: noticeDetailSchema,
    handler: ({ caller, params, deps }) => deps.notices.get(caller, params.id),
  }),
  defineRoute({
    method: 'POST', url: '/api/notices', tag, auth: 'notice.manage',
    summary: 'Write a draft notice: title (1-100) and text (up to 2000)',
    body: createNoticeSchema,
    response: noticeDetailSchema,
    audits: [OperationType.NoticeAdd],
    handler: ({ caller, body, deps }) => deps.notices.create(caller, body),
  }),
  defineRoute({
    method: 'PUT', url: '/api/notices/:id', tag, auth: 'notice.manage',
    summary: "Replace a draft's title and text; a sent notice is 409/2028 'rule.noticeAlreadySent'",
    params: idPathSchema,
    body: updateNoticeSchema,
    response: noticeDetailSchema,
    audits: [OperationType.NoticeUpdate],
    handler: ({ caller, params, body, deps }) => deps.notices.update(caller, params.id, body),
  }),
  defineRoute({
    method: 'POST', url: '/api/notices/:id/send', tag, auth: 'notice.manage',
    summary:
      'Send a draft once to the members of channelIds and to userIds (de-duplicated, without the sender); each recipient gets the Notice frame on ' +
      "their user topic. Sending again is 409/2028 'rule.noticeAlreadySent'; nobody to receive it is 400/2004 'rule.noticeNoRecipients'; " +
      'an unknown or disbanded channel, or a user of another enterprise, is 404',
    params: idPathSchema,
    body: sendNoticeSchema,
    response: noticeDetailSchema,
    audits: [OperationType.NoticeSend],
    handler: ({ caller, params, body, deps }) => deps.notices.send(caller, params.id, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/notices/:id', tag, auth: 'notice.manage',
    summary: 'Delete a notice, draft or sent (it leaves the recipients\' inboxes too)',
    params: idPathSchema,
    response: z.null(),
    audits: [OperationType.NoticeDelete],
    handler: async ({ caller, params, deps }) => {
      await deps.notices.remove(caller, params.id);
      return null;
    },
  }),
  defineRoute({
    method: 'GET', url: '/api/notices/:id/recipients', tag, auth: 'notice.read',
    summary: 'Who a sent notice went to: each recipient with the time it reached them and the time they opened it (null: not yet)',
    params: idPathSchema,
    query: noticeRecipientListQuerySchema,
    response: pageSchema(noticeRecipientSchema),
    handler: ({ caller, params, query, deps }) => deps.notices.recipients(caller, params.id, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/notices', tag, auth: 'session',
    summary: "The caller's received notices, newest first by default (sort=sentAt); listing them counts as delivered",
    query: receivedNoticeListQuerySchema,
    response: pageSchema(receivedNoticeSchema),
    handler: ({ caller, query, deps }) => deps.notices.inbox(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/notices/:id', tag, auth: 'session',
    summary: 'One received notice with its text; the first time it is opened is its read time. 404 unless the caller received it',
    params: idPathSchema,
    response: receivedNoticeDetailSchema,
    handler: ({ caller, params, deps }) => deps.notices.open(caller, params.id),
  }),
];
