import { z } from 'zod';
import { idSchema } from '../ids';
import { isoDateSchema } from './fields';

export const enterpriseSchema = z.object({
  id: idSchema,
  name: z.string(),
  validUntil: z.string(),
  maxMembers: z.number().int(),
  maxChannels: z.number().int(),
  /** Largest file one upload may be. */
  maxFileBytes: z.number().int(),
  members: z.number().int(),
  channels: z.number().int(),
  enterpriseChannelId: idSchema.nullable(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

const quota = z.number({ error: 'validation.quotaInvalid' }).int({ error: 'validation.quotaInvalid' }).positive({ error: 'validation.quotaInvalid' }).max(2_000_000_000, { error: 'validation.quotaInvalid' });

export const updateEnterpriseSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    validUntil: isoDateSchema,
    maxMembers: quota,
    maxChannels: quota,
    maxFileBytes: quota,
  })
  .partial();
