import { z } from 'zod';
import { text } from '../text';
import { coordinateSystemSchema } from '../enums';
import { idSchema } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';
import { latitudeSchema, longitudeSchema } from '../rest/fields';

// SOS: raised by a device on `topics.sos(entId, userId)` (kind Sos) or by POST /api/sos, open
// until a dispatcher closes it. See docs/protocol.md.

/** Kind of a device's raise, and of the frame on `sos alert/{entId}`. */
export const SOS_KIND = 'Sos';
/** On `msg/listen/ent/{entId}`: an SOS opened, moved or closed. */
export const SOS_MSG_KIND = 'SosMsg';
/** On the raiser's `msg/listen/user/{entId}/{userId}`: what became of their SOS. */
export const SOS_LOG_KIND = 'SosLog';

export const SOS_STATES = ['open', 'closed'] as const;
export const sosStateSchema = z.enum(SOS_STATES);
export type SosState = z.infer<typeof sosStateSchema>;

/** The reason a raiser is told when no staff member is online to answer. */
export const NOBODY_IN_SOS_REASON = 'rule.nobodyInSos';

/** A raise: the position is optional but comes as a pair; `coord` defaults to WGS-84 (0). */
export const sosReportSchema = z
  .object({
    lng: longitudeSchema.optional(),
    lat: latitudeSchema.optional(),
    coord: coordinateSystemSchema.optional(),
    /** The device's clock in ms; informative only (the server stamps the start). */
    time: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((v) => (v.lng === undefined) === (v.lat === undefined), { error: 'validation.coordinateInvalid', path: ['lat'] });
export type SosReport = z.input<typeof sosReportSchema>;

/** Data of SosMsg (enterprise topic) and of the Sos frame on `sos alert/{entId}`. */
export const sosMsgSchema = z.object({
  sosId: idSchema,
  uid: idSchema,
  account: text(),
  nickname: text(),
  /** WGS-84; null when the raise carried no position. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  device: text().nullable(),
  startedAt: text(),
  closedAt: text().nullable(),
  /** Who closed it. */
  dispatcherId: idSchema.nullable(),
  state: sosStateSchema,
});
export type SosMsg = z.infer<typeof sosMsgSchema>;

/** Data of SosLog: `answered` false with `reason` 'rule.nobodyInSos' when no staff was online. */
export const sosLogSchema = z.object({
  sosId: idSchema,
  state: sosStateSchema,
  answered: z.boolean(),
  reason: z.literal(NOBODY_IN_SOS_REASON).nullable(),
});
export type SosLog = z.infer<typeof sosLogSchema>;

/** An SOS record of spec section 3. */
export const sosRecordSchema = z.object({
  id: idSchema,
  user: z.object({ uid: idSchema, account: text(), nickname: text() }),
  dispatcher: z.object({ id: idSchema, nickname: text() }).nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  device: text().nullable(),
  ip: text().nullable(),
  startedAt: text(),
  closedAt: text().nullable(),
  state: sosStateSchema,
});
export type SosRecord = z.infer<typeof sosRecordSchema>;

/** Answer of POST /api/sos: the record, whether it was new, and whether anyone can answer. */
export const sosRaisedSchema = z.object({
  record: sosRecordSchema,
  created: z.boolean(),
  answered: z.boolean(),
  reason: z.literal(NOBODY_IN_SOS_REASON).nullable(),
});
export type SosRaised = z.infer<typeof sosRaisedSchema>;

export const SOS_SORTS = ['startedAt', 'closedAt', 'account'] as const;
/** Staff see the enterprise's SOS records; a member sees only their own (`userId` is ignored). */
export const sosListQuerySchema = listQuerySchema(SOS_SORTS, 'startedAt').extend({
  state: z.preprocess((v) => (v === '' ? undefined : v), sosStateSchema.optional()),
  userId: idParam,
  /** started_at range in ms since the epoch (from inclusive, to exclusive). */
  from: intParam,
  to: intParam,
});
export type SosListQuery = z.infer<typeof sosListQuerySchema>;
/** GET /api/me/sos-records: always the caller's own SOS, so there is no userId filter. */
export const ownSosQuerySchema = sosListQuerySchema.omit({ userId: true });
