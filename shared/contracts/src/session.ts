import { z } from 'zod';
import { text } from './text';
import { platformSchema, roleSchema } from './enums';
import { idSchema } from './ids';

/** What the client keeps under the `user` storage key after login (spec: id, ent.id, auth_token, client_id). */
export const sessionSchema = z.object({
  id: idSchema,
  ent: z.object({ id: idSchema, name: text() }),
  auth_token: text().min(1),
  client_id: text().min(1),
  account: text(),
  nickname: text(),
  role: roleSchema,
  /** Signed file URLs (ADR 012): the session's public link id and secret file key. Optional so a
   *  session stored before them still parses; the console then asks `GET /api/auth/me` for them. */
  file_link: text().min(1).optional(),
  file_key: text().min(1).optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const ACCOUNT_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 128;

export const loginRequestSchema = z.object({
  // Optional because the login form has a toggle for it; when the toggle is on the form requires it.
  entId: z
    .number({ error: 'validation.orgIdRequired' })
    .int({ error: 'validation.orgIdInvalid' })
    .positive({ error: 'validation.orgIdInvalid' })
    // The database's integer column: a larger id made the login fail with 500.
    .max(2_147_483_647, { error: 'validation.orgIdInvalid' })
    .optional(),
  account: text({ error: 'validation.accountRequired' })
    .trim()
    .min(1, { error: 'validation.accountRequired' })
    .max(ACCOUNT_MAX_LENGTH, { error: 'validation.accountTooLong' }),
  // Never trimmed: spaces are part of a password.
  password: text({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' }),
  /** Required after repeated failures (server answers 2005 and the client fetches a captcha). */
  captchaId: text().max(64).optional(),
  captcha: text().trim().max(16).optional(),
  /** Handsets say which platform they are and may send where they are; the console omits both. */
  platform: platformSchema.optional(),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Answer of a successful login: the session the client stores. */
export const loginResponseSchema = sessionSchema;
export type LoginResponse = Session;
