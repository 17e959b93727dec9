import { z } from 'zod';
import { text } from './text';
import { idSchema } from './ids';
import { listQuerySchema } from './list';

// Notices (route /main/newPage): staff write a notice (title + text), edit it while it is a draft,
// send it once to channels and/or members of their enterprise, and see who received and read it.
// Recipients get it over /ws2 as the `Notice` kind on their own user topic (docs/protocol.md
// "Notices") and read it through their inbox (`/api/me/notices`).

export const NOTICE_TITLE_MAX_LENGTH = 100;
export const NOTICE_BODY_MAX_LENGTH = 2000;
/** Channels, and members, chosen in one send. */
export const NOTICE_CHANNELS_MAX = 100;
export const NOTICE_USERS_MAX = 1000;

/** The /ws2 kind on `msg/listen/user/{entId}/{userId}` of every recipient. */
export const NOTICE_KIND = 'Notice';

/** Refusals of the notices service; keys `rule.<name>` like contracts' RULES, texts in English. */
export const NOTICE_RULES = {
  noticeAlreadySent: 'The notice has already been sent',
  noticeNoRecipients: 'Nobody would receive this notice',
} as const;
export type NoticeRuleKey = keyof typeof NOTICE_RULES;
export const NOTICE_RULE_KEYS = (Object.keys(NOTICE_RULES) as NoticeRuleKey[]).map((k) => `rule.${k}` as const);

/** The validation keys the schemas below report (listed in CONTRACT_I18N_KEYS). */
export const NOTICE_VALIDATION_KEYS = [
  'validation.noticeTitleRequired',
  'validation.noticeTitleTooLong',
  'validation.noticeBodyTooLong',
  'validation.noticeTargetRequired',
  'validation.noticeTargetsTooMany',
] as const;

// Control characters: a title holds none, a text none but tab and line breaks. Markup is allowed
// (a notice is text and is shown as text, never as HTML).
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
const SPECIAL = 'validation.specialString';

export const noticeTitleSchema = text({ error: 'validation.noticeTitleRequired' })
  .trim()
  .min(1, { error: 'validation.noticeTitleRequired', abort: true })
  .max(NOTICE_TITLE_MAX_LENGTH, { error: 'validation.noticeTitleTooLong', abort: true })
  .refine((v) => !CONTROL.test(v), { error: SPECIAL });

/** The text; may be empty (a title-only notice). Kept as typed. */
export const noticeBodySchema = text({ error: SPECIAL })
  .max(NOTICE_BODY_MAX_LENGTH, { error: 'validation.noticeBodyTooLong', abort: true })
  .refine((v) => !CONTROL_BUT_LINES.test(v), { error: SPECIAL });

export const createNoticeSchema = z.object({
  title: noticeTitleSchema,
  body: noticeBodySchema.optional().default(''),
});
export type CreateNotice = z.input<typeof createNoticeSchema>;

/** Editing (PUT) replaces a draft's title and text: the same body as writing one. */
export const updateNoticeSchema = createNoticeSchema;
export type UpdateNotice = CreateNotice;

const targetIds = (idKey: string, max: number) =>
  z
    .array(idSchema.max(2_147_483_647), { error: idKey })
    .max(max, { error: 'validation.noticeTargetsTooMany', abort: true })
    .optional()
    .default([])
    // The same id twice is one target.
    .transform((ids) => [...new Set(ids)]);

/** Recipients = members of these channels ∪ these users (de-duplicated), minus the sender. */
export const sendNoticeSchema = z
  .object(
    {
      channelIds: targetIds('validation.channelRequired', NOTICE_CHANNELS_MAX),
      userIds: targetIds('validation.userRequired', NOTICE_USERS_MAX),
    },
    { error: 'validation.noticeTargetRequired' },
  )
  .refine((v) => v.channelIds.length + v.userIds.length > 0, { error: 'validation.noticeTargetRequired', path: ['channelIds'] });
export type SendNotice = z.input<typeof sendNoticeSchema>;

export const NOTICE_STATUSES = ['draft', 'sent'] as const;
export const noticeStatusSchema = z.enum(NOTICE_STATUSES);
export type NoticeStatus = z.infer<typeof noticeStatusSchema>;

const personSchema = z.object({ uid: idSchema, nickname: text() });

export const noticeSchema = z.object({
  id: idSchema,
  title: text(),
  body: text(),
  status: noticeStatusSchema,
  /** Null when that account has been deleted since. */
  createdBy: personSchema.nullable(),
  createdAt: text(),
  updatedAt: text(),
  sentBy: personSchema.nullable(),
  sentAt: text().nullable(),
  /** Channels and members chosen when it was sent (0 for drafts). */
  channelCount: z.number().int().nonnegative(),
  userCount: z.number().int().nonnegative(),
  /** Recipients, those it reached (online when sent, or who opened their inbox since), and readers. */
  recipientCount: z.number().int().nonnegative(),
  deliveredCount: z.number().int().nonnegative(),
  readCount: z.number().int().nonnegative(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeDetailSchema = noticeSchema.extend({
  /** Names as they were when it was sent. */
  channels: z.array(z.object({ channelId: idSchema, name: text() })),
  users: z.array(z.object({ uid: idSchema, account: text(), nickname: text() })),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const NOTICE_SORTS = ['id', 'title', 'createdAt', 'updatedAt', 'sentAt'] as const;
export const noticeListQuerySchema = listQuerySchema(NOTICE_SORTS, 'id').extend({
  status: z.preprocess(blankToUndefined, noticeStatusSchema.optional()),
});
export type NoticeListQuery = z.infer<typeof noticeListQuerySchema>;

export const noticeRecipientSchema = z.object({
  uid: idSchema,
  account: text(),
  nickname: text(),
  /** ISO times; null until it reached them / until they opened it. */
  deliveredAt: text().nullable(),
  readAt: text().nullable(),
});
export type NoticeRecipient = z.infer<typeof noticeRecipientSchema>;

export const NOTICE_RECIPIENT_SORTS = ['uid', 'account', 'nickname', 'deliveredAt', 'readAt'] as const;
export const noticeRecipientListQuerySchema = listQuerySchema(NOTICE_RECIPIENT_SORTS, 'uid');
export type NoticeRecipientListQuery = z.infer<typeof noticeRecipientListQuerySchema>;

/** A notice in a recipient's inbox. */
export const receivedNoticeSchema = z.object({
  id: idSchema,
  title: text(),
  from: personSchema.nullable(),
  sentAt: text(),
  deliveredAt: text(),
  readAt: text().nullable(),
});
export type ReceivedNotice = z.infer<typeof receivedNoticeSchema>;
export const receivedNoticeDetailSchema = receivedNoticeSchema.extend({ body: text() });
export type ReceivedNoticeDetail = z.infer<typeof receivedNoticeDetailSchema>;

/** Newest first unless `order=asc`. */
export const receivedNoticeListQuerySchema = listQuerySchema(['sentAt'] as const, 'sentAt').extend({
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
});
export type ReceivedNoticeListQuery = z.infer<typeof receivedNoticeListQuerySchema>;

/** `data` of the Notice frame each recipient gets when it is sent. */
export const noticeFrameSchema = z.object({
  noticeId: idSchema,
  title: text(),
  body: text(),
  from: personSchema,
  sentAt: text(),
});
export type NoticeFrame = z.infer<typeof noticeFrameSchema>;
