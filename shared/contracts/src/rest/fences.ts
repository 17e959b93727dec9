import { z } from 'zod';
import { text } from '../text';
import { coordinateSystemSchema } from '../enums';
import { crossesAntimeridian, isSimplePolygon, normalizeRing } from '../fence-geometry';
import { idSchema } from '../ids';
import { boolParam, idParam, intParam, listQuerySchema } from '../list';
import { NAME_CHARS, uidSchema } from './fields';

// Geofences of spec section 3: id, name, status, spots (a polygon or a circle), member users and
// linked channels; cross-border alerts. Evaluated on the server for every stored position
// (docs/adr/007-geofences.md). Shapes are stored and answered as WGS-84; a drawing made on a
// GCJ-02 map is sent with `coord: 1` and converted on save.

export const FENCE_NAME_MAX_LENGTH = 32;
export const FENCE_POLYGON_POINTS_MIN = 3;
export const FENCE_POLYGON_POINTS_MAX = 200;
/** Circle radius in metres. */
export const FENCE_RADIUS_MIN_M = 1;
export const FENCE_RADIUS_MAX_M = 100_000;
/** Users or channels linked in one request. */
export const FENCE_LINK_BATCH_MAX = 200;
/** Links one fence holds at most (the detail answer lists them all). */
export const FENCE_USERS_MAX = 500;
export const FENCE_CHANNELS_MAX = 50;

/**
 * What makes an alert: 'leave' - the area is where members must be, an alert fires when a member
 * is seen outside it; 'stay' - the area is where members must not be, an alert fires when a
 * member is seen inside it. Either fires once on entering that condition, not on every point.
 */
export const FENCE_RULES = ['leave', 'stay'] as const;
export const fenceRuleSchema = z.enum(FENCE_RULES, { error: 'validation.fenceRuleInvalid' });
export type FenceRule = z.infer<typeof fenceRuleSchema>;

const RANGE = 'validation.fenceRangeInvalid';
const DRAW = 'validation.fenceDrawIncorrect';
/** Fences are planar in lng/lat (ADR 007): one spanning the 180th meridian is refused, not misread. */
const MERIDIAN = 'validation.fenceCrossesMeridian';

export const fenceNameSchema = text({ error: 'validation.fenceNameRequired' })
  .trim()
  .min(1, { error: 'validation.fenceNameRequired', abort: true })
  .max(FENCE_NAME_MAX_LENGTH, { error: 'validation.fenceNameTooLong', abort: true })
  .regex(NAME_CHARS, { error: 'validation.fenceNameIllegal' });

const fenceLng = z.number({ error: RANGE }).min(-180, { error: RANGE }).max(180, { error: RANGE, abort: true });
const fenceLat = z.number({ error: RANGE }).min(-90, { error: RANGE }).max(90, { error: RANGE, abort: true });
export const fencePointSchema = z.object({ lng: fenceLng, lat: fenceLat }, { error: DRAW });

export const polygonShapeSchema = z
  .object({
    type: z.literal('polygon'),
    /** Corners in drawing order; a closing point equal to the first is allowed and dropped. */
    points: z
      .array(fencePointSchema, { error: DRAW })
      .min(FENCE_POLYGON_POINTS_MIN, { error: DRAW, abort: true })
      .max(FENCE_POLYGON_POINTS_MAX + 1, { error: DRAW, abort: true }),
  })
  .refine((v) => normalizeRing(v.points).length <= FENCE_POLYGON_POINTS_MAX && isSimplePolygon(v.points), { error: DRAW, path: ['points'], abort: true })
  .refine((v) => !crossesAntimeridian(v), { error: MERIDIAN, path: ['points'] });

export const circleShapeSchema = z
  .object({
    type: z.literal('circle'),
    center: fencePointSchema,
    /** Metres. */
    radius: z.number({ error: RANGE }).min(FENCE_RADIUS_MIN_M, { error: RANGE }).max(FENCE_RADIUS_MAX_M, { error: RANGE, abort: true }),
  })
  .refine((v) => !crossesAntimeridian(v), { error: MERIDIAN, path: ['radius'] });

/** A drawing as the console sends it: a polygon (3-200 corners, edges not crossing) or a circle. */
export const fenceShapeSchema = z.discriminatedUnion('type', [polygonShapeSchema, circleShapeSchema], { error: DRAW });
export type FenceShapeInput = z.input<typeof fenceShapeSchema>;

// ---------------------------------------------------------------------------------------------
// Rules beyond edge-triggering (ADR 027): dwell, weekly schedule, drift.

