import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { fenceActionSchema } from '../enums';
import { fenceRuleSchema, fenceSchema } from '../rest/fences';

// Geofence alerts: published on `topics.dispatch(entId)` (kind WallAlert) when a member's stored
// position enters the alerting condition of an enabled fence they are covered by. See
// docs/protocol.md (Geofences) and docs/adr/007-geofences.md.

/** Kind of the frame on `dispatch/{entId}`; the spec's console only logs it. */
export const WALL_ALERT_KIND = 'WallAlert';

/** Data of a WallAlert frame: the cross-border record just stored (`alertId`). */
export const wallAlertFrameSchema = z.object({
  alertId: idSchema,
  fenceId: idSchema,
  fenceName: text(),
  uid: idSchema,
  account: text(),
  nickname: text(),
  /** The fence's rule: 'leave' - seen outside; 'stay' - seen inside. */
  type: fenceRuleSchema,
  /** WGS-84 position that crossed. */
  lng: z.number(),
  lat: z.number(),
  /** The position's time, ISO-8601. */
  time: text(),
});
export type WallAlertFrame = z.infer<typeof wallAlertFrameSchema>;

/**
 * Kind on `dispatch/{entId}` when a fence is created (action 0), changed in any way - name, rule,
 * shape, dwell, schedule, status, links (1) - or deleted (2): the spec's fence actions
 * (`FenceAction`). Open fence lists and dispatch maps refresh from it (ADR 027).
 */
export const FENCE_CHANGE_KIND = 'FenceChange';

export const fenceChangeFrameSchema = z.object({
  action: fenceActionSchema,
  fenceId: idSchema,
  /** The fence as `GET /api/fences/:id` lists it; null when it was deleted (action 2). */
  fence: fenceSchema.nullable(),
});
export type FenceChangeFrame = z.infer<typeof fenceChangeFrameSchema>;
