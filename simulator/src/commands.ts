import { DeviceCommand, type Command, type CommandReply, type DeviceCommandFrame } from '@ptt/contracts';
import type { Point } from './walk';

/** One answer to send, `afterMs` after the command arrived. */
export interface PlannedReply {
  afterMs: number;
  reply: CommandReply;
}

/** What a simulated handset knows when it answers. */
export interface DeviceFacts {
  account: string;
  position: Point;
  /** Whether it can publish into a listen or monitor session (it has media: --media). */
  canPublish?: boolean;
}

/** Why a handset without media fails a listen or monitor command that opened a session. */
export const NO_CAMERA = 'no camera on the simulated device (start the simulator with --media)';
export const NO_MICROPHONE = 'no microphone on the simulated device (start the simulator with --media)';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

// A simulated handset has no cameras, so camera commands fail the way a real one without them would.
const UNSUPPORTED: readonly Command[] = [DeviceCommand.FrontCamera, DeviceCommand.RearCamera];

/**
 * How a simulated handset answers commands: `delivered` at once, then `executed` (or `failed`)
 * after a short delay. Stun silences the device until awaken; while stunned it refuses everything
 * else. Kill silences it for good. A repeated or expired command gets no answer.
 */
export class CommandAnswerer {
  stunned = false;
  killed = false;
  private readonly seen = new Set<number>();

  constructor(
    private readonly execDelayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the device reports positions and raises SOS right now. */
  get active(): boolean {
    return !this.stunned && !this.killed;
  }

  /** Whether a command is new and still valid (then it counts as seen): answer it at all. */
  take(frame: DeviceCommandFrame): boolean {
    if (this.killed || this.seen.has(frame.commandId)) return false;
    this.seen.add(frame.commandId);
    return Date.parse(frame.expiresAt) > this.now();
  }

  plan(frame: DeviceCommandFrame, facts: DeviceFacts): PlannedReply[] {
    if (!this.take(frame)) return [];
    const id = frame.commandId;
    const delivered: PlannedReply = { afterMs: 0, reply: { commandId: id, state: 'delivered' } };
    const final = (state: 'executed' | 'failed', detail: CommandReply['detail']): PlannedReply => ({
      afterMs: this.execDelayMs,
      reply: detail === undefined ? { commandId: id, state } : { commandId: id, state, detail },
    });
    const command = frame.command;
    if (this.stunned && command !== 'awaken' && command !== 'kill') return [delivered, final('failed', 'device is stunned')];
    // A session is open for it, and this handset cannot send: say so, so the console hears at once.
    if (frame.monitor && !facts.canPublish) return [delivered, final('failed', frame.monitor.kind === 'video' ? NO_CAMERA : NO_MICROPHONE)];
    if (UNSUPPORTED.includes(command)) return [delivered, final('failed', NO_CAMERA)];
    return [delivered, final('executed', this.detailFor(command, facts))];
  }

  /** Applies what an executed command does to the device itself. */
  apply(command: Command): void {
    if (command === 'stun') this.stunned = true;
    else if (command === 'awaken') this.stunned = false;
    else if (command === 'kill') this.killed = true;
  }

  private detailFor(command: Command, facts: DeviceFacts): CommandReply['detail'] {
    if (command === DeviceCommand.Location) return { lng: round6(facts.position.lng), lat: round6(facts.position.lat) };
    if (command === DeviceCommand.AppInfo) return { app: 'ptt-simulator', version: '0.1.0' };
    if (command === DeviceCommand.DeviceInfo) return { model: 'Simulated handset', account: facts.account, platform: 'android' };
    return undefined;
  }
}
