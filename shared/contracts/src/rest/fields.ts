import { z } from 'zod';
import { storableText, text } from '../text';
import { ACCOUNT_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../session';

// Field rules of spec section 5. Each field stops at its first failed rule (`abort`), so it reports
// one message: required, then too long, then illegal. The spec leaves length bounds open; ours are in docs/decisions.md.

export const NICKNAME_MAX_LENGTH = 32;
export const CHANNEL_NAME_MAX_LENGTH = 32;
export const DEVICE_NAME_MAX_LENGTH = 32;
export const TAG_MAX_LENGTH = 20;
export const TAGS_MAX = 10;
export const REMARK_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 6;
export const LEVEL_MAX = 9;

// Letters and digits of any script, combining marks, space and a few punctuation marks people use
// in names. Anything else (markup, quotes, control characters, emoji) is "illegal".
export const NAME_CHARS = /^[\p{L}\p{N}\p{M} _\-.()·']+$/u;
// Markup and control characters: what "Do not enter a special string" refuses in free text.
const SPECIAL = /[<>{}\\`$\p{Cc}]/u;
/** UIs check free text and names against it before sending ('Do not enter a special string'). */
export const SPECIAL_STRING_CHARS = SPECIAL;
const ACCOUNT_CHARS = /^[A-Za-z0-9_.@-]+$/;

export const nicknameSchema = text({ error: 'validation.nicknameRequired' })
  .trim()
  .min(1, { error: 'validation.nicknameRequired', abort: true })
  .max(NICKNAME_MAX_LENGTH, { error: 'validation.nicknameTooLong', abort: true })
  .regex(NAME_CHARS, { error: 'validation.nicknameIllegal' });

export const accountSchema = text({ error: 'validation.accountRequired' })
  .trim()
  .min(1, { error: 'validation.accountRequired', abort: true })
  .max(ACCOUNT_MAX_LENGTH, { error: 'validation.accountTooLong', abort: true })
  .regex(ACCOUNT_CHARS, { error: 'validation.accountInvalid' });

/** A password being set (login accepts any existing password). Never trimmed. */
export const newPasswordSchema = text({ error: 'validation.passwordInvalid' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordInvalid', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong', abort: true });

export const channelNameSchema = text({ error: 'validation.channelNameRequired' })
  .trim()
  .min(1, { error: 'validation.channelNameRequired', abort: true })
  .max(CHANNEL_NAME_MAX_LENGTH, { error: 'validation.channelNameTooLong', abort: true })
  .regex(NAME_CHARS, { error: 'validation.channelNameIllegal' });

export const deviceNameSchema = text({ error: 'validation.deviceNameRequired' })
  .trim()
  .min(1, { error: 'validation.deviceNameRequired', abort: true })
  .max(DEVICE_NAME_MAX_LENGTH, { error: 'validation.deviceNameTooLong', abort: true })
  .refine((v) => !SPECIAL.test(v), { error: 'validation.specialString' });

export const tagSchema = text({ error: 'validation.tagInvalid' })
  .trim()
  .min(1, { error: 'validation.tagInvalid', abort: true })
  .max(TAG_MAX_LENGTH, { error: 'validation.tagInvalid', abort: true })
  .regex(NAME_CHARS, { error: 'validation.tagInvalid' });

export const tagsSchema = z.array(tagSchema).max(TAGS_MAX, { error: 'validation.tooManyTags', abort: true });

export const remarkSchema = text({ error: 'validation.remarkTooLong' })
  .trim()
  .max(REMARK_MAX_LENGTH, { error: 'validation.remarkTooLong', abort: true })
  .refine((v) => !SPECIAL.test(v), { error: 'validation.specialString' });

export const levelSchema = z.number({ error: 'validation.levelInvalid' }).int({ error: 'validation.levelInvalid' }).min(0, { error: 'validation.levelInvalid', abort: true }).max(LEVEL_MAX, { error: 'validation.levelInvalid', abort: true });

/** 15 digits (IMEI; the Luhn digit is not enforced because test handsets often break it). */
export const imeiSchema = text({ error: 'validation.imeiInvalid' }).trim().regex(/^\d{15}$/, { error: 'validation.imeiInvalid' });

/** Six hex pairs separated by ':' or '-', stored upper-case with ':'. */
export const macSchema = text({ error: 'validation.macInvalid' })
  .trim()
  .regex(/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/, { error: 'validation.macInvalid' })
  .transform((v) => v.toUpperCase().replace(/-/g, ':'));

export const uidSchema = z.number({ error: 'validation.uidRequired' }).int({ error: 'validation.uidRequired' }).positive({ error: 'validation.uidRequired' }).max(2_147_483_647, { error: 'validation.uidRequired', abort: true });

export const longitudeSchema = z.number({ error: 'validation.coordinateInvalid' }).min(-180, { error: 'validation.coordinateInvalid' }).max(180, { error: 'validation.coordinateInvalid', abort: true });
export const latitudeSchema = z.number({ error: 'validation.coordinateInvalid' }).min(-90, { error: 'validation.coordinateInvalid' }).max(90, { error: 'validation.coordinateInvalid', abort: true });

/** Timestamps travel as ISO-8601 text. */
export const isoDateSchema = z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).check(storableText);
