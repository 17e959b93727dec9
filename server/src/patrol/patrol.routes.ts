import {
  OperationType,
  XLSX_MIME,
  assignPatrolMembersSchema,
  createPatrolNodeSchema,
  createPatrolTaskSchema,
  deletePatrolRecordsSchema,
  deletedPatrolRecordsSchema,
  idPathSchema,
  manualPatrolCheckinSchema,
  myPatrolSchema,
  pageSchema,
  patrolCheckinListQuerySchema,
  patrolCheckinSchema,
  patrolDashboardQuerySchema,
  patrolDashboardSchema,
  patrolMemberListQuerySchema,
  patrolMemberSchema,
  patrolNodeListQuerySchema,
  patrolNodeSchema,
  patrolRunDetailSchema,
  patrolRunListQuerySchema,
  patrolRunSchema,
  patrolScanSchema,
  patrolTaskDetailSchema,
  patrolTaskListQuerySchema,
  patrolTaskSchema,
  updatePatrolNodeSchema,
  updatePatrolTaskSchema,
} from '@ptt/contracts';
import { z } from 'zod';
import { streamExport } from '../exports/export-stream';
import { defineRoute, type RouteDef } from '../http/route';
import { checkinExport, patrolCheckinExportQuerySchema, patrolRunExportQuerySchema, runExport } from './patrol-exports';
import { patrolEvaluationStatsSchema } from './patrol-stats';

const tag = 'patrol';
const FORMATS = 'xlsx (default) or CSV (`format=csv`: UTF-8 with a BOM)';

