import { myPatrolSchema, patrolRunDetailSchema, type MyPatrol, type PatrolNodeResult, type PatrolRunStatus } from '@ptt/contracts';
import { ApiError, call, isTransient } from './api';
import type { RestReader } from './adminApi';
import type { SimDevice } from './device';
import {
  DEFAULT_WALK,
  demoTweaks,
  describeCheckIn,
  pathEnd,
  pathMetres,
  pendingStops,
  planRun,
  type MyRun,
  type NodeInfo,
  type PatrolCommand,
  type PatrolPlan,
  type PatrolTweaks,
  type PatrolWalkOptions,
  type PlannedVisit,
} from './patrol';
import type { Random } from './walk';

// Members walking their guard tours (ADR 029). With --patrol every simulated member reads its open
// runs (`GET /api/me/patrol`, its own token) every 30 s; a run nobody in the fleet walks yet is
// walked by the first member who sees it (one guard per run: a team's run is done by one of
// them), now and then imperfectly (patrol.ts demoTweaks). `patrol <account> ...` walks one
// member's current run as asked and reports each stop until the run has nothing pending.

/** What the walks read from the server; tests give a fake. */
export interface PatrolSource {
  /** The member's open runs with their stops. */
  myRuns(device: SimDevice): Promise<MyPatrol>;
  /** A node's check-in methods and codes (staff read); null when they cannot be read. */
  nodeInfo(nodeId: number): Promise<NodeInfo | null>;
  /** A run's status and stop results (staff read); null when it cannot be read. */
  run(runId: number): Promise<{ status: PatrolRunStatus; nodes: { seq: number; result: PatrolNodeResult }[] } | null>;
}

/** The server's: the member's runs with the device's own token, nodes and runs as a console account when there is one. */
export class ServerPatrolSource implements PatrolSource {
  private readonly nodes = new Map<number, Promise<NodeInfo | null>>();

  constructor(
    private readonly url: string,
    private readonly staff: RestReader | null,
  ) {}

  async myRuns(device: SimDevice): Promise<MyPatrol> {
    const token = device.token;
    if (!token) throw new Error(`${device.account} is not logged in`);
    return myPatrolSchema.parse(await call(this.url, 'GET', '/api/me/patrol', token));
  }

  nodeInfo(nodeId: number): Promise<NodeInfo | null> {
    let info = this.nodes.get(nodeId);
    if (!info) {
      info = this.readNode(nodeId);
      this.nodes.set(nodeId, info);
    }
    return info;
  }

  async run(runId: number) {
    if (!this.staff) return null;
    try {
      return patrolRunDetailSchema.parse(await this.staff.get(`/api/patrol/runs/${runId}`));
    } catch {
      return null;
    }
  }

  private async readNode(nodeId: number): Promise<NodeInfo | null> {
    if (!this.staff) return null;
    try {
      const n = await this.staff.get<NodeInfo>(`/api/patrol/nodes/${nodeId}`);
      return { methods: n.methods, qrCode: n.qrCode, nfcTag: n.nfcTag ?? null };
    } catch (err) {
      // A passing failure is tried again next time; a refusal is kept (GPS it is).
      if (isTransient(err)) this.nodes.delete(nodeId);
      return null;
    }
  }
}

export interface PatrollerOptions {
  /** Seconds between two reads of a member's runs (--patrol). */
  pollMs: number;
  walk: PatrolWalkOptions;
  /** After a stop's arrival, its result is read this much later. */
  settleMs: number;
  /** `patrol`: how long past the run's deadline to wait for its last stops to settle. */
  graceMs: number;
  /** `patrol`: a disconnected device is waited for this long. */
  connectMs: number;
}

export const DEFAULT_PATROLLER: PatrollerOptions = { pollMs: 30_000, walk: DEFAULT_WALK, settleMs: 4_000, graceMs: 60_000, connectMs: 15_000 };

/** What `patrol <account>` came to: ok when the run was walked and has no pending stop left. */
export interface PatrolOutcome {
  ok: boolean;
  said: string;
}

interface Walk {
  device: SimDevice;
  plan: PatrolPlan;
  timers: NodeJS.Timeout[];
  cancelled: boolean;
  /** Resolves once the walk is over (its end, or cancelled). */
  over: Promise<void>;
  end: () => void;
}

const clock = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref?.());

