import {
  DEVICE_CHANGE_KIND,
  OperationType,
  Role,
  ServerCode,
  topics,
  type BatchActivation,
  type BatchActivationResult,
  type Device,
  type DeviceChange,
  type DeviceListQuery,
  type DeviceLogAction,
  type DeviceLogEntry,
  type DeviceMonitorInfo,
  type Page,
  type createDeviceSchema,
  type deviceLogQuerySchema,
  type updateDeviceSchema,
} from '@ptt/contracts';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { notFound, ruleError, type Caller } from '../http/caller';
import { writeOperation } from '../audit/operation-log';
import type { Hub } from '../ws/hub';
import { DeviceRepository, type DeviceChanges, type DeviceState } from './device.repository';

type CreateDevice = z.output<typeof createDeviceSchema>;
type UpdateDevice = z.output<typeof updateDeviceSchema>;
type LogQuery = z.output<typeof deviceLogQuerySchema>;

/** What one change does inside its transaction; null means nothing changed (no record, no frame). */
interface Step {
  change: DeviceChange['change'];
  operation: number;
  log?: { action: DeviceLogAction; userId: number | null; detail: Record<string, unknown> };
  detail: Record<string, unknown>;
}

// A state conflict of the activation flow (already activated, not activated, has or lacks an
// account) answers 2028 'user status error': the spec has no device-state code, and 2000 'already
// exists' is kept for a duplicate IMEI or MAC. A disabled device answers 2035 'device deactivated'.
const STATE_CONFLICT = ServerCode.UserStatusError;

/** Maps a unique violation on devices (a race the checks did not see) to the spec's refusal. */
function uniqueViolation(err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string };
  if (e?.code !== '23505' || !e.constraint?.startsWith('devices_')) return null;
  return e.constraint === 'devices_user_uq'
    ? ruleError(ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice')
    : ruleError(ServerCode.AlreadyExists, 'deviceExists');
}

function everActivated(d: DeviceState): boolean {
  return d.active || d.activatedAt !== null;
}

/**
 * Devices of spec sections 3 and 4: inventory, status, and the activation flow (first activation,
 * re-activation, batch activation, assign and cancel an account). Each change writes its operation
 * record and device log row in its own transaction, then publishes a DeviceChange frame.
 */