/** Longest dwell: a day. 0 alerts at the confirmed crossing. */
export const FENCE_DWELL_MAX_S = 86_400;
export const fenceDwellSchema = z
  .number({ error: 'validation.fenceDwellInvalid' })
  .int({ error: 'validation.fenceDwellInvalid' })
  .min(0, { error: 'validation.fenceDwellInvalid' })
  .max(FENCE_DWELL_MAX_S, { error: 'validation.fenceDwellInvalid' });

/**
 * Points on the alerting side needed in a row before a side change counts (drift protection,
 * ADR 027): one stray point raises nothing.
 */
export const FENCE_CONFIRM_POINTS = 2;

export const FENCE_WINDOWS_MAX = 28;
/** A day number outside 0-6 says what every other schedule mistake says, not zod's default. */
const SCHEDULE = 'validation.fenceScheduleInvalid';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = text({ error: 'validation.fenceScheduleInvalid' }).regex(HHMM, { error: 'validation.fenceScheduleInvalid' });
/**
 * One weekly time window in the organisation's time zone: on each of `days` (0 Sunday .. 6
 * Saturday) from `start` to `end` ('HH:MM'). An `end` at or before `start` runs past midnight into
 * the next day (the window belongs to the day it starts on); `start` equal to `end` is the whole day.
 */
export const fenceWindowSchema = z.object(
  {
    days: z
      .array(z.number({ error: SCHEDULE }).int({ error: SCHEDULE }).min(0, { error: SCHEDULE }).max(6, { error: SCHEDULE }), { error: SCHEDULE })
      .min(1, { error: 'validation.fenceScheduleInvalid' })
      .max(7, { error: 'validation.fenceScheduleInvalid' })
      .refine((d) => new Set(d).size === d.length, { error: 'validation.fenceScheduleInvalid' }),
    start: timeOfDay,
    end: timeOfDay,
  },
  { error: 'validation.fenceScheduleInvalid' },
);
export type FenceWindow = z.infer<typeof fenceWindowSchema>;
/** null: always active. Otherwise the fence evaluates only inside one of its windows. */
export const fenceScheduleSchema = z
  .array(fenceWindowSchema, { error: 'validation.fenceScheduleInvalid' })
  .min(1, { error: 'validation.fenceScheduleInvalid' })
  .max(FENCE_WINDOWS_MAX, { error: 'validation.fenceScheduleInvalid' })
  .nullable();
export type FenceSchedule = z.infer<typeof fenceScheduleSchema>;

const pointOut = z.object({ lng: z.number(), lat: z.number() });
/** A stored shape (WGS-84): polygon corners without a closing point, or a circle. */
export const fenceShapeOutSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('polygon'), points: z.array(pointOut) }),
  z.object({ type: z.literal('circle'), center: pointOut, radius: z.number() }),
]);
export type FenceShape = z.infer<typeof fenceShapeOutSchema>;

const channelIdSchema = z
  .number({ error: 'validation.channelRequired' })
  .int({ error: 'validation.channelRequired' })
  .positive({ error: 'validation.channelRequired' })
  .max(2_147_483_647, { error: 'validation.channelRequired', abort: true });

