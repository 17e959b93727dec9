import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';
import { operationTypeSchema } from '../operations';
import { NO_PAGING, exportParamsSchema } from './exports';
import { fenceAlertListQuerySchema } from './fences';

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

/** Longest stored device text (a user agent or a handset's name, cut at 200 characters). */
export const DEVICE_FILTER_MAX_LENGTH = 200;
/**
 * `device`: the records whose stored device text contains it (case-insensitive). Records keep the
 * device as text (the console's user agent, a handset's name), not as a device id: a record
 * outlives the device row and a console login has none.
 */
export const deviceFilterParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  text().trim().min(1).max(DEVICE_FILTER_MAX_LENGTH).optional(),
);

export const LOGIN_RECORD_SORTS = ['time', 'account'] as const;
export const loginRecordQuerySchema = listQuerySchema(LOGIN_RECORD_SORTS, 'time').extend({
  userId: idParam,
  abnormal: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).transform((v) => v === 'true').optional()),
  device: deviceFilterParam,
  /** Unix milliseconds (from inclusive, to exclusive). */
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
  device: deviceFilterParam,
  /** Unix milliseconds (from inclusive, to exclusive). */
  from: intParam,
  to: intParam,
});

/** GET /api/me/operations: always the caller's own records, so there is no userId filter. */
export const ownOperationQuerySchema = operationRecordQuerySchema.omit({ userId: true });

// Exports of the record lists (ADR 028): GET /api/records/{logins|operations|fence-alerts}/export
// and /api/me/{login-records|operations}/export; the SOS ones are next to sosListQuerySchema.
export const loginRecordExportQuerySchema = loginRecordQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
export const operationRecordExportQuerySchema = operationRecordQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
export const ownOperationExportQuerySchema = ownOperationQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
export const fenceAlertExportQuerySchema = fenceAlertListQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
