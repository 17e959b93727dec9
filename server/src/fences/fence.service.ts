import {
  CoordinateSystem,
  FENCE_CHANNELS_MAX,
  FENCE_USERS_MAX,
  OperationType,
  RULES,
  ServerCode,
  normalizeRing,
  type Fence,
  type FenceAlert,
  type FenceAlertListQuery,
  type FenceDetail,
  type FenceListQuery,
  type FenceRule,
  type FenceShape,
  type FenceShapeInput,
  type Page,
} from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, ruleError, type Caller } from '../http/caller';
import { toWgs84 } from '../locations/wgs84';
import { writeOperation } from '../audit/operation-log';
import { INTERNAL_TOPICS, type Hub } from '../ws/hub';
import { listAlerts } from './fence-alert.repository';
import type { FenceCache } from './fence-cache';
import type { FenceMonitor } from './fence-monitor';
import * as repo from './fence.repository';

export interface FenceBody {
  name: string;
  rule: FenceRule;
  shape: FenceShapeInput;
  coord?: CoordinateSystem | undefined;
  userIds?: number[] | undefined;
  channelIds?: number[] | undefined;
}
export type FenceChanges = Partial<Pick<FenceBody, 'name' | 'rule' | 'shape' | 'coord'>>;

/** The drawing as stored: WGS-84, polygon corners without repeats or a closing point, fixed key order. */
export function storedShape(shape: FenceShapeInput, coord: CoordinateSystem = CoordinateSystem.WGS): FenceShape {
  const wgs = (p: { lng: number; lat: number }) => {
    const [lng, lat] = toWgs84(p.lng, p.lat, coord);
    return { lng, lat };
  };
  if (shape.type === 'circle') return { type: 'circle', center: wgs(shape.center), radius: shape.radius };
  return { type: 'polygon', points: normalizeRing(shape.points).map(wgs) };
}

