import { z } from 'zod';
import { text } from '../text';
import { coordinateSystemSchema } from '../enums';
import { idSchema } from '../ids';
import { boolParam, idParam, intParam, listQuerySchema } from '../list';
import { NAME_CHARS, uidSchema } from './fields';

// Patrol (guard tours) of spec sections 1 and 2: nodes (checkpoints), tasks (tours over nodes on a
// weekly schedule), runs (one per start), check-ins, members and a dashboard. The spec names the
// screens and the operation types only; the model is ours (docs/adr/029-patrol.md, docs/patrol.md).
// Positions are stored and answered as WGS-84; a node placed on a GCJ-02 map is sent with `coord: 1`.

export const PATROL_NAME_MAX_LENGTH = 32;
/** GPS check-in radius of a node, metres. */
export const PATROL_RADIUS_MIN_M = 5;
export const PATROL_RADIUS_MAX_M = 1_000;
export const PATROL_RADIUS_DEFAULT_M = 30;
/** The same member at the same node counts again only after this many seconds. */
export const PATROL_REPEAT_MAX_S = 86_400;
export const PATROL_REPEAT_DEFAULT_S = 300;
/** NFC tag ids as readers print them (hex with or without separators), at most this long. */
export const PATROL_NFC_MAX_LENGTH = 64;
/** Nodes in one task's route; the same node may appear more than once in an ordered route. */
export const PATROL_TASK_NODES_MAX = 100;
/** Planned offset of a node from the run's start, and a node's tolerance: at most a day. */
export const PATROL_OFFSET_MAX_S = 86_400;
export const PATROL_TOLERANCE_MAX_S = 7_200;
/** After the tolerance, a node may still be checked in late for this long (per task), then it is missed. */
export const PATROL_LATE_MAX_S = 14_400;
export const PATROL_LATE_DEFAULT_S = 900;
/** Start times of one task's weekly schedule. */
export const PATROL_STARTS_MAX = 48;
/** Users or channels assigned to one task. */
export const PATROL_USERS_MAX = 500;
export const PATROL_CHANNELS_MAX = 50;
/** Runs or check-ins deleted by one request. */
export const PATROL_DELETE_MAX = 500;
/** Days one dashboard request may span. */
export const PATROL_DASHBOARD_DAYS_MAX = 31;
/**
 * A finished run whose actual span (first to last check-in) is below `SHORT` or above `LONG` times
 * the planned span (first to last planned offset) is flagged; spans under `MIN_S` are not judged.
 */
export const PATROL_DURATION_SHORT = 0.5;
export const PATROL_DURATION_LONG = 1.5;
export const PATROL_DURATION_MIN_S = 300;

const NAME = 'validation.patrolNameRequired';
const nameSchema = text({ error: NAME })
  .trim()
  .min(1, { error: NAME, abort: true })
  .max(PATROL_NAME_MAX_LENGTH, { error: 'validation.patrolNameTooLong', abort: true })
  .regex(NAME_CHARS, { error: 'validation.patrolNameIllegal' });

const POSITION = 'validation.patrolPositionInvalid';
const lng = z.number({ error: POSITION }).min(-180, { error: POSITION }).max(180, { error: POSITION, abort: true });
const lat = z.number({ error: POSITION }).min(-90, { error: POSITION }).max(90, { error: POSITION, abort: true });
const int = (error: string, min: number, max: number) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

// ---------------------------------------------------------------------------------------------
// Nodes

/** How a node may be checked in: GPS (entering its radius), a printed QR code, an NFC tag. */
export const PATROL_METHODS = ['gps', 'qr', 'nfc'] as const;
/** A check-in's method; 'manual' is a dispatcher recording it for a member (radio call). */
export const PATROL_CHECKIN_METHODS = [...PATROL_METHODS, 'manual'] as const;
export const patrolMethodSchema = z.enum(PATROL_METHODS, { error: 'validation.patrolMethodInvalid' });
export const patrolCheckinMethodSchema = z.enum(PATROL_CHECKIN_METHODS, { error: 'validation.patrolMethodInvalid' });
export type PatrolMethod = z.infer<typeof patrolMethodSchema>;
export type PatrolCheckinMethod = z.infer<typeof patrolCheckinMethodSchema>;

