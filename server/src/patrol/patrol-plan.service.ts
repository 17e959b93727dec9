import { randomInt } from 'node:crypto';
import {
  CoordinateSystem,
  OperationType,
  PATROL_CHANNELS_MAX,
  PATROL_LATE_DEFAULT_S,
  PATROL_RADIUS_DEFAULT_M,
  PATROL_REPEAT_DEFAULT_S,
  PATROL_USERS_MAX,
  RULES,
  ServerCode,
  nextStart,
  type Page,
  type PatrolMethod,
  type PatrolNode,
  type PatrolNodeListQuery,
  type PatrolOrder,
  type PatrolRun,
  type PatrolSchedule,
  type PatrolTask,
  type PatrolTaskDetail,
  type PatrolTaskListQuery,
  type PatrolTaskNodeInput,
} from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, ruleError, type Caller } from '../http/caller';
import { toWgs84 } from '../locations/wgs84';
import { writeOperation } from '../audit/operation-log';
import { entTimeZone } from '../fences/fence-state.repository';
import type { Hub } from '../ws/hub';
import * as repo from './patrol-plan.repository';
import { findRun, hasActiveRun } from './patrol-run.repository';
import { makeRun, publishPatrol } from './patrol-runs';

export interface NodeBody {
  name?: string | undefined;
  lng?: number | undefined;
  lat?: number | undefined;
  coord?: CoordinateSystem | undefined;
  methods?: PatrolMethod[] | undefined;
  radiusM?: number | undefined;
  nfcTag?: string | null | undefined;
  repeatS?: number | undefined;
  enabled?: boolean | undefined;
}

export interface TaskBody {
  name?: string | undefined;
  enabled?: boolean | undefined;
  order?: PatrolOrder | undefined;
  route?: PatrolTaskNodeInput[] | undefined;
  lateS?: number | undefined;
  schedule?: PatrolSchedule | undefined;
}

const QR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A printed code: 'PT-' and 10 characters nobody misreads (no 0/O, 1/I). */
export function newQrCode(): string {
  return `PT-${Array.from({ length: 10 }, () => QR_ALPHABET[randomInt(QR_ALPHABET.length)]).join('')}`;
}

function uniqueViolation(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== '23505') return null;
  const constraint = (err as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : '';
}

/** Schedules as stored: days and starts in order, so the same plan compares equal. */
function storedSchedule(s: PatrolSchedule): PatrolSchedule {
  return s === null ? null : { days: [...s.days].sort((a, b) => a - b), starts: [...s.starts].sort() };
}

const routeKey = (r: readonly { nodeId: number; offsetS: number; toleranceS: number }[]) => JSON.stringify(r.map((s) => [s.nodeId, s.offsetS, s.toleranceS]));

/**
 * The patrol plan (ADR 029): nodes, tasks with their route and schedule, who patrols them, and
 * "start now". Every change is one transaction with its operation record; after the commit every
 * node drops its copy of the organisation's runs and staff hear PatrolChange.
 */
export class PatrolPlanService {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly now: () => number = Date.now,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Nodes

  listNodes(caller: Caller, query: PatrolNodeListQuery): Promise<Page<PatrolNode>> {
    return repo.listNodes(this.db, caller.entId, query);
  }

  async getNode(caller: Caller, id: number): Promise<PatrolNode> {
    const node = await repo.findNode(this.db, caller.entId, id);
    if (!node) throw notFound('patrolNode');
    return node;
  }

