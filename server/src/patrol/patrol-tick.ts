import { startsBetween, type PatrolAlertFrame, type PatrolChangeFrame, type PatrolOrder, type PatrolSchedule } from '@ptt/contracts';
import type { Db } from '../db/db';
import type { Logger } from '../logger';
import type { Hub } from '../ws/hub';
import type { PatrolCache } from './patrol-cache';
import { missOverdue, settledActiveRuns } from './patrol-run.repository';
import { alertsFor, makeRun, publishPatrol, refreshRun } from './patrol-runs';
import type { StopPatch } from './patrol-cache';

/** Scheduled starts older than this are not made: a server down longer does not invent old runs. */
export const PATROL_CATCH_UP_MS = 10 * 60_000;

interface ScheduledTask {
  id: number;
  entId: number;
  name: string;
  order: PatrolOrder;
  lateS: number;
  schedule: PatrolSchedule;
  timeZone: string;
  createdAt: number;
}

/**
 * The patrol tick (ADR 029), every `limits.patrolTickMs` on each node: makes the runs of scheduled
 * starts in the last 10 minutes (the unique task + start makes each once, whichever node is
 * first), marks overdue stops missed (the update is the claim: one PatrolAlert each), ends runs
 * with nothing pending, then refreshes this node's copies of active runs.
 */
export class PatrolTick {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(
    private readonly deps: { db: Db; hub: Hub; log: Logger },
    private readonly cache: PatrolCache,
    private readonly everyMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.run().finally(() => (this.running = null));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round; tests call it directly. A failing round is logged once per outage. */
  async run(): Promise<void> {
    try {
      const now = this.now();
      await this.makeScheduledRuns(now);
      await this.settleOverdue(now);
      for (const entId of this.cache.loaded()) this.cache.refresh(entId);
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.deps.log.error({ err }, 'patrol tick failed');
      this.failing = true;
    }
  }

  private async makeScheduledRuns(now: number): Promise<void> {
    const r = await this.deps.db.query<ScheduledTask>(
      `select t.id, t.ent_id as "entId", t.name, t.route_order as "order", t.late_s as "lateS", t.schedule, e.time_zone as "timeZone",
              (extract(epoch from t.created_at) * 1000)::float8 as "createdAt"
         from patrol_tasks t join enterprises e on e.id = t.ent_id where t.enabled and t.schedule is not null`,
    );
    for (const task of r.rows) {
      // Not before the task existed: a task made at 10:05 has no 10:00 run.
      const from = Math.max(now - PATROL_CATCH_UP_MS, task.createdAt - 1000);
      for (const start of startsBetween(task.schedule, task.timeZone, from, now + 1)) {
        const runId = await this.deps.db.transaction((tx) => makeRun(tx, task, start, 'schedule', null));
        if (runId === null) continue;
        this.cache.invalidate(task.entId);
        const change: PatrolChangeFrame = { what: 'run', id: runId, run: { id: runId, taskId: task.id, status: 'active', done: 0, missed: 0, total: 0 } };
        const total = await this.deps.db.query<{ total: number }>('select total from patrol_runs where id = $1', [runId]);
        change.run!.total = total.rows[0]?.total ?? 0;
        await publishPatrol(this.deps.hub, task.entId, [change]);
      }
    }
  }

  private async settleOverdue(now: number): Promise<void> {
    const { db, hub } = this.deps;
    const missed = await db.transaction((tx) => missOverdue(tx, now));
    const alerts = new Map<number, PatrolAlertFrame[]>();
    const settled = new Map<number, StopPatch[]>();
    const frames = await alertsFor(db, missed.map((stop) => ({ stop, reason: 'overdue' as const })), now);
    missed.forEach((stop, i) => {
      alerts.set(stop.entId, [...(alerts.get(stop.entId) ?? []), frames[i]!]);
      settled.set(stop.entId, [...(settled.get(stop.entId) ?? []), { runId: stop.runId, seq: stop.seq, result: 'missed' }]);
    });
    const runIds = [...new Set([...missed.map((s) => s.runId), ...(await settledActiveRuns(db))])];
    const changes = new Map<number, PatrolChangeFrame[]>();
    for (const runId of runIds) {
      const progress = await db.transaction(async (tx) => {
        const locked = await tx.query<{ entId: number }>('select ent_id as "entId" from patrol_runs where id = $1 for update', [runId]);
        const entId = locked.rows[0]?.entId;
        return entId === undefined ? null : { entId, run: await refreshRun(tx, runId) };
      });
      if (progress?.run) changes.set(progress.entId, [...(changes.get(progress.entId) ?? []), { what: 'run', id: runId, run: progress.run }]);
    }
    for (const entId of new Set([...alerts.keys(), ...changes.keys()])) {
      // Only stops missed (runs ending follow from them): the copies are patched, not dropped.
      await publishPatrol(hub, entId, changes.get(entId) ?? [], alerts.get(entId) ?? [], settled.get(entId) ?? []);
    }
  }
}
