import type { SimOptions } from './args';
import { AdminApi, type AdminLogin } from './adminApi';
import { FenceCrosser, type CrossOutcome } from './crosser';
import { SimDevice, type DeviceContext, type FleetStats } from './device';
import { Limiter } from './limit';
import { PATROL_COMMAND_USAGE, parsePatrolCommand } from './patrol';
import { Patroller, ServerPatrolSource, type PatrolOutcome, type PatrolSource } from './patroller';
import type { Random } from './walk';

export type FleetOptions = Pick<SimOptions, 'url' | 'entId' | 'password' | 'intervalMs' | 'center' | 'radiusM' | 'coord' | 'concurrency' | 'sosRate' | 'statusMs'> & {
  /** Delay between `delivered` and the final answer of a command (default 800 ms). */
  execDelayMs?: number;
  /** Media for listen, monitor and calls (`--media`); none: devices decline calls as busy. */
  media?: DeviceContext['media'];
  /** How devices answer calls (default: mix, accepting after 2-5 s). */
  answer?: DeviceContext['answer'];
  /** The console account `cross` reads fences as (they are staff-only); none: `cross` is refused. */
  fenceReader?: AdminLogin;
  /** A random member crosses a fence that covers them this often (0 or absent: never). */
  crossEveryMs?: number;
  /** Members walk their open patrol runs (--patrol); `patrol <account>` works either way. */
  patrol?: boolean;
  /** Where patrol runs and nodes are read (default: the server, nodes as the fence reader's account). */
  patrolSource?: PatrolSource;
};

const SOS_TICK_MS = 1000;

/** Every simulated device of one run, their shared login limiter, counters and status line. */
export class Fleet {
  readonly devices: SimDevice[] = [];
  readonly stats: FleetStats = { positions: 0, commandsReceived: 0, commandsAnswered: 0, sos: 0, reconnects: 0, callsRung: 0, callsAccepted: 0, published: 0, crossings: 0 };
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly crosser: FenceCrosser | null;
  readonly patroller: Patroller;

  constructor(
    private readonly o: FleetOptions,
    private readonly out: (line: string) => void,
    private readonly rnd: Random = Math.random,
  ) {
    // One console login for fences and patrol nodes: each web login ends the account's other session.
    const staff = o.fenceReader ? new AdminApi(o.fenceReader) : null;
    this.crosser = staff ? new FenceCrosser(() => this.devices, staff, o.intervalMs, rnd) : null;
    this.patroller = new Patroller(() => this.devices, o.patrolSource ?? new ServerPatrolSource(o.url, staff), out, rnd);
  }

  /** Logs every account in (a few at a time), printing progress; devices connect as they log in. */
  async start(accounts: readonly string[]): Promise<void> {
    const limiter = new Limiter(this.o.concurrency);
    const ctx = { ...this.o, execDelayMs: this.o.execDelayMs ?? 800, limiter, stats: this.stats, log: this.out, rnd: this.rnd };
    for (const account of accounts) this.devices.push(new SimDevice(account, ctx));
    const step = Math.max(1, Math.ceil(accounts.length / 10));
    let done = 0;
    let ok = 0;
    await Promise.all(
      this.devices.map(async (d) => {
        if (await d.start()) ok++;
        done++;
        if (done % step === 0 || done === accounts.length) this.out(`logged in ${ok}/${accounts.length} devices (${done} tried)`);
      }),
    );
    this.timers.push(setInterval(() => this.out(this.status()), this.o.statusMs));
    if (this.o.sosRate > 0) this.timers.push(setInterval(() => this.randomSos(), SOS_TICK_MS));
    if (this.crosser && (this.o.crossEveryMs ?? 0) > 0) this.timers.push(setInterval(() => void this.randomCross(), this.o.crossEveryMs));
    if (this.o.patrol) this.patroller.startAuto();
  }

  /** One line: connected devices, positions sent, commands answered, SOS raised, reconnects, and calls and media once there were any. */
  status(): string {
    const connected = this.devices.filter((d) => d.connected).length;
    const s = this.stats;
    const calls = s.callsRung > 0 ? `, ${s.callsAccepted}/${s.callsRung} calls accepted` : '';
    const media = s.published > 0 ? `, ${s.published} listen/monitor sessions sent` : '';
    const crossings = s.crossings > 0 ? `, ${s.crossings} fence crossings` : '';
    const walking = this.patroller.walking;
    const patrols = walking > 0 ? `, ${walking} patrol run${walking === 1 ? '' : 's'} walked` : '';
    return `${connected}/${this.devices.length} connected, ${s.positions} positions sent, ${s.commandsAnswered}/${s.commandsReceived} commands answered, ${s.sos} SOS, ${s.reconnects} reconnects${calls}${media}${crossings}${patrols}`;
  }

  /**
   * `patrol <account> [--skip <seq>] [--delay <seq>:<seconds>]` (the words after "patrol"): walks the
   * member's current open run as asked, printing each step; resolves once the run has no pending
   * stop left (ok) or with why it could not.
   */
  async patrol(words: readonly string[]): Promise<PatrolOutcome> {
    let cmd;
    try {
      cmd = parsePatrolCommand(words);
    } catch (err) {
      return { ok: false, said: `patrol: ${err instanceof Error ? err.message : `usage: ${PATROL_COMMAND_USAGE}`}` };
    }
    try {
      return await this.patroller.command(cmd);
    } catch (err) {
      return { ok: false, said: `patrol ${cmd.account}: failed: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  /** Walks the member across the fence's edge onto its alerting side (`cross <account> <fenceId>`); says what happened. */
  async cross(account: string | undefined, fenceId: number): Promise<string> {
    if (!this.crosser) return 'cross needs the admin account (fences are read as the admin)';
    if (!account || !Number.isInteger(fenceId) || fenceId <= 0) return 'usage: cross <account> <fenceId>';
    try {
      return this.counted(await this.crosser.cross(account, fenceId));
    } catch (err) {
      return `cross failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** Raises SOS on the named device (or a random connected one); says what happened. */
  sos(account?: string): string {
    const candidates = account ? this.devices.filter((d) => d.account === account) : this.devices.filter((d) => d.connected && d.answerer.active);
    if (candidates.length === 0) return account ? `no simulated device ${account}` : 'no connected device to raise SOS';
    const device = candidates[Math.floor(this.rnd() * candidates.length)]!;
    return device.raiseSos() ? `SOS raised by ${device.account}` : `${device.account} is not connected or is silenced`;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.patroller.stop();
    await Promise.all(this.devices.map((d) => d.stop()));
  }

  private counted({ started, said }: CrossOutcome): string {
    if (started) this.stats.crossings++;
    return said;
  }

  private async randomCross(): Promise<void> {
    try {
      this.out(this.counted(await this.crosser!.crossRandom()));
    } catch (err) {
      this.out(`random fence crossing failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** `sosRate` per minute across the fleet, checked once a second. */
  private randomSos(): void {
    const expected = (this.o.sosRate * SOS_TICK_MS) / 60_000;
    // Several per tick at high rates; the fraction is the chance of one more.
    let count = Math.floor(expected) + (this.rnd() < expected % 1 ? 1 : 0);
    while (count-- > 0) this.out(this.sos());
  }
}