  async createNode(caller: Caller, body: NodeBody & { name: string; lng: number; lat: number; methods: PatrolMethod[] }): Promise<PatrolNode> {
    const [lng, lat] = toWgs84(body.lng, body.lat, body.coord ?? CoordinateSystem.WGS);
    const fields: repo.NodeFields = {
      name: body.name,
      lng,
      lat,
      methods: body.methods,
      radiusM: body.radiusM ?? PATROL_RADIUS_DEFAULT_M,
      nfcTag: body.nfcTag ?? null,
      repeatS: body.repeatS ?? PATROL_REPEAT_DEFAULT_S,
      enabled: true,
    };
    const node = await this.db.transaction(async (tx) => {
      await this.checkNode(tx, caller.entId, fields, null);
      let id: number | null = null;
      // A code drawn twice in one organisation is a one-in-10^15 event; draw again.
      for (let attempt = 0; id === null; attempt++) {
        try {
          id = await repo.insertNode(tx, caller.entId, caller.userId, fields, newQrCode());
        } catch (err) {
          if (attempt < 2 && uniqueViolation(err) === 'patrol_nodes_qr_uq') continue;
          throw this.nodeConflict(err);
        }
      }
      await writeOperation(tx, caller, OperationType.PatrolNodeAdd, { nodeId: id, name: fields.name });
      return (await repo.findNode(tx, caller.entId, id))!;
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'node', id: node.id, run: null }]);
    return node;
  }

  /** 'Patrol information has not been modified' (2004) when nothing differs. */
  async updateNode(caller: Caller, id: number, body: NodeBody): Promise<PatrolNode> {
    const node = await this.db.transaction(async (tx) => {
      const before = await repo.findNode(tx, caller.entId, id, true);
      if (!before) throw notFound('patrolNode');
      const [lng, lat] = body.lng !== undefined && body.lat !== undefined ? toWgs84(body.lng, body.lat, body.coord ?? CoordinateSystem.WGS) : [body.lng ?? before.lng, body.lat ?? before.lat];
      const next: repo.NodeFields = {
        name: body.name ?? before.name,
        lng,
        lat,
        methods: body.methods ?? before.methods,
        radiusM: body.radiusM ?? before.radiusM,
        nfcTag: body.nfcTag === undefined ? before.nfcTag : body.nfcTag,
        repeatS: body.repeatS ?? before.repeatS,
        enabled: body.enabled ?? before.enabled,
      };
      const changes: Record<string, unknown> = {};
      for (const key of ['name', 'lng', 'lat', 'radiusM', 'nfcTag', 'repeatS', 'enabled'] as const) {
        if (next[key] !== before[key]) changes[key] = { from: before[key], to: next[key] };
      }
      if ([...next.methods].sort().join() !== [...before.methods].sort().join()) changes.methods = { from: before.methods, to: next.methods };
      if (Object.keys(changes).length === 0) throw ruleError(ServerCode.ParameterError, 'patrolNotModified');
      await this.checkNode(tx, caller.entId, next, id);
      await repo.updateNode(tx, id, caller.userId, next).catch((err: unknown) => {
        throw this.nodeConflict(err);
      });
      await writeOperation(tx, caller, OperationType.PatrolNodeUpdate, { nodeId: id, changes });
      return (await repo.findNode(tx, caller.entId, id))!;
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'node', id, run: null }]);
    return node;
  }

  /** A node on a task's route is refused (2042 'patrolNodeInUse'); runs keep their copy anyway. */
  async removeNode(caller: Caller, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await repo.findNode(tx, caller.entId, id, true);
      if (!before) throw notFound('patrolNode');
      if (before.taskCount > 0) throw ruleError(ServerCode.WallNotOpen, 'patrolNodeInUse', { taskCount: before.taskCount });
      await repo.deleteNode(tx, id);
      await writeOperation(tx, caller, OperationType.PatrolNodeDelete, { nodeId: id, name: before.name });
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'node', id, run: null }]);
  }

  private async checkNode(tx: Queryable, entId: number, n: repo.NodeFields, exceptId: number | null): Promise<void> {
    if (n.methods.includes('nfc') && !n.nfcTag) throw ruleError(ServerCode.ParameterError, 'patrolNfcRequired');
    if (await repo.nodeNameTaken(tx, entId, n.name, exceptId)) throw ruleError(ServerCode.AlreadyExists, 'patrolNodeNameExists');
    if (n.nfcTag && (await repo.nfcTaken(tx, entId, n.nfcTag, exceptId))) throw ruleError(ServerCode.AlreadyExists, 'patrolNfcExists');
  }

  /** The unique indexes can still refuse when two changes race past the checks. */
  private nodeConflict(err: unknown): unknown {
    const constraint = uniqueViolation(err);
    if (constraint === 'patrol_nodes_name_uq') return ruleError(ServerCode.AlreadyExists, 'patrolNodeNameExists');
    if (constraint === 'patrol_nodes_nfc_uq') return ruleError(ServerCode.AlreadyExists, 'patrolNfcExists');
    return err;
  }

  // -------------------------------------------------------------------------------------------
  // Tasks

  async listTasks(caller: Caller, query: PatrolTaskListQuery): Promise<Page<PatrolTask>> {
    const page = await repo.listTasks(this.db, caller.entId, query);
    const timeZone = await entTimeZone(this.db, caller.entId);
    return { ...page, items: page.items.map((t) => this.withNext(t, timeZone)) };
  }

  async getTask(caller: Caller, id: number): Promise<PatrolTaskDetail> {
    const detail = await this.detail(this.db, caller.entId, id);
    if (!detail) throw notFound('patrolTask');
    return detail;
  }

  async createTask(
    caller: Caller,
    body: TaskBody & { name: string; order: PatrolOrder; route: PatrolTaskNodeInput[]; userIds?: number[] | undefined; channelIds?: number[] | undefined },
  ): Promise<PatrolTaskDetail> {
    const userIds = body.userIds ?? [];
    const channelIds = body.channelIds ?? [];
    const detail = await this.db.transaction(async (tx) => {
      await this.checkTaskName(tx, caller.entId, body.name, null);
      await this.checkRoute(tx, caller.entId, body.route);
      await this.checkMembers(tx, caller.entId, userIds, channelIds);
      const task = { name: body.name, enabled: true, order: body.order, lateS: body.lateS ?? PATROL_LATE_DEFAULT_S, schedule: storedSchedule(body.schedule ?? null) };
      const id = await repo.insertTask(tx, caller.entId, caller.userId, task).catch((err: unknown) => {
        throw uniqueViolation(err) === 'patrol_tasks_name_uq' ? ruleError(ServerCode.AlreadyExists, 'patrolTaskNameExists') : err;
      });
      await repo.replaceRoute(tx, id, body.route);
      await repo.replaceMembers(tx, caller.entId, id, userIds, channelIds);
      await writeOperation(tx, caller, OperationType.PatrolTaskAdd, { taskId: id, name: body.name, order: body.order, nodes: body.route.length, schedule: task.schedule });
      if (userIds.length + channelIds.length > 0) await writeOperation(tx, caller, OperationType.PatrolMemberAssign, { taskId: id, userIds, channelIds });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'task', id: detail.id, run: null }]);
    return detail;
  }

  /** Enable, disable and every plan change; a new route or schedule applies from the next run. */
  async updateTask(caller: Caller, id: number, body: TaskBody): Promise<PatrolTaskDetail> {
    const detail = await this.db.transaction(async (tx) => {
      const before = await repo.lockTask(tx, caller.entId, id);
      if (!before) throw notFound('patrolTask');
      const next = {
        name: body.name ?? before.name,
        enabled: body.enabled ?? before.enabled,
        order: body.order ?? before.order,
        lateS: body.lateS ?? before.lateS,
        schedule: body.schedule === undefined ? before.schedule : storedSchedule(body.schedule),
      };
      const changes: Record<string, unknown> = {};
      for (const key of ['name', 'enabled', 'order', 'lateS'] as const) if (next[key] !== before[key]) changes[key] = { from: before[key], to: next[key] };
      if (JSON.stringify(storedSchedule(next.schedule)) !== JSON.stringify(storedSchedule(before.schedule))) changes.schedule = { from: before.schedule, to: next.schedule };
      if (body.route) {
        const current = await repo.taskRoute(tx, id);
        if (routeKey(current) !== routeKey(body.route)) changes.route = { from: current.length, to: body.route.length };
      }
      if (Object.keys(changes).length === 0) throw ruleError(ServerCode.ParameterError, 'patrolNotModified');
      if (changes.name) await this.checkTaskName(tx, caller.entId, next.name, id);
      if (changes.route) await this.checkRoute(tx, caller.entId, body.route!);
      await repo.updateTask(tx, id, caller.userId, next).catch((err: unknown) => {
        throw uniqueViolation(err) === 'patrol_tasks_name_uq' ? ruleError(ServerCode.AlreadyExists, 'patrolTaskNameExists') : err;
      });
      if (changes.route) await repo.replaceRoute(tx, id, body.route!);
      await writeOperation(tx, caller, OperationType.PatrolTaskUpdate, { taskId: id, changes });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'task', id, run: null }]);
    return detail;
  }

  /** Deletes the task; its runs stay in the records (an active one stops being patrolled). */
  async removeTask(caller: Caller, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockTask(tx, caller.entId, id);
      if (!before) throw notFound('patrolTask');
      await repo.deleteTask(tx, id);
      await writeOperation(tx, caller, OperationType.PatrolTaskDelete, { taskId: id, name: before.name });
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'task', id, run: null }]);
  }

  /** Who patrols the task: replaces the users and channels (operation PatrolMemberAssign). */
  async assignMembers(caller: Caller, id: number, body: { userIds: number[]; channelIds: number[] }): Promise<PatrolTaskDetail> {
    const detail = await this.db.transaction(async (tx) => {
      const before = await repo.lockTask(tx, caller.entId, id);
      if (!before) throw notFound('patrolTask');
      await this.checkMembers(tx, caller.entId, body.userIds, body.channelIds);
      await repo.replaceMembers(tx, caller.entId, id, body.userIds, body.channelIds);
      await repo.touchTask(tx, id, caller.userId);
      await writeOperation(tx, caller, OperationType.PatrolMemberAssign, { taskId: id, userIds: body.userIds, channelIds: body.channelIds });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await publishPatrol(this.hub, caller.entId, [{ what: 'task', id, run: null }]);
    return detail;
  }

  /** "Start now": a run planned now (recorded as a task update). One active run per task at a time. */
  async start(caller: Caller, id: number): Promise<PatrolRun> {
    const runId = await this.db.transaction(async (tx) => {
      const task = await repo.lockTask(tx, caller.entId, id);
      if (!task) throw notFound('patrolTask');
      if (!task.enabled) throw ruleError(ServerCode.WallNotOpen, 'patrolTaskDisabled');
      if (await hasActiveRun(tx, caller.entId, id)) throw ruleError(ServerCode.AlreadyExists, 'patrolRunActive');
      const runId = await makeRun(tx, { ...task, entId: caller.entId }, this.now(), 'manual', caller.userId);
      if (runId === null) throw ruleError(ServerCode.AlreadyExists, 'patrolRunActive');
      await repo.touchTask(tx, id, caller.userId);
      await writeOperation(tx, caller, OperationType.PatrolTaskUpdate, { taskId: id, start: { runId } });
      return runId;
    });
    const run = (await findRun(this.db, caller.entId, runId))!;
    await publishPatrol(this.hub, caller.entId, [
      { what: 'task', id, run: null },
      { what: 'run', id: runId, run: { id: runId, taskId: id, status: run.status, done: 0, missed: 0, total: run.total } },
    ]);
    return run;
  }

  private async detail(q: Queryable, entId: number, id: number): Promise<PatrolTaskDetail | null> {
    const task = await repo.findTask(q, entId, id);
    if (!task) return null;
    const timeZone = await entTimeZone(q, entId);
    return { ...this.withNext(task, timeZone), route: await repo.taskRoute(q, id), users: await repo.taskUsers(q, id), channels: await repo.taskChannels(q, id) };
  }

  private withNext(task: repo.StoredTask, timeZone: string): PatrolTask {
    const next = task.enabled ? nextStart(task.schedule, timeZone, this.now()) : null;
    return { ...task, nextStart: next === null ? null : new Date(next).toISOString() };
  }

  private async checkTaskName(tx: Queryable, entId: number, name: string, exceptId: number | null): Promise<void> {
    if (await repo.taskNameTaken(tx, entId, name, exceptId)) throw ruleError(ServerCode.AlreadyExists, 'patrolTaskNameExists');
  }

  /** Every node of the route must be one of the organisation's (404/2012 with the unknown ids). */
  private async checkRoute(tx: Queryable, entId: number, route: readonly PatrolTaskNodeInput[]): Promise<void> {
    const ids = [...new Set(route.map((s) => s.nodeId))];
    const known = await repo.existingNodes(tx, entId, ids);
    const unknown = ids.filter((v) => !known.has(v));
    if (unknown.length > 0) throw new AppError(ServerCode.NotFound, { reason: 'rule.notFound', what: 'patrolNode', ids: unknown }, RULES.notFound);
  }

  /** Users (2012) and live channels (2011) of the organisation, each once; too many: 2004 'patrolMembersFull'. */
  private async checkMembers(tx: Queryable, entId: number, userIds: readonly number[], channelIds: readonly number[]): Promise<void> {
    if (userIds.length > PATROL_USERS_MAX || channelIds.length > PATROL_CHANNELS_MAX) throw ruleError(ServerCode.ParameterError, 'patrolMembersFull');
    for (const [ids, what] of [
      [userIds, 'user'],
      [channelIds, 'channel'],
    ] as const) {
      const twice = [...new Set(ids.filter((v, i) => ids.indexOf(v) !== i))];
      if (twice.length > 0) throw new AppError(ServerCode.ParameterError, { reason: 'validation.duplicateIds', what, ids: twice });
      const known = what === 'user' ? await repo.existingUsers(tx, entId, ids) : await repo.existingChannels(tx, entId, ids);
      const unknown = ids.filter((v) => !known.has(v));
      if (unknown.length > 0) {
        throw new AppError(what === 'user' ? ServerCode.NotFound : ServerCode.ChannelNotFound, { reason: 'rule.notFound', what, ids: unknown }, RULES.notFound);
      }
    }
  }
}