/** Lines describing a plan: one per stop, in route order. */
export function describePlan(plan: PatrolPlan): string[] {
  const lines: { seq: number; text: string }[] = [];
  for (const v of plan.visits) {
    const late = Math.round((v.arriveAt - v.plannedAt) / 1000);
    const when = late > 0 ? `${clock(v.arriveAt)} (${late} s after plan)` : clock(v.arriveAt);
    lines.push({ seq: v.seq, text: `stop ${v.seq} "${v.name}" planned ${clock(v.plannedAt)} ±${v.toleranceS} s: arrive ${when} by ${describeCheckIn(v.check)}, expect ${v.expect}` });
  }
  for (const s of plan.skipped) lines.push({ seq: s.seq, text: `stop ${s.seq} "${s.name}" planned ${clock(s.plannedAt)}: skipped, expect missed (${s.reason})` });
  return lines.sort((a, b) => a.seq - b.seq).map((l) => l.text);
}

function counts(results: readonly PatrolNodeResult[]): string {
  const by = new Map<PatrolNodeResult, number>();
  for (const r of results) by.set(r, (by.get(r) ?? 0) + 1);
  const order: PatrolNodeResult[] = ['onTime', 'early', 'late', 'missed', 'pending'];
  return order.filter((r) => by.has(r)).map((r) => `${by.get(r)} ${r}`).join(', ');
}

export class Patroller {
  private readonly walks = new Map<number, Walk>();
  /** Runs the fleet walks or walked: one guard per run. */
  private readonly claimed = new Set<number>();
  private readonly timers = new Map<SimDevice, NodeJS.Timeout>();
  private autoOn = false;

  constructor(
    private readonly devices: () => readonly SimDevice[],
    private readonly source: PatrolSource,
    private readonly out: (line: string) => void,
    private readonly rnd: Random = Math.random,
    private readonly o: PatrollerOptions = DEFAULT_PATROLLER,
  ) {}

  /** Runs walked at the moment. */
  get walking(): number {
    return [...this.walks.values()].filter((w) => !w.cancelled).length;
  }

  /** --patrol: each member reads its runs every pollMs (spread over the interval) and walks new ones. */
  startAuto(): void {
    this.autoOn = true;
    for (const d of this.devices()) this.schedulePoll(d, Math.floor(this.rnd() * this.o.pollMs));
  }

