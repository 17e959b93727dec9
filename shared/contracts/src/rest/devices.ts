import { z } from 'zod';
import { text } from '../text';
import { deviceAvailabilitySchema, platformSchema } from '../enums';
import { idSchema } from '../ids';
import { boolParam, idParam, listQuerySchema } from '../list';
import { deviceNameSchema, imeiSchema, macSchema, tagSchema, uidSchema } from './fields';

// Devices of spec section 3 and their activation flow of section 4.

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const deviceSchema = z.object({
  id: idSchema,
  name: text(),
  imei: text().nullable(),
  mac: text().nullable(),
  platform: platformSchema,
  /** 'forbidden' only comes from older data; the API sets available or disabled. */
  status: deviceAvailabilitySchema,
  /** True once the device was activated; cancelling the account keeps it active. */
  active: z.boolean(),
  activatedAt: text().nullable(),
  user: z.object({ uid: idSchema, account: text(), nickname: text() }).nullable(),
  dispatcher: z.object({ id: idSchema, nickname: text() }).nullable(),
  tag: text().nullable(),
  createdAt: text(),
});
export type Device = z.infer<typeof deviceSchema>;

export const DEVICE_SORTS = ['id', 'name', 'imei', 'platform', 'status', 'active', 'activatedAt', 'account', 'createdAt'] as const;
export const deviceListQuerySchema = listQuerySchema(DEVICE_SORTS, 'id').extend({
  platform: z.preprocess(blankToUndefined, platformSchema.optional()),
  status: z.preprocess(blankToUndefined, deviceAvailabilitySchema.optional()),
  active: boolParam,
  /** true: only devices with an account; false: only devices without one. */
  bound: boolParam,
  userId: idParam,
  dispatcherId: idParam,
  tag: z.preprocess(blankToUndefined, tagSchema.optional()),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** What the API may set; 'forbidden' is read-only. */
export const deviceStatusInput = z.enum(['available', 'disabled']);

/** A new inventory entry: inactive, available, without an account. */
export const createDeviceSchema = z.object({
  name: deviceNameSchema,
  platform: platformSchema,
  imei: imeiSchema.nullable().optional(),
  mac: macSchema.nullable().optional(),
  tag: tagSchema.nullable().optional(),
  dispatcherId: uidSchema.nullable().optional(),
});
export type CreateDeviceRequest = z.input<typeof createDeviceSchema>;

/** Only the fields given change; null clears an optional field. */
export const updateDeviceSchema = z
  .object({
    name: deviceNameSchema,
    platform: platformSchema,
    imei: imeiSchema.nullable(),
    mac: macSchema.nullable(),
    tag: tagSchema.nullable(),
    dispatcherId: uidSchema.nullable(),
  })
  .partial();
export type UpdateDeviceRequest = z.input<typeof updateDeviceSchema>;

export const setDeviceStatusSchema = z.object({ status: deviceStatusInput });

/** First activation, re-activation and assign all bind one account, named by its uid. */
export const deviceAccountSchema = z.object({ uid: uidSchema });
export type DeviceAccountRequest = z.input<typeof deviceAccountSchema>;

export const BATCH_ACTIVATION_MAX = 200;
// Bounded like a path id: a larger number would overflow the database's int4 (500 instead of 2004).
const deviceIdInput = idSchema.max(2_147_483_647);
export const batchActivateSchema = z.object({
  items: z
    .array(z.object({ deviceId: deviceIdInput, uid: uidSchema }), { error: 'validation.deviceRequired' })
    .min(1, { error: 'validation.deviceRequired' })
    .max(BATCH_ACTIVATION_MAX),
});
export type BatchActivateRequest = z.input<typeof batchActivateSchema>;

/** One device of a batch: ok, or the code and rule key it was refused with (others still ran). */
export const batchActivationResultSchema = z.object({
  deviceId: idSchema,
  uid: idSchema,
  ok: z.boolean(),
  code: z.number().int(),
  reason: text().nullable(),
  msg: text(),
});
export type BatchActivationResult = z.infer<typeof batchActivationResultSchema>;

export const batchActivationSchema = z.object({
  activated: z.number().int(),
  failed: z.number().int(),
  results: z.array(batchActivationResultSchema),
});
export type BatchActivation = z.infer<typeof batchActivationSchema>;

export const DEVICE_LOG_ACTIONS = [
  'created',
  'edited',
  'statusChanged',
  'activated',
  'reactivated',
  'assigned',
  'cancelled',
  /** A remote command was sent (its lifecycle is in device_commands). */
  'command',
] as const;
export type DeviceLogAction = (typeof DEVICE_LOG_ACTIONS)[number];
export const deviceLogActionSchema = z.enum(DEVICE_LOG_ACTIONS);

export const deviceLogEntrySchema = z.object({
  id: idSchema,
  action: deviceLogActionSchema,
  /** The account bound, assigned or cancelled by this step. */
  user: z.object({ uid: idSchema, account: text(), nickname: text() }).nullable(),
  /** Who did it (null once that account was deleted). */
  actor: z.object({ id: idSchema, account: text() }).nullable(),
  detail: z.unknown(),
  time: text(),
});
export type DeviceLogEntry = z.infer<typeof deviceLogEntrySchema>;

export const DEVICE_LOG_SORTS = ['time'] as const;
export const deviceLogQuerySchema = listQuerySchema(DEVICE_LOG_SORTS, 'time').extend({
  action: z.preprocess(blankToUndefined, deviceLogActionSchema.optional()),
});

/** `t` of the frame on `dispatch/{entId}` when a device changes (any kind but WallAlert). */
export const DEVICE_CHANGE_KIND = 'DeviceChange';
export const DEVICE_CHANGES = ['created', 'updated', 'status', 'deleted', 'activated', 'reactivated', 'assigned', 'cancelled'] as const;
/** Data of a DeviceChange frame: which device and what happened; clients reload it by id. */
export const deviceChangeSchema = z.object({ deviceId: idSchema, change: z.enum(DEVICE_CHANGES) });
export type DeviceChange = z.infer<typeof deviceChangeSchema>;

/**
 * Monitor info of spec section 3 for one device: its account's uid, the model and phone number
 * the handset last reported (its answer to the device info command 6; null until it answered),
 * and when its account was last seen (the newest session activity) and whether it is online now.
 */
export const deviceMonitorInfoSchema = z.object({
  deviceId: idSchema,
  userId: idSchema.nullable(),
  model: text().nullable(),
  phone: text().nullable(),
  lastOnline: text().nullable(),
  online: z.boolean(),
});
export type DeviceMonitorInfo = z.infer<typeof deviceMonitorInfoSchema>;