/** The same shape in a comparable form (jsonb does not keep key order). */
function shapeKey(s: FenceShape): string {
  return JSON.stringify(s.type === 'circle' ? [s.center.lng, s.center.lat, s.radius] : s.points.map((p) => [p.lng, p.lat]));
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

const LINK_LIMIT: Record<repo.LinkKind, number> = { user: FENCE_USERS_MAX, channel: FENCE_CHANNELS_MAX };

/**
 * Geofences: CRUD, status, links, alert records. Every change is one transaction with its
 * operation record; after the commit the enterprise's cached fences are dropped on every node.
 */
export class FenceService {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly cache: FenceCache,
    private readonly monitor: FenceMonitor,
  ) {}

  list(caller: Caller, query: FenceListQuery): Promise<Page<Fence>> {
    return repo.listFences(this.db, caller.entId, query);
  }

  async get(caller: Caller, id: number): Promise<FenceDetail> {
    const detail = await this.detail(this.db, caller.entId, id);
    if (!detail) throw notFound('fence');
    return detail;
  }

  alerts(caller: Caller, query: FenceAlertListQuery): Promise<Page<FenceAlert>> {
    return listAlerts(this.db, caller.entId, query);
  }

  async create(caller: Caller, body: FenceBody): Promise<FenceDetail> {
    const userIds = body.userIds ?? [];
    const channelIds = body.channelIds ?? [];
    const detail = await this.db.transaction(async (tx) => {
      await this.checkNameFree(tx, caller.entId, body.name, null);
      await this.checkTargets(tx, caller.entId, null, 'user', userIds);
      await this.checkTargets(tx, caller.entId, null, 'channel', channelIds);
      const fence = { name: body.name, rule: body.rule, shape: storedShape(body.shape, body.coord) };
      const id = await this.guardName(() => repo.insertFence(tx, caller.entId, caller.userId, fence));
      await repo.insertLinks(tx, 'user', caller.entId, id, caller.userId, userIds);
      await repo.insertLinks(tx, 'channel', caller.entId, id, caller.userId, channelIds);
      await writeOperation(tx, caller, OperationType.FenceCreate, { fenceId: id, name: body.name, rule: body.rule, userIds, channelIds });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, detail.id);
    return detail;
  }

  /** 'Fence information has not been modified' (2004) when nothing differs from the stored fence. */
  async update(caller: Caller, id: number, body: FenceChanges): Promise<FenceDetail> {
    const detail = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      const next = { name: body.name ?? before.name, rule: body.rule ?? before.rule, shape: body.shape ? storedShape(body.shape, body.coord) : before.shape };
      const changes: Record<string, unknown> = {};
      if (next.name !== before.name) changes.name = { from: before.name, to: next.name };
      if (next.rule !== before.rule) changes.rule = { from: before.rule, to: next.rule };
      if (shapeKey(next.shape) !== shapeKey(before.shape)) changes.shape = { from: before.shape.type, to: next.shape.type };
      if (Object.keys(changes).length === 0) throw ruleError(ServerCode.ParameterError, 'fenceNotModified');
      if (changes.name) await this.checkNameFree(tx, caller.entId, next.name, id);
      await this.guardName(() => repo.updateFence(tx, id, caller.userId, next));
      await writeOperation(tx, caller, OperationType.FenceUpdate, { fenceId: id, changes });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, id);
    return detail;
  }

  /** Start (true) or stop (false). Starting evaluates every covered member afresh. Asking for
   *  the current state changes and records nothing. */
  async setEnabled(caller: Caller, id: number, enabled: boolean): Promise<FenceDetail> {
    const { detail, changed } = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      const changed = before.enabled !== enabled;
      if (changed) {
        await repo.setFenceEnabled(tx, id, caller.userId, enabled);
        if (enabled) await repo.clearStates(tx, id);
        await writeOperation(tx, caller, enabled ? OperationType.FenceStart : OperationType.FenceStop, { fenceId: id, name: before.name });
      }
      return { detail: (await this.detail(tx, caller.entId, id))!, changed };
    });
    if (changed) await this.changed(caller.entId, id);
    return detail;
  }

  /** Deleted fences keep their row for the alert records; links and states go. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      await repo.deleteFence(tx, id, caller.userId);
      await writeOperation(tx, caller, OperationType.FenceDelete, { fenceId: id, name: before.name });
    });
    await this.changed(caller.entId, id);
  }

  /** Links users or channels; the fence must be enabled (2042 'fenceNotEnabled'). */
  async link(caller: Caller, id: number, kind: repo.LinkKind, ids: number[]): Promise<FenceDetail> {
    const detail = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      if (!before.enabled) throw ruleError(ServerCode.WallNotOpen, 'fenceNotEnabled');
      await this.checkTargets(tx, caller.entId, id, kind, ids);
      await repo.insertLinks(tx, kind, caller.entId, id, caller.userId, ids);
      await repo.clearStates(tx, id, kind === 'user' ? { userIds: ids } : { channelIds: ids });
      const type = kind === 'user' ? OperationType.FenceLinkUser : OperationType.FenceLinkChannel;
      await writeOperation(tx, caller, type, { fenceId: id, [kind === 'user' ? 'userIds' : 'channelIds']: ids });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, id);
    return detail;
  }

  /** Starts or stops the fence for one user or channel (recorded as a fence start or stop). */
  async setLinkEnabled(caller: Caller, id: number, kind: repo.LinkKind, targetId: number, enabled: boolean): Promise<FenceDetail> {
    const { detail, changed } = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      const current = await repo.linkEnabled(tx, kind, id, targetId);
      if (current === null) throw notFound(kind === 'user' ? 'fenceUser' : 'fenceChannel');
      if (enabled && !before.enabled) throw ruleError(ServerCode.WallNotOpen, 'fenceNotEnabled');
      const changed = current !== enabled;
      if (changed) {
        await repo.setLinkEnabled(tx, kind, id, targetId, enabled);
        if (enabled) await repo.clearStates(tx, id, kind === 'user' ? { userIds: [targetId] } : { channelIds: [targetId] });
        const target = kind === 'user' ? { userId: targetId } : { channelId: targetId };
        await writeOperation(tx, caller, enabled ? OperationType.FenceStart : OperationType.FenceStop, { fenceId: id, ...target });
      }
      return { detail: (await this.detail(tx, caller.entId, id))!, changed };
    });
    if (changed) await this.changed(caller.entId, id);
    return detail;
  }

  async unlink(caller: Caller, id: number, kind: repo.LinkKind, targetId: number): Promise<FenceDetail> {
    const detail = await this.db.transaction(async (tx) => {
      await this.lock(tx, caller, id);
      if (!(await repo.deleteLink(tx, kind, id, targetId))) throw notFound(kind === 'user' ? 'fenceUser' : 'fenceChannel');
      await writeOperation(tx, caller, OperationType.FenceUnlink, { fenceId: id, ...(kind === 'user' ? { userId: targetId } : { channelId: targetId }) });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, id);
    return detail;
  }

  private async detail(q: Queryable, entId: number, id: number): Promise<FenceDetail | null> {
    const fence = await repo.findFence(q, entId, id);
    if (!fence) return null;
    return { ...fence, users: await repo.fenceUsers(q, id), channels: await repo.fenceChannels(q, id) };
  }

  private async lock(tx: Queryable, caller: Caller, id: number): Promise<repo.LockedFence> {
    const fence = await repo.lockFence(tx, caller.entId, id);
    if (!fence) throw notFound('fence');
    return fence;
  }

  private async checkNameFree(tx: Queryable, entId: number, name: string, exceptId: number | null): Promise<void> {
    if (await repo.nameTaken(tx, entId, name, exceptId)) throw ruleError(ServerCode.AlreadyExists, 'fenceNameExists');
  }

  /** The unique index on live names can still refuse when two changes race past the check. */
  private async guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw ruleError(ServerCode.AlreadyExists, 'fenceNameExists');
      throw err;
    }
  }

  /**
   * The same id twice, or one linked already: 2000 'fenceAlreadyLinked'. Users (2012) or live
   * channels (2011) not of this enterprise are not found. Too many links: 2004 'fenceLinksFull'.
   */
  private async checkTargets(tx: Queryable, entId: number, fenceId: number | null, kind: repo.LinkKind, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const twice = [...new Set(ids.filter((v, i) => ids.indexOf(v) !== i))];
    if (twice.length > 0) throw ruleError(ServerCode.AlreadyExists, 'fenceAlreadyLinked', { ids: twice });
    const known = new Set(await repo.existingTargets(tx, kind, entId, ids));
    const unknown = ids.filter((v) => !known.has(v));
    if (unknown.length > 0) {
      const code = kind === 'user' ? ServerCode.NotFound : ServerCode.ChannelNotFound;
      throw new AppError(code, { reason: 'rule.notFound', what: kind, ids: unknown }, RULES.notFound);
    }
    const already = fenceId === null ? [] : await repo.linkedAmong(tx, kind, fenceId, ids);
    if (already.length > 0) throw ruleError(ServerCode.AlreadyExists, 'fenceAlreadyLinked', { ids: already });
    const count = fenceId === null ? 0 : await repo.linkCount(tx, kind, fenceId);
    if (count + ids.length > LINK_LIMIT[kind]) throw ruleError(ServerCode.ParameterError, 'fenceLinksFull', { max: LINK_LIMIT[kind] });
  }

  /** After the commit: this node drops its copy at once, the others when the hub tells them. */
  private async changed(entId: number, fenceId: number): Promise<void> {
    this.cache.invalidate(entId);
    this.monitor.forgetFence(fenceId);
    await this.hub.publish(INTERNAL_TOPICS.fences, 'FencesChanged', { entId, fenceId }).catch(() => undefined);
  }
}
