import {
  COMMAND_STATUS_KIND,
  CONFIRMED_COMMANDS,
  DEVICE_COMMAND_KIND,
  ServerCode,
  commandReplySchema,
  isFinalCommandState,
  topics,
  type Command,
  type CommandListQuery,
  type CommandStatus,
  type DeviceCommandFrame,
  type DeviceCommandRecord,
  type MonitorInfo,
  type Page,
} from '@ptt/contracts';
import type { Db } from '../db/db';
import { DeviceRepository } from '../devices/device.repository';
import { notFound, ruleError, type Caller } from '../http/caller';
import type { Hub } from '../ws/hub';
import type { InboundContext } from '../ws/inbound';
import type { MonitorService } from '../monitor/monitor.service';
import { CommandRepository, type CommandChange } from './command.repository';

/**
 * Remote commands to devices. Sending stores the command, writes the device log row (the audit:
 * operation types 0-55 have no command type) and hands it to the device's account on its user
 * topic; the device's replies move it forward; a per-node timer expires it, and reads sweep what
 * a restarted node's timers no longer cover. Every state goes out as CommandStatus on dispatch/.
 */
export class CommandService {
  private readonly repo: CommandRepository;
  private readonly devices: DeviceRepository;
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    /** How long a device has to reach a final state (config `limits.commandExpiryMs`). */
    private readonly expiryMs: number,
    /** Opens the monitor session of listen and camera commands; none: they go without one. */
    private readonly monitor?: MonitorService,
  ) {
    this.repo = new CommandRepository(db);
    this.devices = new DeviceRepository(db);
  }

  async send(caller: Caller, deviceId: number, command: Command, confirm: boolean): Promise<DeviceCommandRecord> {
    if (CONFIRMED_COMMANDS.includes(command) && !confirm) throw ruleError(ServerCode.ParameterError, 'confirmRequired');
    const sent = await this.db.transaction(async (tx) => {
      const d = await this.devices.lock(tx, caller.entId, deviceId);
      if (!d) throw notFound('device');
      if (d.status !== 'available') throw ruleError(ServerCode.DeviceDeactivated, 'deviceDisabled');
      if (!d.active) throw ruleError(ServerCode.UserStatusError, 'deviceNotActivated');
      if (d.userId === null) throw ruleError(ServerCode.UserStatusError, 'deviceHasNoAccount');
      const userId = d.userId;
      // Listen and camera commands carry their session; a room Janus cannot make refuses the command.
      const monitor = await this.monitor?.openFor(caller.entId, deviceId, userId, command);
      const row = await this.repo.insert(tx, { entId: caller.entId, deviceId, userId, command, issuedBy: caller.userId, expiryMs: this.expiryMs });
      if (monitor) this.monitor?.bind(caller.entId, deviceId, command, row.id);
      await this.devices.addLog(tx, {
        entId: caller.entId,
        deviceId,
        action: 'command',
        userId,
        actorId: caller.userId,
        detail: { commandId: row.id, command, issuer: caller.account, ip: caller.ip },
      });
      return { ...row, userId, monitor };
    });
    this.armTimer(sent.id);
    const record: DeviceCommandRecord = await this.get(caller, sent.id);
    const monitor: MonitorInfo | undefined = sent.monitor;
    if (monitor) record.monitor = monitor;
    // After the commit; a failing hub must not turn the stored command into an error answer.
    try {
      const frame: DeviceCommandFrame = { commandId: sent.id, command, deviceId, expiresAt: sent.expiresAt, ...(monitor ? { monitor } : {}) };
      await this.hub.publish(topics.userListen(caller.entId, sent.userId), DEVICE_COMMAND_KIND, frame);
      await this.publishStatus({ id: sent.id, entId: caller.entId, deviceId, command, state: 'sent', at: record.createdAt, detail: null });
    } catch {
      // The command stays 'sent' and expires on time; the console sees that through the REST reads.
    }
    return record;
  }

  async get(caller: Caller, id: number): Promise<DeviceCommandRecord> {
    await this.sweep(caller.entId);
    const record = await this.repo.find(caller.entId, id);
    if (!record) throw notFound('command');
    return record;
  }

  async list(caller: Caller, deviceId: number, query: CommandListQuery): Promise<Page<DeviceCommandRecord>> {
    const device = await this.devices.find(caller.entId, deviceId);
    if (!device) throw notFound('device');
    await this.sweep(caller.entId);
    return this.repo.list(caller.entId, deviceId, query);
  }

  /** A `commandReply` frame from a device socket; anything that does not parse or apply is ignored. */
  async onReply(ctx: InboundContext, data: unknown): Promise<void> {
    const parsed = commandReplySchema.safeParse(data);
    if (!parsed.success) return;
    const { commandId, state, detail } = parsed.data;
    const change = await this.repo.reply(ctx.session.entId, ctx.session.userId, commandId, state, detail);
    if (!change) return;
    if (isFinalCommandState(change.state)) this.clearTimer(change.id);
    await this.publishStatus(change);
    // A listen or monitor session learns whether its device got the command, or cannot join.
    await this.monitor?.onReply(change.entId, change.deviceId, change.command, change.id, change.state).catch(() => undefined);
  }

  private async sweep(entId: number): Promise<void> {
    for (const change of await this.repo.expireDue(entId)) {
      this.clearTimer(change.id);
      await this.publishStatus(change);
    }
  }

  private armTimer(id: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.repo
        .expireOne(id)
        .then((change) => (change ? this.publishStatus(change) : undefined))
        // The node is shutting down or the database failed: the sweep on the next read expires it.
        .catch(() => undefined);
    }, this.expiryMs);
    timer.unref();
    this.timers.set(id, timer);
  }

  private clearTimer(id: number): void {
    const timer = this.timers.get(id);
    if (timer) clearTimeout(timer);
    this.timers.delete(id);
  }

  private publishStatus(c: CommandChange): Promise<void> {
    const data: CommandStatus = { commandId: c.id, deviceId: c.deviceId, command: c.command, state: c.state, at: c.at };
    if (c.detail !== null && c.detail !== undefined) data.detail = c.detail;
    return this.hub.publish(topics.dispatch(c.entId), COMMAND_STATUS_KIND, data);
  }
}
