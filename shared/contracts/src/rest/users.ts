import { z } from 'zod';
import { text } from '../text';
import { roleSchema } from '../enums';
import { idSchema } from '../ids';
import { boolParam, idParam, intParam, listQuerySchema } from '../list';
import {
  accountSchema,
  newPasswordSchema,
  nicknameSchema,
  remarkSchema,
  tagSchema,
  tagsSchema,
  uidSchema,
} from './fields';

const roleInput = z.union([z.literal(0), z.literal(1), z.literal(50), z.literal(99)], { error: 'validation.roleInvalid' });

export const userSummarySchema = z.object({
  id: idSchema,
  account: text(),
  nickname: text(),
  role: roleSchema,
  locked: z.boolean(),
  /** File id of the avatar image (GET /api/files/{id}), or null. */
  avatar: text().nullable(),
  dispatcherId: idSchema.nullable(),
  dispatcherNickname: text().nullable(),
  channelRemark: text().nullable(),
  tags: z.array(text()),
  createdAt: text(),
  /** Devices bound to the account and live channels it is on (the management table's columns). */
  deviceCount: z.number().int().optional(),
  channelCount: z.number().int().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userDetailSchema = userSummarySchema.extend({
  channels: z.array(z.object({ id: idSchema, name: text() })),
  devices: z.array(z.object({ id: idSchema, name: text(), imei: text().nullable(), platform: text() })),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const USER_SORTS = ['id', 'account', 'nickname', 'role', 'createdAt'] as const;
export const userListQuerySchema = listQuerySchema(USER_SORTS, 'id').extend({
  role: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(roleInput).optional()),
  locked: boolParam,
  tag: z.preprocess((v) => (v === '' ? undefined : v), tagSchema.optional()),
  channelId: idParam,
  dispatcherId: idParam,
  /** true: only accounts without a device; false: only accounts with one. */
  noDevice: boolParam,
  createdAfter: intParam,
  /** true: only users online now (any visible status); false: only those offline. Presence is
   *  held in memory (or Redis), not in the database, so the route hands the online ids in. */
  online: boolParam,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const createUserSchema = z.object({
  account: accountSchema,
  nickname: nicknameSchema,
  password: newPasswordSchema,
  role: roleInput.default(0),
  dispatcherId: uidSchema.nullable().optional(),
  channelRemark: remarkSchema.nullable().optional(),
  tags: tagsSchema.optional(),
  channelIds: z.array(idSchema).max(200).optional(),
});
export type CreateUserRequest = z.input<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    nickname: nicknameSchema,
    role: roleInput,
    dispatcherId: uidSchema.nullable(),
    channelRemark: remarkSchema.nullable(),
  })
  .partial();
export type UpdateUserRequest = z.input<typeof updateUserSchema>;

export const resetPasswordSchema = z.object({ password: newPasswordSchema });
export const setTagsSchema = z.object({ tags: tagsSchema });
export const blacklistAddSchema = z.object({ userId: uidSchema });
export const blacklistEntrySchema = z.object({
  userId: idSchema,
  account: text(),
  nickname: text(),
  createdAt: text(),
});

/** The caller's own nickname (spec section 5 messages). */
export const updateMeSchema = z.object({ nickname: nicknameSchema });

export const changePasswordSchema = z
  .object({
    oldPassword: text({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(128),
    newPassword: newPasswordSchema,
    confirmPassword: text({ error: 'validation.passwordMismatch' }),
    captchaId: text({ error: 'validation.captchaRequired' }).min(1, { error: 'validation.captchaRequired' }).max(64),
    captcha: text({ error: 'validation.captchaRequired' }).trim().min(1, { error: 'validation.captchaRequired' }).max(16),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwordMismatch' })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], error: 'validation.passwordSameAsOld' });
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

export const captchaSchema = z.object({
  id: text(),
  /** An SVG image of the code. */
  svg: text(),
  expiresAt: text(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/** One row's problems in a spreadsheet import (row numbers as Excel shows them). */
export const importRowErrorSchema = z.object({ row: z.number().int(), field: text(), message: text() });
export const importResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