const nfcSchema = text({ error: 'validation.patrolNfcInvalid' })
  .trim()
  .min(1, { error: 'validation.patrolNfcInvalid', abort: true })
  .max(PATROL_NFC_MAX_LENGTH, { error: 'validation.patrolNfcInvalid', abort: true })
  .regex(/^[0-9A-Za-z:-]+$/, { error: 'validation.patrolNfcInvalid' });

export const patrolNodeSchema = z.object({
  id: idSchema,
  name: text(),
  enabled: z.boolean(),
  lng: z.number(),
  lat: z.number(),
  /** Always WGS-84. */
  coord: z.literal(0),
  /** Check-in methods the node accepts (at least one). */
  methods: z.array(patrolMethodSchema),
  radiusM: z.number().int(),
  /** The code printed on the node's QR sheet (made by the server, unique in the organisation). */
  qrCode: text(),
  /** The NFC tag's id, null when the node has no tag. */
  nfcTag: text().nullable(),
  repeatS: z.number().int().nonnegative(),
  /** Tasks whose route holds the node. */
  taskCount: z.number().int().nonnegative(),
  createdAt: text(),
  updatedAt: text(),
});
export type PatrolNode = z.infer<typeof patrolNodeSchema>;

const methodsSchema = z
  .array(patrolMethodSchema, { error: 'validation.patrolMethodInvalid' })
  .min(1, { error: 'validation.patrolMethodRequired' })
  .max(PATROL_METHODS.length, { error: 'validation.patrolMethodInvalid' })
  .refine((m) => new Set(m).size === m.length, { error: 'validation.patrolMethodInvalid' });

export const createPatrolNodeSchema = z.object({
  name: nameSchema,
  lng,
  lat,
  /** System of the placed point: 0 WGS-84 (default), 1 GCJ-02 (converted on save). */
  coord: coordinateSystemSchema.optional(),
  methods: methodsSchema,
  radiusM: int('validation.patrolRadiusInvalid', PATROL_RADIUS_MIN_M, PATROL_RADIUS_MAX_M).optional(),
  /** Required when methods include 'nfc'. */
  nfcTag: nfcSchema.nullable().optional(),
  repeatS: int('validation.patrolRepeatInvalid', 0, PATROL_REPEAT_MAX_S).optional(),
});
export type CreatePatrolNodeRequest = z.input<typeof createPatrolNodeSchema>;

/** Only what changes; nothing different is 'Patrol information has not been modified'. */
export const updatePatrolNodeSchema = createPatrolNodeSchema.partial().extend({ enabled: z.boolean().optional() });
export type UpdatePatrolNodeRequest = z.input<typeof updatePatrolNodeSchema>;

export const PATROL_NODE_SORTS = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const patrolNodeListQuerySchema = listQuerySchema(PATROL_NODE_SORTS, 'id').extend({
  enabled: boolParam,
  /** Nodes in this task's route. */
  taskId: idParam,
});
export type PatrolNodeListQuery = z.infer<typeof patrolNodeListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Tasks

/** 'ordered': the route's order is the plan, a node checked past unchecked ones makes those missed; 'free': any order. */
export const PATROL_ORDERS = ['ordered', 'free'] as const;
export const patrolOrderSchema = z.enum(PATROL_ORDERS, { error: 'validation.patrolOrderInvalid' });
export type PatrolOrder = z.infer<typeof patrolOrderSchema>;

/** One stop of a route: the node, its planned time as seconds after the run's start, its tolerance either side. */
export const patrolTaskNodeInputSchema = z.object({
  nodeId: idSchema,
  offsetS: int('validation.patrolOffsetInvalid', 0, PATROL_OFFSET_MAX_S),
  toleranceS: int('validation.patrolToleranceInvalid', 0, PATROL_TOLERANCE_MAX_S),
});
export type PatrolTaskNodeInput = z.infer<typeof patrolTaskNodeInputSchema>;

const SCHEDULE = 'validation.patrolScheduleInvalid';
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * The weekly schedule in the organisation's time zone: on each of `days` (0 Sunday .. 6 Saturday)
 * a run starts at each of `starts` ('HH:MM'). null: runs start only by hand (`POST .../start`).
 */
