import { z } from 'zod';
import { text } from '../text';
import { coordinateSystemSchema, userStatusSchema } from '../enums';
import { idSchema } from '../ids';
import { intParam } from '../list';
import { latitudeSchema, longitudeSchema } from '../rest/fields';

// Device positions: reported on `topics.location(entId, userId)` (kind Location) or by
// POST /api/locations, stored as WGS-84, fanned out on `topics.dispatch(entId)`. See docs/protocol.md.

/** Kind of a device's report, and of a published frame holding one point. */
export const LOCATION_KIND = 'Location';
/** Kind of a published frame holding several points collected in one short window. */
export const LOCATIONS_KIND = 'Locations';

/** Points per REST batch (or per socket frame with `points`). */
export const LOCATION_BATCH_MAX = 100;
/** A point stamped further ahead of the server's clock than this is ignored. */
export const LOCATION_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** A point older than this is ignored (a device flushing a very old buffer). */
export const LOCATION_MAX_AGE_MS = 7 * 24 * 3_600_000;

// Bounds only refuse nonsense (faster than Mach 3, an accuracy worse than 100 km).
const SPEED_MAX_MPS = 1_000;
const ACCURACY_MAX_M = 100_000;

/** One point as a device sends it. `coord` 0 WGS-84, 1 GCJ-02; `time` in ms since the epoch. */
export const locationReportSchema = z.object({
  lng: longitudeSchema,
  lat: latitudeSchema,
  coord: coordinateSystemSchema,
  time: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Metres per second. */
  speed: z.number().min(0).max(SPEED_MAX_MPS).nullish(),
  /** Degrees clockwise from north. */
  heading: z.number().min(0).max(360).nullish(),
  /** Metres. */
  accuracy: z.number().min(0).max(ACCURACY_MAX_M).nullish(),
  /** Metres above sea level. */
  altitude: z.number().min(-1_000).max(100_000).nullish(),
});
export type LocationReport = z.infer<typeof locationReportSchema>;

/** One point, or `{ points: [...] }` (up to LOCATION_BATCH_MAX) from a device that buffered. */
export const locationReportBodySchema = z.union([
  locationReportSchema,
  z.object({ points: z.array(locationReportSchema).min(1).max(LOCATION_BATCH_MAX) }),
]);
export type LocationReportBody = z.input<typeof locationReportBodySchema>;

/** Answer of POST /api/locations: points stored, and points ignored for their time. */
export const locationAcceptedSchema = z.object({ accepted: z.number().int(), ignored: z.number().int() });
export type LocationAccepted = z.infer<typeof locationAcceptedSchema>;

/** A published point (`dispatch/{entId}`): always WGS-84 (coord 0); `time` in ms. */
export const locationPointSchema = z.object({
  uid: idSchema,
  lng: z.number(),
  lat: z.number(),
  coord: z.literal(0),
  time: z.number().int(),
  speed: z.number().optional(),
  heading: z.number().optional(),
});
export type LocationPoint = z.infer<typeof locationPointSchema>;

/** Data of a Locations frame. */
export const locationsFrameSchema = z.object({ points: z.array(locationPointSchema) });
export type LocationsFrame = z.infer<typeof locationsFrameSchema>;

/** The points of a Location or Locations frame (empty for any other kind or a bad payload). */
export function locationPoints(kind: string, data: unknown): LocationPoint[] {
  if (kind === LOCATION_KIND) {
    const one = locationPointSchema.safeParse(data);
    return one.success ? [one.data] : [];
  }
  if (kind === LOCATIONS_KIND) {
    const many = locationsFrameSchema.safeParse(data);
    return many.success ? many.data.points : [];
  }
  return [];
}

/** A stored point (WGS-84); `time` is the device's time as ISO text. */
export const trackPointSchema = z.object({
  lng: z.number(),
  lat: z.number(),
  coord: z.literal(0),
  time: text(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  accuracy: z.number().nullable(),
  altitude: z.number().nullable(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

/** GET /api/users/:id/track: the last TRACK_MAX_POINTS points in time order. */
export const trackSchema = z.object({ uid: idSchema, points: z.array(trackPointSchema) });
export type Track = z.infer<typeof trackSchema>;

/** `?from&to` in ms since the epoch (from inclusive, to exclusive). */
export const trackQuerySchema = z.object({ from: intParam, to: intParam });

/** GET /api/locations/latest: one entry per member with a known position. */
export const latestPositionSchema = trackPointSchema.extend({
  uid: idSchema,
  account: text(),
  nickname: text(),
  status: userStatusSchema,
});
export type LatestPosition = z.infer<typeof latestPositionSchema>;