  stop(): void {
    this.autoOn = false;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const w of this.walks.values()) this.cancel(w);
  }

  private schedulePoll(device: SimDevice, inMs: number): void {
    if (!this.autoOn) return;
    const old = this.timers.get(device);
    if (old) clearTimeout(old);
    const t = setTimeout(() => void this.poll(device), inMs);
    t.unref?.();
    this.timers.set(device, t);
  }

  /** One member's look at its runs (--patrol): walks the earliest run nobody walks yet. */
  async poll(device: SimDevice): Promise<void> {
    try {
      if (!device.connected || this.walkOf(device)) return;
      let runs: MyPatrol;
      try {
        runs = await this.source.myRuns(device);
      } catch (err) {
        if (!isTransient(err) && err instanceof ApiError && (err.status === 404 || err.code === 404)) {
          this.out(`patrol: the server has no /api/me/patrol (${err.message}); members do not patrol`);
          this.autoOn = false;
        }
        return;
      }
      const run = runs
        .filter((r) => !this.claimed.has(r.id) && pendingStops(r).length > 0)
        .sort((a, b) => Date.parse(a.plannedStart) - Date.parse(b.plannedStart))[0];
      if (!run || this.walkOf(device)) return;
      this.claimed.add(run.id);
      const plan = await this.plan(device, run, demoTweaks(run, this.rnd), runs);
      const walk = this.start(device, plan);
      const wrong = [...plan.skipped.map((s) => `skips stop ${s.seq}`), ...plan.visits.filter((v) => v.expect !== 'onTime').map((v) => `reaches stop ${v.seq} ${v.expect === 'missed' ? 'too late' : 'late'}`)];
      this.out(`${device.account} patrols run ${run.id} "${run.task.name}": ${plural(plan.visits.length, 'stop')} from ${clock(plan.visits[0]?.arriveAt ?? Date.now())}${wrong.length ? `, ${wrong.join(', ')}` : ''}`);
      // Look again soon after the walk: a later run may be waiting.
      void walk.over.then(() => this.schedulePoll(device, 1000));
    } finally {
      if (!this.walkOf(device)) this.schedulePoll(device, this.o.pollMs);
    }
  }

  /**
   * `patrol <account> [--skip] [--delay]`: walks the member's current open run (the earliest
   * planned with a stop pending), says what it will do, reports each stop's result as the server
   * gives it, and resolves once the run has no pending stop left (ok) or why it could not.
   */
  async command(cmd: PatrolCommand): Promise<PatrolOutcome> {
    const who = `patrol ${cmd.account}`;
    const fail = (why: string): PatrolOutcome => ({ ok: false, said: `${who}: cannot walk: ${why}` });
    const device = this.devices().find((d) => d.account === cmd.account);
    if (!device) return fail(`no simulated device ${cmd.account}`);
    for (const until = Date.now() + this.o.connectMs; !device.connected; ) {
      if (Date.now() > until || device.state === 'stopped') return fail(`${cmd.account} is not connected`);
      await sleep(200);
    }
    let runs: MyPatrol;
    try {
      runs = await this.source.myRuns(device);
    } catch (err) {
      return fail(`GET /api/me/patrol failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const run = runs.filter((r) => pendingStops(r).length > 0).sort((a, b) => Date.parse(a.plannedStart) - Date.parse(b.plannedStart))[0];
    if (!run) return fail(runs.length === 0 ? 'no open run' : `no open run with a pending stop (open: ${runs.map((r) => r.id).join(', ')})`);
    const pending = pendingStops(run).map((s) => s.seq);
    const asked = [...cmd.tweaks.skip, ...Object.keys(cmd.tweaks.delays).map(Number)];
    const unknown = asked.filter((s) => !pending.includes(s));
    if (unknown.length) return fail(`stop ${unknown.join(', ')} is not a pending stop of run ${run.id} (pending: ${pending.join(', ')})`);

    // Whoever walks the run now (the demo's guard, an earlier command) stops: this walk replaces it.
    const earlier = this.walks.get(run.id);
    if (earlier) this.cancel(earlier);
    const own = this.walkOf(device);
    if (own) this.cancel(own);
    this.claimed.add(run.id);

    const plan = await this.plan(device, run, cmd.tweaks, runs);
    const unread: number[] = [];
    for (const v of plan.visits) if ((await this.source.nodeInfo(v.nodeId)) === null) unread.push(v.seq);
    const gpsOnly = unread.length ? `; node details not readable (staff only): stop ${unread.join(', ')} by GPS` : '';
    this.out(`${who}: run ${run.id} "${run.task.name}" (${run.order}, planned start ${clock(Date.parse(run.plannedStart))}, late limit ${plan.lateS} s): ${plural(plan.visits.length, 'stop')} to walk, ${plan.skipped.length} skipped, ~${Math.round(pathMetres(plan.path))} m${gpsOnly}`);
    for (const line of describePlan(plan)) this.out(`${who}: ${line}`);

    const seen = new Map<number, PatrolNodeResult>();
    const previous = device.onPatrolResult;
    device.onPatrolResult = (r) => {
      const stop = /^run\d+-stop(\d+)$/.exec(r.id ?? '')?.[1];
      const what = stop === undefined ? `scan at "${r.nodeName ?? '?'}"` : `stop ${stop} scan`;
      this.out(`${who}: ${what} answered: ${r.ok ? (r.result ?? 'ok') : `refused (${r.reason ?? 'no reason'})`}`);
    };
    const walk = this.start(device, plan, (v) => void this.report(who, device, run.id, v, seen));
    await walk.over;
    device.onPatrolResult = previous;
    if (walk.cancelled) return { ok: false, said: `${who}: stopped: the walk of run ${run.id} was replaced or the simulator is stopping` };
    return this.settle(who, device, run, plan);
  }

  private walkOf(device: SimDevice): Walk | undefined {
    return [...this.walks.values()].find((w) => w.device === device && !w.cancelled);
  }

  private async plan(device: SimDevice, run: MyRun, tweaks: PatrolTweaks, runs: MyPatrol): Promise<PatrolPlan> {
    const info = new Map<number, NodeInfo | null>();
    for (const s of pendingStops(run)) if (!info.has(s.nodeId)) info.set(s.nodeId, await this.source.nodeInfo(s.nodeId));
    // The nodes of the member's other open runs are kept out of too: entering one would count there.
    const avoid = runs.filter((r) => r.id !== run.id).flatMap((r) => pendingStops(r));
    return planRun(device.walker, Date.now(), run, tweaks, info, this.o.walk, avoid);
  }

  /** Hands the walk to the device, with the extra reports around each arrival and the scans. */
  private start(device: SimDevice, plan: PatrolPlan, onArrived?: (v: PlannedVisit) => void): Walk {
    let end!: () => void;
    const over = new Promise<void>((r) => (end = r));
    const walk: Walk = { device, plan, timers: [], cancelled: false, over, end };
    const at = (ms: number, fn: () => void) => {
      const t = setTimeout(fn, Math.max(0, ms - Date.now()));
      walk.timers.push(t);
    };
    device.followPatrol(plan.path);
    for (const v of plan.visits) {
      // Just outside, then the step in at the arrival time: that point is the GPS check-in.
      at(v.arriveAt - 2000, () => device.reportNow());
      at(v.arriveAt, () => {
        device.reportNow(v.arriveAt);
        if (v.check.by === 'scan') device.sendPatrolScan(v.check.scan, `run${plan.runId}-stop${v.seq}`);
      });
      at(v.arriveAt + 2000, () => device.reportNow());
      if (onArrived) at(v.arriveAt + this.o.settleMs, () => onArrived(v));
    }
    at(Math.max(pathEnd(plan.path), ...plan.visits.map((v) => v.arriveAt + this.o.settleMs)) + 100, () => {
      for (const t of walk.timers) clearTimeout(t);
      this.walks.delete(plan.runId);
      end();
    });
    this.walks.set(plan.runId, walk);
    return walk;
  }

  private cancel(walk: Walk): void {
    walk.cancelled = true;
    for (const t of walk.timers) clearTimeout(t);
    if (this.walks.get(walk.plan.runId) === walk) this.walks.delete(walk.plan.runId);
    walk.device.followPatrol(null);
    walk.end();
  }

  /** A stop's result as the member's runs now show it (or that the run is over). */
  private async report(who: string, device: SimDevice, runId: number, v: PlannedVisit, seen: Map<number, PatrolNodeResult>): Promise<void> {
    try {
      const run = (await this.source.myRuns(device)).find((r) => r.id === runId);
      const stop = run?.nodes.find((n) => n.seq === v.seq);
      if (run) for (const n of run.nodes) seen.set(n.seq, n.result);
      if (!stop) {
        this.out(`${who}: stop ${v.seq} "${v.name}" reached at ${clock(v.arriveAt)}; the run is no longer open`);
        return;
      }
      const note = stop.result === v.expect ? '' : ` (expected ${v.expect})`;
      this.out(`${who}: stop ${v.seq} "${v.name}" reached at ${clock(v.arriveAt)}: ${stop.result}${note}`);
    } catch (err) {
      this.out(`${who}: stop ${v.seq} "${v.name}" reached; its result could not be read (${err instanceof Error ? err.message : String(err)})`);
    }
  }

  /** After the walk: waits until the run has no pending stop (skipped ones go missed when overdue), then sums it up. */
  private async settle(who: string, device: SimDevice, run: MyRun, plan: PatrolPlan): Promise<PatrolOutcome> {
    const deadline = Date.parse(run.deadline) + this.o.graceMs;
    let last: MyRun | undefined = run;
    let lastSeen = run;
    let told = false;
    for (;;) {
      try {
        last = (await this.source.myRuns(device)).find((r) => r.id === run.id);
        if (last) lastSeen = last;
      } catch {
        // Try again on the next round.
      }
      if (!last || pendingStops(last).length === 0) break;
      if (Date.now() > deadline) {
        const left = pendingStops(last).map((s) => s.seq);
        return { ok: false, said: `${who}: run ${run.id} still has pending stops (${left.join(', ')}) after its deadline ${clock(Date.parse(run.deadline))}` };
      }
      if (!told) {
        const waitFor = pendingStops(last).map((s) => s.seq).join(', ');
        this.out(`${who}: waiting for stop ${waitFor} to be settled by the server (missed once overdue; the run's deadline is ${clock(Date.parse(run.deadline))})`);
        told = true;
      }
      await sleep(Math.min(5_000, this.o.pollMs));
    }
    const detail = await this.source.run(run.id);
    const results = detail?.nodes.map((n) => n.result) ?? (last ?? lastSeen).nodes.map((n) => n.result);
    const status = detail ? `status ${detail.status}` : last ? 'still open' : 'ended; as last seen';
    const mismatch = detail
      ? [...plan.visits.map((v) => ({ seq: v.seq, expect: v.expect })), ...plan.skipped.map((s) => ({ seq: s.seq, expect: 'missed' as const }))]
          .filter((e) => {
            const got = detail.nodes.find((n) => n.seq === e.seq)?.result;
            return got !== undefined && got !== e.expect;
          })
          .map((e) => `stop ${e.seq} is ${detail.nodes.find((n) => n.seq === e.seq)!.result}, not ${e.expect}`)
      : [];
    return {
      ok: true,
      said: `${who}: done: run ${run.id} "${run.task.name}" has no pending stop left (${status}${results.length ? `: ${counts(results)}` : ''})${mismatch.length ? `; note: ${mismatch.join('; ')}` : ''}`,
    };
  }
}