export class DeviceService {
  private readonly repo: DeviceRepository;

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
  ) {
    this.repo = new DeviceRepository(db);
  }

  list(caller: Caller, query: DeviceListQuery): Promise<Page<Device>> {
    return this.repo.list(caller.entId, query);
  }

  async get(caller: Caller, id: number): Promise<Device> {
    const device = await this.repo.find(caller.entId, id);
    if (!device) throw notFound('device');
    return device;
  }

  async logs(caller: Caller, id: number, query: LogQuery): Promise<Page<DeviceLogEntry>> {
    await this.get(caller, id);
    return this.repo.logs(caller.entId, id, query);
  }

  /** Monitor info of spec section 3; `onlineIds` come from presence (held outside the database). */
  async monitorInfo(caller: Caller, id: number, onlineIds: readonly number[]): Promise<DeviceMonitorInfo> {
    const info = await this.repo.monitorInfo(caller.entId, id);
    if (!info) throw notFound('device');
    const online = info.userId !== null && onlineIds.includes(info.userId);
    return { deviceId: id, ...info, online };
  }

  async create(caller: Caller, body: CreateDevice): Promise<Device> {
    const input = {
      name: body.name,
      platform: body.platform,
      imei: body.imei ?? null,
      mac: body.mac ?? null,
      tag: body.tag ?? null,
      dispatcherId: body.dispatcherId ?? null,
    };
    const id = await this.inTransaction(async (tx) => {
      if (input.dispatcherId !== null) await this.requireDispatcher(tx, caller, input.dispatcherId);
      if (await this.repo.duplicateExists(tx, caller.entId, input.imei, input.mac, null)) {
        throw ruleError(ServerCode.AlreadyExists, 'deviceExists');
      }
      const deviceId = await this.repo.insert(tx, caller.entId, input);
      const detail = { deviceId, name: input.name, imei: input.imei, mac: input.mac };
      await this.repo.addLog(tx, { entId: caller.entId, deviceId, action: 'created', userId: null, actorId: caller.userId, detail });
      await writeOperation(tx, caller, OperationType.DeviceAdd, detail);
      return deviceId;
    });
    await this.publish(caller.entId, { deviceId: id, change: 'created' });
    return this.get(caller, id);
  }

  /** Edits the fields given; a field equal to the stored value is not a change. */
  async update(caller: Caller, id: number, body: UpdateDevice): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      const changes: DeviceChanges = {};
      for (const key of ['name', 'platform', 'imei', 'mac', 'tag', 'dispatcherId'] as const) {
        const value = body[key];
        if (value !== undefined && value !== d[key]) changes[key] = value;
      }
      if (Object.keys(changes).length === 0) return null;
      if (typeof changes.dispatcherId === 'number') await this.requireDispatcher(tx, caller, changes.dispatcherId);
      const imei = changes.imei === undefined ? null : (changes.imei as string | null);
      const mac = changes.mac === undefined ? null : (changes.mac as string | null);
      if (await this.repo.duplicateExists(tx, caller.entId, imei, mac, id)) throw ruleError(ServerCode.AlreadyExists, 'deviceExists');
      await this.repo.update(tx, caller.entId, id, changes);
      return {
        change: 'updated',
        operation: OperationType.DeviceUpdate,
        log: { action: 'edited', userId: d.userId, detail: { changes } },
        detail: { deviceId: id, changes },
      };
    });
    return this.get(caller, id);
  }

  async setStatus(caller: Caller, id: number, status: 'available' | 'disabled'): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      if (d.status === status) return null;
      await this.repo.update(tx, caller.entId, id, { status });
      const detail = { from: d.status, to: status };
      return {
        change: 'status',
        operation: OperationType.DeviceStatus,
        log: { action: 'statusChanged', userId: d.userId, detail },
        detail: { deviceId: id, ...detail },
      };
    });
    return this.get(caller, id);
  }

  /** The device's own history goes with it (device_logs cascade); the operation record stays. */
  async remove(caller: Caller, id: number): Promise<void> {
    await this.change(caller, id, async (tx, d) => {
      await this.repo.remove(tx, caller.entId, id);
      return {
        change: 'deleted',
        operation: OperationType.DeviceDelete,
        detail: { deviceId: id, name: d.name, imei: d.imei, mac: d.mac, uid: d.userId },
      };
    });
  }

  /** First activation: a device never activated becomes active, bound to `uid`. */
  async activate(caller: Caller, id: number, uid: number): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      this.requireAvailable(d);
      if (everActivated(d)) throw ruleError(STATE_CONFLICT, 'deviceAlreadyActivated');
      await this.bind(tx, caller, d, uid, true);
      return this.accountStep('activated', OperationType.DeviceActivate, id, uid);
    });
    return this.get(caller, id);
  }

  /** Re-activation with a new account: the device was activated before and has no account now. */
  async reactivate(caller: Caller, id: number, uid: number): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      this.requireAvailable(d);
      if (!everActivated(d)) throw ruleError(STATE_CONFLICT, 'deviceNotActivated');
      if (d.userId !== null) throw ruleError(STATE_CONFLICT, 'deviceHasAccount');
      await this.bind(tx, caller, d, uid, true);
      return this.accountStep('reactivated', OperationType.DeviceActivate, id, uid);
    });
    return this.get(caller, id);
  }

  /** Gives an active device without an account an account (activation time unchanged). */
  async assign(caller: Caller, id: number, uid: number): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      this.requireAvailable(d);
      if (!d.active) throw ruleError(STATE_CONFLICT, 'deviceNotActivated');
      if (d.userId !== null) throw ruleError(STATE_CONFLICT, 'deviceHasAccount');
      await this.bind(tx, caller, d, uid, false);
      return this.accountStep('assigned', OperationType.DeviceAssign, id, uid);
    });
    return this.get(caller, id);
  }

  /** Unbinds the account; the device stays active and can be re-activated or assigned. */
  async cancel(caller: Caller, id: number): Promise<Device> {
    await this.change(caller, id, async (tx, d) => {
      if (d.userId === null) throw ruleError(STATE_CONFLICT, 'deviceHasNoAccount');
      await this.repo.update(tx, caller.entId, id, { userId: null });
      return this.accountStep('cancelled', OperationType.DeviceCancel, id, d.userId);
    });
    return this.get(caller, id);
  }

  /**
   * First activation of several devices. Each runs in its own transaction, so a refused row
   * leaves the others activated; every device gets its own result, in the order given.
   */
  async batchActivate(caller: Caller, items: readonly { deviceId: number; uid: number }[]): Promise<BatchActivation> {
    const results: BatchActivationResult[] = [];
    for (const { deviceId, uid } of items) {
      try {
        await this.activate(caller, deviceId, uid);
        results.push({ deviceId, uid, ok: true, code: ServerCode.Ok, reason: null, msg: 'success' });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const reason = (err.data as { reason?: unknown } | null)?.reason;
        results.push({ deviceId, uid, ok: false, code: err.code, reason: typeof reason === 'string' ? reason : null, msg: err.message });
      }
    }
    const activated = results.filter((r) => r.ok).length;
    return { activated, failed: results.length - activated, results };
  }

  /** A step that binds or unbinds an account: the log action doubles as the change name. */
  private accountStep(action: 'activated' | 'reactivated' | 'assigned' | 'cancelled', operation: number, deviceId: number, uid: number): Step {
    return { change: action, operation, log: { action, userId: uid, detail: { uid } }, detail: { deviceId, uid } };
  }

  /** Binds `uid` after checking it is a user of the enterprise without another device. */
  private async bind(tx: Queryable, caller: Caller, d: DeviceState, uid: number, activate: boolean): Promise<void> {
    const user = await this.repo.findUser(tx, caller.entId, uid);
    if (!user) throw notFound('user');
    const other = await this.repo.deviceOfUser(tx, uid);
    if (other !== null && other !== d.id) throw ruleError(ServerCode.BoundToOtherDevice, 'accountBoundToOtherDevice');
    await this.repo.update(tx, caller.entId, d.id, activate ? { userId: uid, active: true } : { userId: uid }, activate);
  }

  private requireAvailable(d: DeviceState): void {
    if (d.status !== 'available') throw ruleError(ServerCode.DeviceDeactivated, 'deviceDisabled');
  }

  /** A device's dispatcher is a staff account (dispatcher or administrator) of the enterprise. */
  private async requireDispatcher(tx: Queryable, caller: Caller, id: number): Promise<void> {
    const user = await this.repo.findUser(tx, caller.entId, id);
    if (!user || user.role === Role.User) throw notFound('dispatcher');
  }

  /**
   * Locks the device (404/2012 outside the caller's enterprise), runs the step, writes its
   * device log row and operation record in the same transaction, then publishes the change.
   */
  private async change(
    caller: Caller,
    id: number,
    step: (tx: Queryable, d: DeviceState) => Promise<Step | null>,
  ): Promise<void> {
    const done = await this.inTransaction(async (tx) => {
      const d = await this.repo.lock(tx, caller.entId, id);
      if (!d) throw notFound('device');
      const s = await step(tx, d);
      if (!s) return null;
      if (s.log) await this.repo.addLog(tx, { entId: caller.entId, deviceId: id, actorId: caller.userId, ...s.log });
      await writeOperation(tx, caller, s.operation, s.detail);
      return s;
    });
    if (done) await this.publish(caller.entId, { deviceId: id, change: done.change });
  }

  private async inTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      throw uniqueViolation(err) ?? err;
    }
  }

  /**
   * Tells dispatch consoles a device changed: `t` 'DeviceChange' on `dispatch/{entId}` with data
   * `{ deviceId, change }` (contracts' deviceChangeSchema). Clients reload the device by id.
   */
  private publish(entId: number, data: DeviceChange): Promise<void> {
    return this.hub.publish(topics.dispatch(entId), DEVICE_CHANGE_KIND, data);
  }
}