/** Patrol (guard tours, ADR 029): the console's /main/patrol screens, devices' scans, the handset's own runs. */
export const patrolRoutes: RouteDef[] = [
  // Nodes
  defineRoute({
    method: 'GET', url: '/api/patrol/nodes', tag, auth: 'patrol.read',
    summary: 'Patrol nodes (checkpoints), paged, sorted, searched (name, id, QR code, NFC tag) and filtered (enabled, taskId), each with its task count',
    query: patrolNodeListQuerySchema,
    response: pageSchema(patrolNodeSchema),
    handler: ({ caller, query, deps }) => deps.patrolPlan.listNodes(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/nodes/:id', tag, auth: 'patrol.read',
    summary: 'One patrol node',
    params: idPathSchema,
    response: patrolNodeSchema,
    handler: ({ caller, params, deps }) => deps.patrolPlan.getNode(caller, params.id),
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/nodes', tag, auth: 'patrol.manage',
    summary: "Create a node (coord 1: placed on GCJ-02, stored as WGS-84); the server makes its QR code. Name or NFC tag taken: 2000; nfc without a tag: 2004 'rule.patrolNfcRequired'",
    body: createPatrolNodeSchema,
    response: patrolNodeSchema,
    audits: [OperationType.PatrolNodeAdd],
    handler: ({ caller, body, deps }) => deps.patrolPlan.createNode(caller, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/patrol/nodes/:id', tag, auth: 'patrol.manage',
    summary: "Change a node (also enable or disable it); nothing different is 2004 'rule.patrolNotModified'. The QR code never changes",
    params: idPathSchema,
    body: updatePatrolNodeSchema,
    response: patrolNodeSchema,
    audits: [OperationType.PatrolNodeUpdate],
    handler: ({ caller, params, body, deps }) => deps.patrolPlan.updateNode(caller, params.id, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/patrol/nodes/:id', tag, auth: 'patrol.manage',
    summary: "Delete a node; one on a task's route is 2042 'rule.patrolNodeInUse' (runs and check-ins keep its name)",
    params: idPathSchema,
    response: z.null(),
    audits: [OperationType.PatrolNodeDelete],
    handler: async ({ caller, params, deps }) => {
      await deps.patrolPlan.removeNode(caller, params.id);
      return null;
    },
  }),
  // Tasks
  defineRoute({
    method: 'GET', url: '/api/patrol/tasks', tag, auth: 'patrol.read',
    summary: 'Patrol tasks (tours), paged, sorted, searched and filtered (enabled, userId, nodeId), each with its next scheduled start',
    query: patrolTaskListQuerySchema,
    response: pageSchema(patrolTaskSchema),
    handler: ({ caller, query, deps }) => deps.patrolPlan.listTasks(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/tasks/:id', tag, auth: 'patrol.read',
    summary: 'One task with its route, users and channels',
    params: idPathSchema,
    response: patrolTaskDetailSchema,
    handler: ({ caller, params, deps }) => deps.patrolPlan.getTask(caller, params.id),
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/tasks', tag, auth: 'patrol.manage',
    summary: "Create an enabled task: order, route over the organisation's nodes, late limit, weekly schedule (organisation time zone), users and channels",
    body: createPatrolTaskSchema,
    response: patrolTaskDetailSchema,
    audits: [OperationType.PatrolTaskAdd, OperationType.PatrolMemberAssign],
    handler: ({ caller, body, deps }) => deps.patrolPlan.createTask(caller, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/patrol/tasks/:id', tag, auth: 'patrol.manage',
    summary: "Change a task, enable or disable it; a new route or schedule applies from the next run. Nothing different: 2004 'rule.patrolNotModified'",
    params: idPathSchema,
    body: updatePatrolTaskSchema,
    response: patrolTaskDetailSchema,
    audits: [OperationType.PatrolTaskUpdate],
    handler: ({ caller, params, body, deps }) => deps.patrolPlan.updateTask(caller, params.id, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/patrol/tasks/:id', tag, auth: 'patrol.manage',
    summary: 'Delete a task (its runs and check-ins stay in the records)',
    params: idPathSchema,
    response: z.null(),
    audits: [OperationType.PatrolTaskDelete],
    handler: async ({ caller, params, deps }) => {
      await deps.patrolPlan.removeTask(caller, params.id);
      return null;
    },
  }),
  defineRoute({
    method: 'PUT', url: '/api/patrol/tasks/:id/members', tag, auth: 'patrol.manage',
    summary: 'Who patrols the task: its users and channels (members of the channels too), replaced',
    params: idPathSchema,
    body: assignPatrolMembersSchema,
    response: patrolTaskDetailSchema,
    audits: [OperationType.PatrolMemberAssign],
    handler: ({ caller, params, body, deps }) => deps.patrolPlan.assignMembers(caller, params.id, body),
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/tasks/:id/start', tag, auth: 'patrol.manage',
    summary: "Start a run now (recorded as a task update); disabled task: 2042 'rule.patrolTaskDisabled', one under way: 2000 'rule.patrolRunActive'",
    params: idPathSchema,
    response: patrolRunSchema,
    audits: [OperationType.PatrolTaskUpdate],
    handler: ({ caller, params, deps }) => deps.patrolPlan.start(caller, params.id),
  }),
  // Runs and check-ins
  defineRoute({
    method: 'GET', url: '/api/patrol/runs', tag, auth: 'patrol.read',
    summary: 'Runs, paged, sorted and filtered (taskId, userId, status, flag, planned start from/to in ms)',
    query: patrolRunListQuerySchema,
    response: pageSchema(patrolRunSchema),
    handler: ({ caller, query, deps }) => deps.patrol.listRuns(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/runs/export', tag, auth: 'patrol.read', raw: XLSX_MIME, query: patrolRunExportQuerySchema,
    summary: `Runs as ${FORMATS}, with the filters and sort of GET /api/patrol/runs`,
    handler: (ctx) =>
      streamExport(ctx.deps, runExport(ctx.caller.entId, ctx.query), { entId: ctx.caller.entId, userId: ctx.caller.userId, format: ctx.query.format, exportId: ctx.query.exportId, req: ctx.req, reply: ctx.reply }),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/runs/:id', tag, auth: 'patrol.read',
    summary: "One run with its stops and its members' tracks from start to end, for replay",
    params: idPathSchema,
    response: patrolRunDetailSchema,
    handler: ({ caller, params, deps }) => deps.patrol.runDetail(caller, params.id),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/checkins', tag, auth: 'patrol.read',
    summary: 'Check-ins, paged, sorted and filtered (userId, nodeId, taskId, runId, method, result, time from/to in ms)',
    query: patrolCheckinListQuerySchema,
    response: pageSchema(patrolCheckinSchema),
    handler: ({ caller, query, deps }) => deps.patrol.listCheckins(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/checkins/export', tag, auth: 'patrol.read', raw: XLSX_MIME, query: patrolCheckinExportQuerySchema,
    summary: `Check-ins as ${FORMATS}, with the filters and sort of GET /api/patrol/checkins`,
    handler: (ctx) =>
      streamExport(ctx.deps, checkinExport(ctx.caller.entId, ctx.query), { entId: ctx.caller.entId, userId: ctx.caller.userId, format: ctx.query.format, exportId: ctx.query.exportId, req: ctx.req, reply: ctx.reply }),
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/checkins', tag, auth: 'patrol.checkin',
    summary: "The caller's scan of a node's QR code or NFC tag, judged at once (result onTime, early, late, repeat or unplanned). Unknown code: 2012 'rule.patrolCodeUnknown'; disabled node: 2042; method not accepted: 2004",
    body: patrolScanSchema,
    response: patrolCheckinSchema,
    handler: async ({ caller, body, deps }) => (await deps.patrol.scan(caller, body)).checkin,
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/checkins/manual', tag, auth: 'patrol.checkin.manual',
    summary: "Record a check-in reported by radio for a member assigned to the run's task (2004 'rule.patrolNotAssigned'); the run must be active and the node waiting in it",
    body: manualPatrolCheckinSchema,
    response: patrolCheckinSchema,
    handler: ({ caller, body, deps }) => deps.patrol.manual(caller, body),
  }),
  defineRoute({
    method: 'POST', url: '/api/patrol/records/delete', tag, auth: 'patrol.log.delete',
    summary: 'Delete runs (with their check-ins) and single check-ins; a deleted check-in of a run under way puts its stop back to pending',
    body: deletePatrolRecordsSchema,
    response: deletedPatrolRecordsSchema,
    audits: [OperationType.PatrolLogDelete],
    handler: ({ caller, body, deps }) => deps.patrol.deleteRecords(caller, body),
  }),
  // Members and dashboard
  defineRoute({
    method: 'GET', url: '/api/patrol/members', tag, auth: 'patrol.read',
    summary: 'Members assigned to an enabled task, with presence, latest position, current run and last check-in; filtered by taskId or active (on a run now)',
    query: patrolMemberListQuerySchema,
    response: pageSchema(patrolMemberSchema),
    handler: ({ caller, query, deps }) => deps.patrol.members(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/patrol/dashboard', tag, auth: 'patrol.read',
    summary: "Counts over organisation days from..to (at most 31), today's, one entry per day and the 50 most active members",
    query: patrolDashboardQuerySchema,
    response: patrolDashboardSchema,
    handler: ({ caller, query, deps }) => deps.patrol.dashboard(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/diagnostics/patrol', tag: 'diagnostics', auth: 'patrol.read',
    summary: "GPS patrol evaluation of the caller's organisation on the answering node since it started: reports, those of members on a run, radius entries, check-ins, and a histogram of the time each report's evaluation adds",
    response: patrolEvaluationStatsSchema,
    handler: ({ caller, deps }) => deps.patrolMonitor.stats.read(caller.entId),
  }),
  defineRoute({
    method: 'GET', url: '/api/me/patrol', tag: 'me', auth: 'patrol.checkin',
    summary: "The caller's open runs (tasks they are assigned to, directly or through a channel) with every stop",
    response: myPatrolSchema,
    handler: ({ caller, deps }) => deps.patrol.mine(caller),
  }),
];
