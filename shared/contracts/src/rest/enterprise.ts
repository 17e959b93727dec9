import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { isoDateSchema } from './fields';
import { AVATAR_MAX_BYTES } from './files';

/** An IANA zone name this runtime knows (Intl), e.g. 'Asia/Shanghai' or 'UTC'. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0 && name.length <= 64;
  } catch {
    return false;
  }
}
export const timeZoneSchema = text({ error: 'validation.timeZoneInvalid' }).refine(isTimeZone, { error: 'validation.timeZoneInvalid' });

export const enterpriseSchema = z.object({
  id: idSchema,
  name: text(),
  validUntil: text(),
  maxMembers: z.number().int(),
  maxChannels: z.number().int(),
  /** Largest file one upload may be. */
  maxFileBytes: z.number().int(),
  members: z.number().int(),
  channels: z.number().int(),
  enterpriseChannelId: idSchema.nullable(),
  /** IANA time zone of the organisation (fence schedules, ADR 027); 'UTC' until set. */
  timeZone: text(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

const quota = z.number({ error: 'validation.quotaInvalid' }).int({ error: 'validation.quotaInvalid' }).positive({ error: 'validation.quotaInvalid' }).max(2_000_000_000, { error: 'validation.quotaInvalid' });

/**
 * The smallest file size quota: what the console itself uploads must still fit (an avatar is up to
 * AVATAR_MAX_BYTES). Below it, `maxFileBytes: 1` would make every upload fail (ADR 011).
 */
export const FILE_QUOTA_MIN_BYTES = AVATAR_MAX_BYTES;

/** Fields of the enterprise that only the platform operator sets (ADR 011); PATCH refuses them. */
export const PLATFORM_ENTERPRISE_FIELDS = ['validUntil'] as const;

/**
 * PATCH /api/enterprise (super admin). `validUntil` is accepted by the schema only so the answer
 * can say why it is refused (2001 'rule.platformManagedSetting') instead of dropping it silently.
 * Member and channel quotas below what is in use answer 2004 'rule.quotaBelowUse'.
 */
export const updateEnterpriseSchema = z
  .object({
    name: text().trim().min(1).max(64),
    validUntil: isoDateSchema.describe("Platform operator's: always refused with 2001 (ADR 011)"),
    maxMembers: quota.describe('At least the number of users of the enterprise'),
    maxChannels: quota.describe('At least the number of its live channels'),
    maxFileBytes: quota.min(FILE_QUOTA_MIN_BYTES, { error: 'validation.fileQuotaTooSmall' }),
    timeZone: timeZoneSchema,
  })
  .partial();