export const patrolScheduleSchema = z
  .object(
    {
      days: z
        .array(z.number({ error: SCHEDULE }).int({ error: SCHEDULE }).min(0, { error: SCHEDULE }).max(6, { error: SCHEDULE }), { error: SCHEDULE })
        .min(1, { error: SCHEDULE })
        .max(7, { error: SCHEDULE })
        .refine((d) => new Set(d).size === d.length, { error: SCHEDULE }),
      starts: z
        .array(text({ error: SCHEDULE }).regex(HHMM, { error: SCHEDULE }), { error: SCHEDULE })
        .min(1, { error: SCHEDULE })
        .max(PATROL_STARTS_MAX, { error: SCHEDULE })
        .refine((s) => new Set(s).size === s.length, { error: SCHEDULE }),
    },
    { error: SCHEDULE },
  )
  .nullable();
export type PatrolSchedule = z.infer<typeof patrolScheduleSchema>;

const routeSchema = z
  .array(patrolTaskNodeInputSchema, { error: 'validation.patrolRouteRequired' })
  .min(1, { error: 'validation.patrolRouteRequired', abort: true })
  .max(PATROL_TASK_NODES_MAX, { error: 'validation.patrolRouteTooLong', abort: true })
  // Planned times never go back along the route.
  .refine((r) => r.every((n, i) => i === 0 || n.offsetS >= r[i - 1]!.offsetS), { error: 'validation.patrolOffsetOrder' });

const channelIdSchema = z
  .number({ error: 'validation.channelRequired' })
  .int({ error: 'validation.channelRequired' })
  .positive({ error: 'validation.channelRequired' })
  .max(2_147_483_647, { error: 'validation.channelRequired', abort: true });

export const createPatrolTaskSchema = z.object({
  name: nameSchema,
  order: patrolOrderSchema,
  route: routeSchema,
  lateS: int('validation.patrolLateInvalid', 0, PATROL_LATE_MAX_S).optional(),
  schedule: patrolScheduleSchema.optional(),
  userIds: z.array(uidSchema).max(PATROL_USERS_MAX).optional(),
  channelIds: z.array(channelIdSchema).max(PATROL_CHANNELS_MAX).optional(),
});
export type CreatePatrolTaskRequest = z.input<typeof createPatrolTaskSchema>;

/** Only what changes. A new route or schedule applies from the next run; runs under way keep theirs. */
export const updatePatrolTaskSchema = z.object({
  name: nameSchema.optional(),
  enabled: z.boolean().optional(),
  order: patrolOrderSchema.optional(),
  route: routeSchema.optional(),
  lateS: int('validation.patrolLateInvalid', 0, PATROL_LATE_MAX_S).optional(),
  schedule: patrolScheduleSchema.optional(),
});
export type UpdatePatrolTaskRequest = z.input<typeof updatePatrolTaskSchema>;

/** Who patrols the task: the users plus every member of the channels (operation PatrolMemberAssign). */
export const assignPatrolMembersSchema = z.object({
  userIds: z.array(uidSchema).max(PATROL_USERS_MAX),
  channelIds: z.array(channelIdSchema).max(PATROL_CHANNELS_MAX),
});
export type AssignPatrolMembersRequest = z.input<typeof assignPatrolMembersSchema>;

export const patrolTaskNodeSchema = patrolTaskNodeInputSchema.extend({
  /** Position in the route, from 0. */
  seq: z.number().int().nonnegative(),
  name: text(),
  lng: z.number(),
  lat: z.number(),
});
export type PatrolTaskNode = z.infer<typeof patrolTaskNodeSchema>;