export const fenceSchema = z.object({
  id: idSchema,
  name: text(),
  /** The fence's status: a stopped fence raises no alerts. */
  enabled: z.boolean(),
  rule: fenceRuleSchema,
  shape: fenceShapeOutSchema,
  /** Always WGS-84. */
  coord: z.literal(0),
  /** Seconds a member must stay on the alerting side before the alert (0: at once). */
  dwellS: z.number().int().nonnegative(),
  /** Weekly windows in the organisation's time zone; null: always. */
  schedule: z.array(fenceWindowSchema).nullable(),
  /** Enabled and inside one of its windows now (the organisation's time zone). */
  activeNow: z.boolean(),
  /** Covered members whose confirmed side is inside the area now. */
  insideCount: z.number().int().nonnegative(),
  userCount: z.number().int().nonnegative(),
  channelCount: z.number().int().nonnegative(),
  createdBy: z.object({ id: idSchema, nickname: text() }).nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type Fence = z.infer<typeof fenceSchema>;

/** A member user of the fence; `enabled` false exempts them even if a linked channel covers them. */
export const fenceUserLinkSchema = z.object({ uid: idSchema, account: text(), nickname: text(), enabled: z.boolean(), linkedAt: text() });
/** A linked channel: its members are covered while the link is enabled. */
export const fenceChannelLinkSchema = z.object({ channelId: idSchema, name: text(), enabled: z.boolean(), linkedAt: text() });
export type FenceUserLink = z.infer<typeof fenceUserLinkSchema>;
export type FenceChannelLink = z.infer<typeof fenceChannelLinkSchema>;

export const fenceDetailSchema = fenceSchema.extend({
  users: z.array(fenceUserLinkSchema),
  channels: z.array(fenceChannelLinkSchema),
});
export type FenceDetail = z.infer<typeof fenceDetailSchema>;

export const FENCE_SORTS = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const fenceListQuerySchema = listQuerySchema(FENCE_SORTS, 'id').extend({
  enabled: boolParam,
  rule: z.preprocess((v) => (v === '' ? undefined : v), fenceRuleSchema.optional()),
  /** Fences this user is linked to directly. */
  userId: idParam,
  /** Fences this channel is linked to. */
  channelId: idParam,
});
export type FenceListQuery = z.infer<typeof fenceListQuerySchema>;

export const createFenceSchema = z.object({
  name: fenceNameSchema,
  rule: fenceRuleSchema,
  shape: fenceShapeSchema,
  /** System of the drawn points: 0 WGS-84 (default), 1 GCJ-02 (converted to WGS-84 on save). */
  coord: coordinateSystemSchema.optional(),
  dwellS: fenceDwellSchema.optional(),
  schedule: fenceScheduleSchema.optional(),
  /** Initial member users and linked channels (enabled links). */
  userIds: z.array(uidSchema).max(FENCE_LINK_BATCH_MAX).optional(),
  channelIds: z.array(channelIdSchema).max(FENCE_LINK_BATCH_MAX).optional(),
});
export type CreateFenceRequest = z.input<typeof createFenceSchema>;

/** Only what changes; nothing different from the stored fence is 'Fence information has not been modified'. */
export const updateFenceSchema = z.object({
  name: fenceNameSchema.optional(),
  rule: fenceRuleSchema.optional(),
  shape: fenceShapeSchema.optional(),
  coord: coordinateSystemSchema.optional(),
  dwellS: fenceDwellSchema.optional(),
  schedule: fenceScheduleSchema.optional(),
});
export type UpdateFenceRequest = z.input<typeof updateFenceSchema>;

export const linkFenceUsersSchema = z.object({
  userIds: z.array(uidSchema, { error: 'validation.userRequired' }).min(1, { error: 'validation.userRequired' }).max(FENCE_LINK_BATCH_MAX),
});
export const linkFenceChannelsSchema = z.object({
  channelIds: z.array(channelIdSchema, { error: 'validation.channelRequired' }).min(1, { error: 'validation.channelRequired' }).max(FENCE_LINK_BATCH_MAX),
});
/** Start or stop the fence for one user or one channel. */
export const fenceLinkUpdateSchema = z.object({ enabled: z.boolean() });

const pathId = z.coerce.number().int().positive().max(2_147_483_647);
/** Path `/api/fences/:id/users/:userId`. */
export const fenceUserPathSchema = z.object({ id: pathId, userId: pathId });
/** Path `/api/fences/:id/channels/:channelId`. */
export const fenceChannelPathSchema = z.object({ id: pathId, channelId: pathId });

/** A cross-border alert of spec section 3. `time` is the position's time (ISO). */
export const fenceAlertSchema = z.object({
  id: idSchema,
  user: z.object({ uid: idSchema, account: text(), nickname: text() }),
  /** The user's dispatcher when the alert fired. */
  dispatcher: z.object({ id: idSchema, nickname: text() }).nullable(),
  fence: z.object({ id: idSchema, name: text() }),
  type: fenceRuleSchema,
  time: text(),
  /** Address of a REST report; null for a socket report. */
  ip: text().nullable(),
  lng: z.number(),
  lat: z.number(),
});
export type FenceAlert = z.infer<typeof fenceAlertSchema>;

export const FENCE_ALERT_SORTS = ['time', 'account', 'fenceName'] as const;
export const fenceAlertListQuerySchema = listQuerySchema(FENCE_ALERT_SORTS, 'time').extend({
  fenceId: idParam,
  userId: idParam,
  type: z.preprocess((v) => (v === '' ? undefined : v), fenceRuleSchema.optional()),
  /** Alert time range in ms since the epoch (from inclusive, to exclusive). */
  from: intParam,
  to: intParam,
});
export type FenceAlertListQuery = z.infer<typeof fenceAlertListQuerySchema>;
