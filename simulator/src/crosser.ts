import { holdPointsFor, planCross } from './cross';
import type { SimDevice } from './device';
import type { RestReader } from './adminApi';
import { coveredAccounts, enabledFenceIds, readFence, type CrossFence } from './fences';
import { MAX_SPEED_MPS, type Random } from './walk';

/** The approach walks at driving speed but takes at most this many reports (a minute at 5 s). */
const MAX_APPROACH_POINTS = 12;

/** What a crossing request came to: whether a member walks, and the line that says so (or why not). */
export interface CrossOutcome {
  started: boolean;
  said: string;
}

const refused = (said: string): CrossOutcome => ({ started: false, said });

const describe = (f: CrossFence) => `"${f.name}" (${f.rule === 'leave' ? 'leave: alert outside' : 'stay: alert inside'}${f.dwellS > 0 ? `, dwell ${f.dwellS} s` : ''})`;

/**
 * `cross <account> <fenceId>` and the demo's random crossings: reads the fence as the admin, plans
 * the walk from where the member is (cross.ts) and hands it to the device. Answers say what
 * happened, including why no alert may come (a stopped fence, outside its schedule, not covered).
 */
export class FenceCrosser {
  constructor(
    private readonly devices: () => readonly SimDevice[],
    private readonly api: RestReader,
    private readonly intervalMs: number,
    private readonly rnd: Random = Math.random,
  ) {}

  async cross(account: string, fenceId: number): Promise<CrossOutcome> {
    const device = this.devices().find((d) => d.account === account);
    if (!device) return refused(`no simulated device ${account}`);
    if (!device.connected) return refused(`${account} is not connected`);
    const fence = await readFence(this.api, fenceId);
    const covered = await coveredAccounts(this.api, fence);
    return this.walk(device, fence, covered.has(account));
  }

  /** The demo's crossing: a connected member not already crossing, covered by an enabled fence. */
  async crossRandom(): Promise<CrossOutcome> {
    const idle = this.devices().filter((d) => d.connected && !d.following && !d.patrolling && d.answerer.active);
    if (idle.length === 0) return refused('no simulated member free to cross a fence');
    const choices: { device: SimDevice; fence: CrossFence }[] = [];
    for (const id of await enabledFenceIds(this.api)) {
      const fence = await readFence(this.api, id);
      if (fence.activeNow === false) continue;
      const covered = await coveredAccounts(this.api, fence);
      for (const device of idle) if (covered.has(device.account)) choices.push({ device, fence });
    }
    if (choices.length === 0) return refused('no enabled fence covers a simulated member: nobody crosses');
    const { device, fence } = choices[Math.floor(this.rnd() * choices.length)]!;
    return this.walk(device, fence, true);
  }

  private walk(device: SimDevice, fence: CrossFence, covered: boolean): CrossOutcome {
    const holdPoints = holdPointsFor(fence.dwellS, this.intervalMs);
    const stepM = (MAX_SPEED_MPS * this.intervalMs) / 1000;
    const plan = planCross(device.walker, fence.rule, fence.shape, { stepM, maxApproachPoints: MAX_APPROACH_POINTS, holdPoints });
    device.followPath(plan.points);
    const seconds = Math.round((plan.points.length * this.intervalMs) / 1000);
    const notes = [
      !fence.enabled ? 'the fence is stopped: no alert will come' : fence.activeNow === false ? 'the fence is outside its schedule now: no alert will come' : '',
      covered ? '' : `${device.account} is not covered by this fence: no alert will come`,
    ].filter(Boolean);
    const where = `on the alerting side from point ${plan.alertingFrom + 1} of ${plan.points.length}, ~${seconds} s`;
    return { started: true, said: `${device.account} walks across fence ${fence.id} ${describe(fence)}: ${where}${notes.length ? `; ${notes.join('; ')}` : ''}` };
  }
}
