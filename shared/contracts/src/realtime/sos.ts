import { z } from 'zod';
import { text } from '../text';
import { coordinateSystemSchema } from '../enums';
import { idSchema } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';
import { latitudeSchema, longitudeSchema } from '../rest/fields';
import { NO_PAGING, exportParamsSchema } from '../rest/exports';
import { deviceFilterParam } from '../rest/records';

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

/** A staff member named on an SOS (who acknowledged or closed it). */
export const sosStaffSchema = z.object({ id: idSchema, nickname: text() });
export type SosStaff = z.infer<typeof sosStaffSchema>;

/**
 * Data of SosMsg (enterprise topic) and of the Sos frame on `sos alert/{entId}`: sent when an SOS
 * opens, moves (a repeated raise), is acknowledged, escalates or closes (ADR 025). Older fields
 * first; the acknowledgement and escalation fields are always present (null until they happen).
 */
export const sosMsgSchema = z.object({
  sosId: idSchema,
  uid: idSchema,
  account: text(),
  nickname: text(),
  /** WGS-84; null when the raise carried no position. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  device: text().nullable(),
  /** The raiser's bound device, for environment listen; null when they have none. */
  deviceId: idSchema.nullable(),
  startedAt: text(),
  closedAt: text().nullable(),
  /** Who closed it. */
  dispatcherId: idSchema.nullable(),
  state: sosStateSchema,
  /** When a dispatcher acknowledged it (the alarm stops for every console), and who. */
  ackedAt: text().nullable(),
  ackedBy: sosStaffSchema.nullable(),
  /** When it escalated: not acknowledged within the organisation's escalation time. */
  escalatedAt: text().nullable(),
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

/** An SOS record of spec section 3, with its handling (ADR 025). */
export const sosRecordSchema = z.object({
  id: idSchema,
  user: z.object({ uid: idSchema, account: text(), nickname: text() }),
  /** Who closed it (spec: "dispatcher"). */
  dispatcher: sosStaffSchema.nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  device: text().nullable(),
  deviceId: idSchema.nullable(),
  ip: text().nullable(),
  startedAt: text(),
  closedAt: text().nullable(),
  state: sosStateSchema,
  ackedAt: text().nullable(),
  ackedBy: sosStaffSchema.nullable(),
  escalatedAt: text().nullable(),
  /** The closing dispatcher's note, if they wrote one. */
  closeNote: text().nullable(),
});
export type SosRecord = z.infer<typeof sosRecordSchema>;

/** The SosMsg that tells the organisation about a record as it is now (the server publishes it;
 *  consoles read records and frames into one shape through it). */
export function sosMsgOf(record: SosRecord): SosMsg {
  return {
    sosId: record.id,
    uid: record.user.uid,
    account: record.user.account,
    nickname: record.user.nickname,
    lng: record.lng,
    lat: record.lat,
    device: record.device,
    deviceId: record.deviceId,
    startedAt: record.startedAt,
    closedAt: record.closedAt,
    dispatcherId: record.dispatcher?.id ?? null,
    state: record.state,
    ackedAt: record.ackedAt,
    ackedBy: record.ackedBy,
    escalatedAt: record.escalatedAt,
  };
}

/** Answer of POST /api/sos: the record, whether it was new, and whether anyone can answer. */
export const sosRaisedSchema = z.object({
  record: sosRecordSchema,
  created: z.boolean(),
  answered: z.boolean(),
  reason: z.literal(NOBODY_IN_SOS_REASON).nullable(),
});
export type SosRaised = z.infer<typeof sosRaisedSchema>;

export const SOS_NOTE_MAX_LENGTH = 500;

/** Body of `POST /api/sos/{id}/close`: an optional note on what was done. */
export const sosCloseSchema = z
  .object({
    note: text({ error: 'validation.sosNoteTooLong' }).trim().max(SOS_NOTE_MAX_LENGTH, { error: 'validation.sosNoteTooLong' }).optional(),
  })
  .strict();
export type SosCloseRequest = z.input<typeof sosCloseSchema>;

/** What happened to an SOS, in order: its timeline (`GET /api/sos/{id}/events`). */
export const SOS_EVENT_TYPES = ['raised', 'moved', 'acknowledged', 'escalated', 'closed'] as const;
export const sosEventTypeSchema = z.enum(SOS_EVENT_TYPES);
export type SosEventType = z.infer<typeof sosEventTypeSchema>;
export const sosEventSchema = z.object({
  id: idSchema,
  sosId: idSchema,
  type: sosEventTypeSchema,
  /** The staff member who acted; null for the raiser's own events and for escalation. */
  by: sosStaffSchema.nullable(),
  at: text(),
  /** Closed: the note; escalated: the escalation time in seconds as text. */
  note: text().nullable(),
});
export type SosEvent = z.infer<typeof sosEventSchema>;
export const sosEventListSchema = z.array(sosEventSchema);

/**
 * Kind of the frame on each online admin's `msg/listen/user/{entId}/{userId}` when an SOS
 * escalates: a personal message of spec 7 (the console's bus: `Personal` with `t` SosEscalation).
 */
export const SOS_ESCALATION_KIND = 'SosEscalation';
export const sosEscalationFrameSchema = z.object({
  sosId: idSchema,
  uid: idSchema,
  account: text(),
  nickname: text(),
  startedAt: text(),
  escalatedAt: text(),
  /** The organisation's escalation time when it escalated. */
  afterS: z.number().int(),
});
export type SosEscalationFrame = z.infer<typeof sosEscalationFrameSchema>;

/** Escalation time bounds: short enough for a drill, at most an hour. Default 60 s. */
export const SOS_ESCALATE_MIN_S = 5;
export const SOS_ESCALATE_MAX_S = 3_600;
export const SOS_ESCALATE_DEFAULT_S = 60;
/** At most this many sites may embed the SOS page. */
export const EMBED_ORIGINS_MAX = 20;

/** A web origin as a browser reports it: scheme, host and an optional port, nothing else. */
export const originSchema = text({ error: 'validation.originInvalid' })
  .trim()
  .regex(/^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/i, { error: 'validation.originInvalid' })
  .transform((o) => o.toLowerCase());

/** The organisation's SOS handling (`GET/PUT /api/sos/settings`; PUT: admins). */
export const sosSettingsSchema = z.object({
  /** Seconds an SOS may wait unacknowledged before it escalates. */
  escalateAfterS: z.number().int(),
  /** Origins whose pages may embed the SOS page and hand it a token (CSP frame-ancestors). */
  embedOrigins: z.array(text()),
});
export type SosSettings = z.infer<typeof sosSettingsSchema>;
export const updateSosSettingsSchema = z
  .object({
    escalateAfterS: z
      .number({ error: 'validation.escalateAfterInvalid' })
      .int({ error: 'validation.escalateAfterInvalid' })
      .min(SOS_ESCALATE_MIN_S, { error: 'validation.escalateAfterInvalid', abort: true })
      .max(SOS_ESCALATE_MAX_S, { error: 'validation.escalateAfterInvalid', abort: true }),
    embedOrigins: z
      .array(originSchema)
      .max(EMBED_ORIGINS_MAX, { error: 'validation.embedOriginsTooMany', abort: true })
      .transform((list) => [...new Set(list)]),
  })
  .partial()
  .strict();
export type UpdateSosSettingsRequest = z.input<typeof updateSosSettingsSchema>;

/**
 * `POST /api/auth/embed`, with the handed-off token as bearer: `origin` is the `event.origin` of
 * the postMessage that carried it. The answer is the session when the origin is on the
 * organisation's list; otherwise 2001 'rule.embedOriginNotAllowed' (the page then ignores it).
 */
export const embedHandoffSchema = z.object({ origin: originSchema }).strict();
export type EmbedHandoffRequest = z.input<typeof embedHandoffSchema>;

/** postMessage between an embedding page and the SOS page (`type` field). */
export const EMBED_MESSAGES = {
  /** SOS page -> parent (target '*', carries nothing secret): ready for a token. */
  ready: 'ptt-sos/ready',
  /** parent -> SOS page: `{ type, token }`. */
  token: 'ptt-sos/token',
  /** SOS page -> the accepted origin: the token was accepted. */
  accepted: 'ptt-sos/accepted',
  /** SOS page -> the accepted origin: `{ type, waiting }` each time the count changes. */
  waiting: 'ptt-sos/waiting',
} as const;
/** The SOS page's query parameters when embedded: `embed=1` waits for a hand-off; `ent` picks the
 *  organisation whose origin list the server puts in `frame-ancestors`. */
export const EMBED_QUERY = { embed: 'embed', ent: 'ent' } as const;

export const SOS_SORTS = ['startedAt', 'closedAt', 'account'] as const;
/** Staff see the enterprise's SOS records; a member sees only their own (`userId` is ignored). */
export const sosListQuerySchema = listQuerySchema(SOS_SORTS, 'startedAt').extend({
  state: z.preprocess((v) => (v === '' ? undefined : v), sosStateSchema.optional()),
  userId: idParam,
  /** The raise's device text contains this (case-insensitive). */
  device: deviceFilterParam,
  /** started_at range in ms since the epoch (from inclusive, to exclusive). */
  from: intParam,
  to: intParam,
});
export type SosListQuery = z.infer<typeof sosListQuerySchema>;
/** GET /api/me/sos-records: always the caller's own SOS, so there is no userId filter. */
export const ownSosQuerySchema = sosListQuerySchema.omit({ userId: true });
/** GET /api/records/sos/export (staff) and /api/me/sos-records/export (ADR 028). */
export const sosExportQuerySchema = sosListQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
export const ownSosExportQuerySchema = ownSosQuerySchema.omit(NO_PAGING).extend(exportParamsSchema.shape);