export const patrolTaskSchema = z.object({
  id: idSchema,
  name: text(),
  enabled: z.boolean(),
  order: patrolOrderSchema,
  lateS: z.number().int().nonnegative(),
  schedule: patrolScheduleSchema,
  /** Number of stops and the planned span (last offset), seconds. */
  nodeCount: z.number().int().nonnegative(),
  plannedS: z.number().int().nonnegative(),
  userCount: z.number().int().nonnegative(),
  channelCount: z.number().int().nonnegative(),
  /** The next scheduled start (ISO), null without a schedule or when disabled. */
  nextStart: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type PatrolTask = z.infer<typeof patrolTaskSchema>;

export const patrolTaskDetailSchema = patrolTaskSchema.extend({
  route: z.array(patrolTaskNodeSchema),
  users: z.array(z.object({ uid: idSchema, account: text(), nickname: text() })),
  channels: z.array(z.object({ channelId: idSchema, name: text() })),
});
export type PatrolTaskDetail = z.infer<typeof patrolTaskDetailSchema>;

export const PATROL_TASK_SORTS = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export const patrolTaskListQuerySchema = listQuerySchema(PATROL_TASK_SORTS, 'id').extend({
  enabled: boolParam,
  /** Tasks assigned to this user (directly or through a channel). */
  userId: idParam,
  nodeId: idParam,
});
export type PatrolTaskListQuery = z.infer<typeof patrolTaskListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Runs and check-ins

/** active: under way (started, not all nodes settled); then complete (none missed), incomplete (some missed) or missed (no check-in at all). */
export const PATROL_RUN_STATUSES = ['active', 'complete', 'incomplete', 'missed'] as const;
export const patrolRunStatusSchema = z.enum(PATROL_RUN_STATUSES);
export type PatrolRunStatus = z.infer<typeof patrolRunStatusSchema>;

/** A node of a run: pending until checked in or past its late limit. */
export const PATROL_NODE_RESULTS = ['pending', 'onTime', 'early', 'late', 'missed'] as const;
export const patrolNodeResultSchema = z.enum(PATROL_NODE_RESULTS);
export type PatrolNodeResult = z.infer<typeof patrolNodeResultSchema>;

/**
 * A check-in's result: the node result it settled, 'repeat' (the same member at the same node
 * within its repeat interval: kept, counts for nothing) or 'unplanned' (no open run of the member
 * has the node pending: kept as proof of presence).
 */
export const PATROL_CHECKIN_RESULTS = ['onTime', 'early', 'late', 'repeat', 'unplanned'] as const;
export const patrolCheckinResultSchema = z.enum(PATROL_CHECKIN_RESULTS);
export type PatrolCheckinResult = z.infer<typeof patrolCheckinResultSchema>;

/** A run that took far shorter or longer than planned (see PATROL_DURATION_*). */
export const PATROL_DURATION_FLAGS = ['short', 'long'] as const;
export const patrolDurationFlagSchema = z.enum(PATROL_DURATION_FLAGS);
export type PatrolDurationFlag = z.infer<typeof patrolDurationFlagSchema>;

const member = z.object({ uid: idSchema, account: text(), nickname: text() });

export const patrolRunSchema = z.object({
  id: idSchema,
  task: z.object({ id: idSchema, name: text() }),
  order: patrolOrderSchema,
  status: patrolRunStatusSchema,
  /** 'schedule' or started by hand ('manual', by `startedBy`). */
  source: z.enum(['schedule', 'manual']),
  startedBy: z.object({ id: idSchema, nickname: text() }).nullable(),
  /** Planned start (ISO); node i is planned at start + its offsetS. */
  plannedStart: text(),
  /** When the last node's late limit passes (ISO). */
  deadline: text(),
  /** First and last counted check-in (ISO), null before the first. */
  firstCheckin: text().nullable(),
  lastCheckin: text().nullable(),
  endedAt: text().nullable(),
  total: z.number().int().nonnegative(),
  onTime: z.number().int().nonnegative(),
  early: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  missed: z.number().int().nonnegative(),
  /** Planned span (last minus first offset) and actual span (last minus first check-in), seconds. */
  plannedS: z.number().int().nonnegative(),
  actualS: z.number().int().nonnegative().nullable(),
  flag: patrolDurationFlagSchema.nullable(),
  /** Members who checked in during the run. */
  members: z.array(member),
});
export type PatrolRun = z.infer<typeof patrolRunSchema>;

export const patrolRunNodeSchema = z.object({
  seq: z.number().int().nonnegative(),
  nodeId: idSchema,
  name: text(),
  lng: z.number(),
  lat: z.number(),
  radiusM: z.number().int(),
  plannedAt: text(),
  toleranceS: z.number().int().nonnegative(),
  result: patrolNodeResultSchema,
  checkinId: idSchema.nullable(),
  checkedAt: text().nullable(),
  checkedBy: member.nullable(),
});
export type PatrolRunNode = z.infer<typeof patrolRunNodeSchema>;

/** A run with its stops and the tracks of its members between start and end, for replay on the map. */
export const patrolRunDetailSchema = patrolRunSchema.extend({
  nodes: z.array(patrolRunNodeSchema),
  tracks: z.array(z.object({ uid: idSchema, points: z.array(z.object({ lng: z.number(), lat: z.number(), time: text() })) })),
});
export type PatrolRunDetail = z.infer<typeof patrolRunDetailSchema>;

export const patrolCheckinSchema = z.object({
  id: idSchema,
  user: member,
  node: z.object({ id: idSchema, name: text() }),
  /** The run and task the check-in counted for; null for 'unplanned'. */
  runId: idSchema.nullable(),
  task: z.object({ id: idSchema, name: text() }).nullable(),
  time: text(),
  method: patrolCheckinMethodSchema,
  result: patrolCheckinResultSchema,
  /** Position of the report (GPS), or of the node for scans. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** For 'manual': who recorded it. */
  recordedBy: z.object({ id: idSchema, nickname: text() }).nullable(),
});
export type PatrolCheckin = z.infer<typeof patrolCheckinSchema>;

const enumParam = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

export const PATROL_RUN_SORTS = ['plannedStart', 'task', 'status'] as const;
export const patrolRunListQuerySchema = listQuerySchema(PATROL_RUN_SORTS, 'plannedStart').extend({
  taskId: idParam,
  /** Runs this user checked in on. */
  userId: idParam,
  status: enumParam(patrolRunStatusSchema),
  flag: enumParam(patrolDurationFlagSchema),
  /** Planned start range in ms since the epoch (from inclusive, to exclusive). */
  from: intParam,
  to: intParam,
});
export type PatrolRunListQuery = z.infer<typeof patrolRunListQuerySchema>;

export const PATROL_CHECKIN_SORTS = ['time', 'account', 'node'] as const;
export const patrolCheckinListQuerySchema = listQuerySchema(PATROL_CHECKIN_SORTS, 'time').extend({
  userId: idParam,
  nodeId: idParam,
  taskId: idParam,
  runId: idParam,
  method: enumParam(patrolCheckinMethodSchema),
  result: enumParam(patrolCheckinResultSchema),
  from: intParam,
  to: intParam,
});
export type PatrolCheckinListQuery = z.infer<typeof patrolCheckinListQuerySchema>;

/**
 * A check-in sent by a device (REST `POST /api/patrol/checkins`, or the /ws2 topic
 * `patrol/{entId}/{uid}`): a scanned QR code or NFC tag. GPS check-ins need no request: the server
 * makes them from stored positions.
 */
export const patrolScanSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('qr'), code: text({ error: 'validation.patrolCodeInvalid' }).trim().min(1, { error: 'validation.patrolCodeInvalid' }).max(64, { error: 'validation.patrolCodeInvalid' }) }),
    z.object({ method: z.literal('nfc'), code: nfcSchema }),
  ],
  { error: 'validation.patrolMethodInvalid' },
);
export type PatrolScanRequest = z.input<typeof patrolScanSchema>;

