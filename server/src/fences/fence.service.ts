import {
  CoordinateSystem,
  FENCE_CHANGE_KIND,
  FENCE_CHANNELS_MAX,
  FENCE_USERS_MAX,
  FenceAction,
  OperationType,
  RULES,
  ServerCode,
  normalizeRing,
  topics,
  windowAt,
  type Fence,
  type FenceChangeFrame,
  type FenceAlert,
  type FenceAlertListQuery,
  type FenceDetail,
  type FenceListQuery,
  type FenceRule,
  type FenceSchedule,
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
import { entTimeZone } from './fence-state.repository';
import * as repo from './fence.repository';

export interface FenceBody {
  name: string;
  rule: FenceRule;
  shape: FenceShapeInput;
  coord?: CoordinateSystem | undefined;
  dwellS?: number | undefined;
  schedule?: FenceSchedule | undefined;
  userIds?: number[] | undefined;
  channelIds?: number[] | undefined;
}
export type FenceChanges = Partial<Pick<FenceBody, 'name' | 'rule' | 'shape' | 'coord' | 'dwellS' | 'schedule'>>;

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

/** Windows as stored: days in order, so [2, 1] and [1, 2] are the same schedule (and 'not modified'). */
function storedSchedule(schedule: FenceSchedule): FenceSchedule {
  return schedule === null ? null : schedule.map((w) => ({ days: [...w.days].sort((a, b) => a - b), start: w.start, end: w.end }));
}

const scheduleKey = (s: FenceSchedule) => JSON.stringify(s === null ? null : s.map((w) => [w.days, w.start, w.end]));

/** A fence as the list and the FenceChange frame carry it, without its links. */
function summary({ users: _users, channels: _channels, ...fence }: FenceDetail): Fence {
  return fence;
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

  async list(caller: Caller, query: FenceListQuery): Promise<Page<Fence>> {
    const page = await repo.listFences(this.db, caller.entId, query);
    return { ...page, items: await this.withNow(this.db, caller.entId, page.items) };
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
      const fence = { name: body.name, rule: body.rule, shape: storedShape(body.shape, body.coord), dwellS: body.dwellS ?? 0, schedule: storedSchedule(body.schedule ?? null) };
      const id = await this.guardName(() => repo.insertFence(tx, caller.entId, caller.userId, fence));
      await repo.insertLinks(tx, 'user', caller.entId, id, caller.userId, userIds);
      await repo.insertLinks(tx, 'channel', caller.entId, id, caller.userId, channelIds);
      await writeOperation(tx, caller, OperationType.FenceCreate, { fenceId: id, name: body.name, rule: body.rule, userIds, channelIds });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, detail.id, FenceAction.Create, detail);
    return detail;
  }

  /** 'Fence information has not been modified' (2004) when nothing differs from the stored fence. */
  async update(caller: Caller, id: number, body: FenceChanges): Promise<FenceDetail> {
    const detail = await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      const next = {
        name: body.name ?? before.name,
        rule: body.rule ?? before.rule,
        shape: body.shape ? storedShape(body.shape, body.coord) : before.shape,
        dwellS: body.dwellS ?? before.dwellS,
        schedule: body.schedule === undefined ? before.schedule : storedSchedule(body.schedule),
      };
      const changes: Record<string, unknown> = {};
      if (next.name !== before.name) changes.name = { from: before.name, to: next.name };
      if (next.rule !== before.rule) changes.rule = { from: before.rule, to: next.rule };
      if (shapeKey(next.shape) !== shapeKey(before.shape)) changes.shape = { from: before.shape.type, to: next.shape.type };
      if (next.dwellS !== before.dwellS) changes.dwellS = { from: before.dwellS, to: next.dwellS };
      if (scheduleKey(next.schedule) !== scheduleKey(before.schedule)) changes.schedule = { from: before.schedule, to: next.schedule };
      if (Object.keys(changes).length === 0) throw ruleError(ServerCode.ParameterError, 'fenceNotModified');
      if (changes.name) await this.checkNameFree(tx, caller.entId, next.name, id);
      await this.guardName(() => repo.updateFence(tx, id, caller.userId, next));
      await writeOperation(tx, caller, OperationType.FenceUpdate, { fenceId: id, changes });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, id, FenceAction.Update, detail);
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
    if (changed) await this.changed(caller.entId, id, FenceAction.Update, detail);
    return detail;
  }

  /** Deleted fences keep their row for the alert records; links and states go. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.lock(tx, caller, id);
      await repo.deleteFence(tx, id, caller.userId);
      await writeOperation(tx, caller, OperationType.FenceDelete, { fenceId: id, name: before.name });
    });
    await this.changed(caller.entId, id, FenceAction.Cancel, null);
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
    await this.changed(caller.entId, id, FenceAction.Update, detail);
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
    if (changed) await this.changed(caller.entId, id, FenceAction.Update, detail);
    return detail;
  }

  async unlink(caller: Caller, id: number, kind: repo.LinkKind, targetId: number): Promise<FenceDetail> {
    const detail = await this.db.transaction(async (tx) => {
      await this.lock(tx, caller, id);
      if (!(await repo.deleteLink(tx, kind, id, targetId))) throw notFound(kind === 'user' ? 'fenceUser' : 'fenceChannel');
      await writeOperation(tx, caller, OperationType.FenceUnlink, { fenceId: id, ...(kind === 'user' ? { userId: targetId } : { channelId: targetId }) });
      return (await this.detail(tx, caller.entId, id))!;
    });
    await this.changed(caller.entId, id, FenceAction.Update, detail);
    return detail;
  }

  private async detail(q: Queryable, entId: number, id: number): Promise<FenceDetail | null> {
    const stored = await repo.findFence(q, entId, id);
    if (!stored) return null;
    const [fence] = await this.withNow(q, entId, [stored]);
    return { ...fence!, users: await repo.fenceUsers(q, id), channels: await repo.fenceChannels(q, id) };
  }

  /**
   * What depends on now: `activeNow` (enabled and in a window, in the organisation's time zone) and
   * `insideCount` (covered members confirmed inside in this window occurrence), one query for all.
   */
  private async withNow(q: Queryable, entId: number, fences: readonly repo.StoredFence[]): Promise<Fence[]> {
    if (fences.length === 0) return [];
    const timeZone = await entTimeZone(q, entId);
    const at = Date.now();
    const windows = fences.map((f) => ({ id: f.id, window: f.enabled ? windowAt(f.schedule, timeZone, at) : null }));
    const active = windows.filter((w): w is { id: number; window: number } => w.window !== null);
    const inside = await repo.insideCounts(q, entId, active);
    return fences.map((f, i) => ({ ...f, activeNow: windows[i]!.window !== null, insideCount: inside.get(f.id) ?? 0 }));
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

  /**
   * After the commit: this node drops its copy at once, the others when the hub tells them; open
   * lists, editors and dispatch maps hear FenceChange (ADR 027; the spec's fence actions).
   */
  private async changed(entId: number, fenceId: number, action: FenceAction, detail: FenceDetail | null): Promise<void> {
    this.cache.invalidate(entId);
    this.monitor.forgetFence(fenceId);
    await this.hub.publish(INTERNAL_TOPICS.fences, 'FencesChanged', { entId, fenceId }).catch(() => undefined);
    const frame: FenceChangeFrame = { action, fenceId, fence: detail && summary(detail) };
    await this.hub.publish(topics.dispatch(entId), FENCE_CHANGE_KIND, frame).catch(() => undefined);
  }
}
