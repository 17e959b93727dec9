import { z } from 'zod';
import { text } from '../text';
import { idSchema } from '../ids';
import { patrolCheckinMethodSchema, patrolCheckinResultSchema, patrolRunStatusSchema } from '../rest/patrol';

// Patrol frames on `dispatch/{entId}` (staff with dispatch.listen), republished on the bus as
// `ws/patrol` (ADR 029). A device's check-in arrives on `topics.patrol(entId, uid)` as kind
// PATROL_SCAN_KIND with `patrolScanSchema` data; the answer comes back on the user's own topic.

/** Kind of the frame raised when a run's node passes its late limit unchecked, or is skipped in an ordered route. */
export const PATROL_ALERT_KIND = 'PatrolAlert';

export const patrolAlertFrameSchema = z.object({
  runId: idSchema,
  taskId: idSchema,
  taskName: text(),
  nodeId: idSchema,
  nodeName: text(),
  lng: z.number(),
  lat: z.number(),
  /** The node's planned time (ISO). */
  plannedAt: text(),
  /** 'overdue': its late limit passed; 'skipped': a later node of an ordered route was checked first. */
  reason: z.enum(['overdue', 'skipped']),
  /** The members assigned to the task (at most 20 listed). */
  members: z.array(z.object({ uid: idSchema, nickname: text() })),
  time: text(),
});
export type PatrolAlertFrame = z.infer<typeof patrolAlertFrameSchema>;

/**
 * Kind on `dispatch/{entId}` after a committed patrol change: `what` says which list is stale.
 * For a run, the run's progress comes along so dashboards and the members map move without a read.
 */
export const PATROL_CHANGE_KIND = 'PatrolChange';

export const patrolChangeFrameSchema = z.object({
  what: z.enum(['node', 'task', 'run', 'checkin']),
  id: idSchema,
  run: z
    .object({
      id: idSchema,
      taskId: idSchema,
      status: patrolRunStatusSchema,
      done: z.number().int().nonnegative(),
      missed: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type PatrolChangeFrame = z.infer<typeof patrolChangeFrameSchema>;

/** Kind a device sends on `topics.patrol(entId, uid)` with `patrolScanSchema` data. */
export const PATROL_SCAN_KIND = 'PatrolScan';

/**
 * Kind of the answer on the device's `msg/listen/user/{entId}/{uid}` topic (a Personal frame):
 * what the scan counted for, or why it counted for nothing.
 */
export const PATROL_SCAN_RESULT_KIND = 'PatrolScanResult';
export const patrolScanResultSchema = z.object({
  /** The scan's id when the device sent one (`id` in the frame), echoed. */
  id: text().nullable(),
  ok: z.boolean(),
  checkinId: idSchema.nullable(),
  nodeName: text().nullable(),
  method: patrolCheckinMethodSchema,
  result: patrolCheckinResultSchema.nullable(),
  /** A rule key when not ok: patrolCodeUnknown, patrolNodeDisabled, ... */
  reason: text().nullable(),
});
export type PatrolScanResult = z.infer<typeof patrolScanResultSchema>;