/** A dispatcher records a check-in for a member (method 'manual'), e.g. reported by radio. */
export const manualPatrolCheckinSchema = z.object({ userId: uidSchema, nodeId: idSchema, runId: idSchema });
export type ManualPatrolCheckinRequest = z.input<typeof manualPatrolCheckinSchema>;

/** Patrol log deletion (operation PatrolLogDelete): runs with their check-ins, or single check-ins. */
export const deletePatrolRecordsSchema = z
  .object({
    runIds: z.array(idSchema).max(PATROL_DELETE_MAX).optional(),
    checkinIds: z.array(idSchema).max(PATROL_DELETE_MAX).optional(),
  })
  .refine((v) => (v.runIds?.length ?? 0) + (v.checkinIds?.length ?? 0) > 0, { error: 'validation.patrolDeleteEmpty' });
export type DeletePatrolRecordsRequest = z.input<typeof deletePatrolRecordsSchema>;
/** What was deleted: every id asked for (an unknown one refuses the whole request with 404). */
export const deletedPatrolRecordsSchema = z.object({ runIds: z.array(idSchema), checkinIds: z.array(idSchema) });
export type DeletedPatrolRecords = z.infer<typeof deletedPatrolRecordsSchema>;

// ---------------------------------------------------------------------------------------------
// Members and dashboard

