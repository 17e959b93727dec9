import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';
import { operationTypeSchema } from '../operations';

export const loginRecordSchema = z.object({
  id: idSchema,
  userId: idSchema,
  account: text(),
  nickname: text(),
  time: text(),
  device: text().nullable(),
  platform: text(),
  ip: text().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  abnormal: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;

export const LOGIN_RECORD_SORTS = ['time', 'account'] as const;
export const loginRecordQuerySchema = listQuerySchema(LOGIN_RECORD_SORTS, 'time').extend({
  userId: idParam,
  abnormal: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).transform((v) => v === 'true').optional()),
  /** Unix milliseconds. */
  from: intParam,
  to: intParam,
});

export const operationRecordSchema = z.object({
  id: idSchema,
  userId: idSchema.nullable(),
  account: text().nullable(),
  type: operationTypeSchema,
  device: text().nullable(),
  ip: text().nullable(),
  time: text(),
  detail: z.unknown(),
});
export type OperationRecord = z.infer<typeof operationRecordSchema>;

export const OPERATION_RECORD_SORTS = ['time', 'type', 'account'] as const;
export const operationRecordQuerySchema = listQuerySchema(OPERATION_RECORD_SORTS, 'time').extend({
  userId: idParam,
  type: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(operationTypeSchema).optional()),
  from: intParam,
  to: intParam,
});

/** GET /api/me/operations: always the caller's own records, so there is no userId filter. */
export const ownOperationQuerySchema = operationRecordQuerySchema.omit({ userId: true });
