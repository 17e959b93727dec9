import { ServerCode, monitorRequestOf, monitorRoomId, type Command, type CommandState, type MonitorInfo, type MonitorStop } from '@ptt/contracts';
import { DeviceRepository } from '../devices/device.repository';
import { notFound, ruleError, type Caller } from '../http/caller';
import type { MonitorRooms } from '../media/monitor-rooms';
import type { Db } from '../db/db';

// Environment listen and monitor (ADR 010 addendum): the listen (2) and camera (0, 1) commands open
// the device's monitor session before they go to the device; staff stop it. Without Janus the
// commands still go to the device, without a session (the simulator answers them).

export class MonitorService {
  private readonly devices: DeviceRepository;

  constructor(
    db: Db,
    /** The app's monitor rooms (shared with the /janus proxy); null without Janus. */
    private readonly monitorRooms: MonitorRooms | null,
  ) {
    this.devices = new DeviceRepository(db);
  }

  private rooms(): MonitorRooms | null {
    return this.monitorRooms;
  }

  /**
   * The session a command opens (or reuses: a camera command on an open video session flips the
   * camera); undefined for other commands and without Janus. A room Janus cannot make refuses the
   * command with 'PTT intercom cannot connect'.
   */
  async openFor(entId: number, deviceId: number, deviceUid: number, command: Command): Promise<MonitorInfo | undefined> {
    const request = monitorRequestOf(command);
    const rooms = request ? this.rooms() : null;
    if (!request || !rooms) return undefined;
    try {
      return await rooms.open({ entId, deviceId, deviceUid, ...request });
    } catch {
      throw ruleError(ServerCode.ServiceBusy, 'pttCannotConnect');
    }
  }

  /** The stored command that opened (or reused) the device's session: its replies count there. */
  bind(entId: number, deviceId: number, command: Command, commandId: number): void {
    if (monitorRequestOf(command)) this.rooms()?.bindCommand(monitorRoomId(entId, deviceId), commandId);
  }

  /** A device's reply to a listen or camera command: tells its session whether the device got it,
   *  or that it cannot join (the session then ends at once). */
  async onReply(entId: number, deviceId: number, command: Command, commandId: number, state: CommandState): Promise<void> {
    if (!monitorRequestOf(command)) return;
    await this.rooms()?.commandReply(monitorRoomId(entId, deviceId), commandId, state);
  }

  /** Ends the device's session: the room goes, so the device and every subscriber drop out. */
  async stop(caller: Caller, deviceId: number): Promise<MonitorStop> {
    const device = await this.devices.find(caller.entId, deviceId);
    if (!device) throw notFound('device');
    const rooms = this.rooms();
    if (!rooms) return { deviceId, stopped: false };
    try {
      return { deviceId, stopped: await rooms.end(monitorRoomId(caller.entId, deviceId), 'stopped') };
    } catch {
      throw ruleError(ServerCode.ServiceBusy, 'pttCannotConnect');
    }
  }
}