/** A member who patrols (assigned to an enabled task directly or through a channel). */
export const patrolMemberSchema = z.object({
  uid: idSchema,
  account: text(),
  nickname: text(),
  online: z.boolean(),
  /** Latest stored position (WGS-84), null when none. */
  position: z.object({ lng: z.number(), lat: z.number(), time: text() }).nullable(),
  taskCount: z.number().int().nonnegative(),
  /** The active run of one of their tasks they are on (the earliest planned), with its progress. */
  currentRun: z
    .object({ id: idSchema, taskName: text(), done: z.number().int().nonnegative(), total: z.number().int().nonnegative(), missed: z.number().int().nonnegative(), nextNode: text().nullable() })
    .nullable(),
  lastCheckin: z.object({ time: text(), nodeName: text(), result: patrolCheckinResultSchema }).nullable(),
});
export type PatrolMember = z.infer<typeof patrolMemberSchema>;

export const PATROL_MEMBER_SORTS = ['account', 'nickname'] as const;
export const patrolMemberListQuerySchema = listQuerySchema(PATROL_MEMBER_SORTS, 'nickname').extend({
  taskId: idParam,
  /** Only members on an active run now. */
  active: boolParam,
});
export type PatrolMemberListQuery = z.infer<typeof patrolMemberListQuerySchema>;

/** `from`/`to` are days 'YYYY-MM-DD' in the organisation's time zone, both included, at most 31 days. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const patrolDashboardQuerySchema = z.object({
  from: text({ error: 'validation.patrolDaysInvalid' }).regex(DAY, { error: 'validation.patrolDaysInvalid' }),
  to: text({ error: 'validation.patrolDaysInvalid' }).regex(DAY, { error: 'validation.patrolDaysInvalid' }),
  taskId: idParam,
});
export type PatrolDashboardQuery = z.infer<typeof patrolDashboardQuerySchema>;

const counts = {
  runs: z.number().int().nonnegative(),
  complete: z.number().int().nonnegative(),
  incomplete: z.number().int().nonnegative(),
  missedRuns: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  checkins: z.number().int().nonnegative(),
  onTime: z.number().int().nonnegative(),
  early: z.number().int().nonnegative(),
  late: z.number().int().nonnegative(),
  /** Nodes missed. */
  missed: z.number().int().nonnegative(),
  flagged: z.number().int().nonnegative(),
};
const countsSchema = z.object(counts);
export type PatrolCounts = z.infer<typeof countsSchema>;

export const patrolDashboardSchema = z.object({
  timeZone: text(),
  from: text(),
  to: text(),
  /** Over the range; completion rate = complete / (runs - active), null when nothing finished. */
  totals: countsSchema.extend({ completionRate: z.number().nullable() }),
  /** Today in the organisation's time zone, whatever the range. */
  today: countsSchema.extend({ completionRate: z.number().nullable() }),
  /** One entry per day of the range, in order, days without runs included. */
  days: z.array(countsSchema.extend({ day: text() })),
  /** Members who checked in or had runs over the range, most check-ins first (at most 50). */
  members: z.array(z.object({ uid: idSchema, account: text(), nickname: text(), checkins: z.number().int(), onTime: z.number().int(), early: z.number().int(), late: z.number().int() })),
});
export type PatrolDashboard = z.infer<typeof patrolDashboardSchema>;

/**
 * `GET /api/me/patrol`: the caller's open runs (tasks they are assigned to, directly or through a
 * channel), with every stop, so a handset (or the simulator) can guide the guard. Deliberately
 * without the nodes' QR codes and NFC tags: a guard who could read them here could check in
 * without going there (the simulator, which must "scan", reads them as staff).
 */
export const myPatrolSchema = z.array(patrolRunSchema.omit({ members: true }).extend({ nodes: z.array(patrolRunNodeSchema) }));
export type MyPatrol = z.infer<typeof myPatrolSchema>;
