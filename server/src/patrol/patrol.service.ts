import {
  PATROL_DASHBOARD_DAYS_MAX,
  ServerCode,
  dayOf,
  type MyPatrol,
  type Page,
  type PatrolChangeFrame,
  type PatrolCheckin,
  type PatrolCheckinListQuery,
  type PatrolCheckinMethod,
  type PatrolDashboard,
  type PatrolDashboardQuery,
  type PatrolMember,
  type PatrolMemberListQuery,
  type PatrolNode,
  type PatrolRun,
  type PatrolRunDetail,
  type PatrolRunListQuery,
  type PatrolScanRequest,
} from '@ptt/contracts';
import type { Db, Queryable } from '../db/db';
import { writeOperation } from '../audit/operation-log';
import { entTimeZone } from '../fences/fence-state.repository';
import { AppError } from '../http/app-error';
import { notFound, ruleError, type Caller } from '../http/caller';
import type { PresenceService } from '../ws/presence';
import type { Hub } from '../ws/hub';
import { OperationType } from '@ptt/contracts';
import { ZERO, countsByDay, listMembers, memberExtras, topMembers } from './patrol-dashboard.repository';
import { findNode, isAssigned, nodeByCode } from './patrol-plan.repository';
import * as runs from './patrol-run.repository';
import { isRepeat, settle, type Settlement } from './patrol-rules';
import type { StopPatch } from './patrol-cache';
import { alertsFor, publishPatrol, refreshRun, type RunProgress } from './patrol-runs';

const DAY_MS = 86_400_000;

/** A check-in to judge: who, where, when, how. */
export interface CheckinInput {
  entId: number;
  userId: number;
  node: Pick<PatrolNode, 'id' | 'name' | 'repeatS'>;
  atMs: number;
  method: PatrolCheckinMethod;
  lng: number | null;
  lat: number | null;
  /** Manual: the run named and the dispatcher who records it. */
  manual?: { runId: number; recordedBy: Caller };
}

export interface CheckinOutcome {
  checkin: PatrolCheckin;
  progress: RunProgress | null;
}

/**
 * Runs and check-ins (ADR 029): judging device scans, GPS entries and manual check-ins in one
 * transaction each (the stop settled conditionally, the check-in and the run's counters with it),
 * the records, the members list, the dashboard and the caller's own open runs.
 */
export class PatrolService {
  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly presence: Pick<PresenceService, 'statuses'>,
    private readonly now: () => number = Date.now,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Check-ins

  /** A device's QR or NFC scan (REST or socket). Unknown code, disabled node, wrong method: refused. */
  async scan(who: { entId: number; userId: number }, body: PatrolScanRequest): Promise<CheckinOutcome> {
    const node = await nodeByCode(this.db, who.entId, body.method, body.code.trim());
    if (!node) throw ruleError(ServerCode.NotFound, 'patrolCodeUnknown');
    if (!node.enabled) throw ruleError(ServerCode.WallNotOpen, 'patrolNodeDisabled');
    if (!node.methods.includes(body.method)) throw ruleError(ServerCode.ParameterError, 'patrolMethodNotAllowed');
    return this.checkIn({ entId: who.entId, userId: who.userId, node, atMs: this.now(), method: body.method, lng: node.lng, lat: node.lat });
  }

  /** A dispatcher records a check-in reported by radio, for a member assigned to the run's task. */
  async manual(caller: Caller, body: { userId: number; nodeId: number; runId: number }): Promise<PatrolCheckin> {
    const node = await findNode(this.db, caller.entId, body.nodeId);
    if (!node) throw notFound('patrolNode');
    const { checkin } = await this.checkIn({
      entId: caller.entId,
      userId: body.userId,
      node,
      atMs: this.now(),
      method: 'manual',
      lng: node.lng,
      lat: node.lat,
      manual: { runId: body.runId, recordedBy: caller },
    });
    return checkin;
  }

  /**
   * Judges and stores one check-in; after the commit the frames go out. A GPS entry costs four
   * statements in its transaction (basis, check-in with its stops, the run's state and outcome),
   * and one more after it when it skipped stops (their alerts' members).
   */
  async checkIn(input: CheckinInput): Promise<CheckinOutcome> {
    const done = await this.db.transaction(async (tx): Promise<Done> => {
      const chosen = input.manual ? await this.manualStop(tx, input) : await this.deviceStop(tx, input);
      const { settlement, run } = chosen;
      const base = { entId: input.entId, userId: input.userId, nodeId: input.node.id, nodeName: input.node.name, atMs: input.atMs, method: input.method, lng: input.lng, lat: input.lat };
      const recordedBy = input.manual?.recordedBy.userId ?? null;
      if (!settlement || !run) {
        const checkin = await runs.insertCheckin(tx, { ...base, runId: null, seq: null, taskId: null, taskName: null, result: chosen.result, recordedBy });
        return { checkin, progress: null, run: null, missed: [], settled: [] };
      }
      const row = { ...base, runId: run.id, seq: settlement.seq, taskId: run.taskId, taskName: run.taskName, result: settlement.result, recordedBy };
      const { checkin, missed: missedSeqs } = await runs.insertSettling(tx, row, settlement.missed);
      // Not settled: the tick marked the stop missed meanwhile, the check-in counted for nothing.
      if (checkin.runId === null) return { checkin, progress: null, run: null, missed: [], settled: [] };
      const missed = settlement.missed.filter((x) => missedSeqs.includes(x.seq));
      const settled: StopPatch[] = [
        { runId: run.id, seq: settlement.seq, result: settlement.result },
        ...missed.map((m): StopPatch => ({ runId: run.id, seq: m.seq, result: 'missed' })),
      ];
      return { checkin, progress: await refreshRun(tx, run.id), run, missed, settled };
    });
    const { checkin, progress, run } = done;
    const alerts = run
      ? await alertsFor(
          this.db,
          done.missed.map((m) => {
            const stop = run.stops.find((s) => s.seq === m.seq)!;
            const at = { runId: run.id, taskId: run.taskId, taskName: run.taskName, nodeId: stop.nodeId, name: stop.name, lng: stop.lng, lat: stop.lat, plannedAt: new Date(stop.plannedAt).toISOString() };
            return { stop: at, reason: m.reason };
          }),
          this.now(),
        )
      : [];
    const changes: PatrolChangeFrame[] = [{ what: 'checkin', id: checkin.id, run: progress }];
    if (progress && progress.status !== 'active') changes.push({ what: 'run', id: progress.id, run: progress });
    // Only stops were settled (none for 'repeat' and 'unplanned'): the copies of active runs are patched, not dropped.
    await publishPatrol(this.hub, input.entId, changes, alerts, done.settled);
    return { checkin, progress };
  }

  /** The repeat rule, then the member's active runs (locked) decide; read in one statement. */
  private async deviceStop(tx: Queryable, input: CheckinInput): Promise<Chosen> {
    const { last, runs: open } = await runs.checkinBasis(tx, input.entId, input.userId, input.node.id, input.atMs);
    if (isRepeat(last, input.atMs, input.node.repeatS)) return { result: 'repeat', settlement: null, run: null };
    const settlement = settle(open, input.node.id, input.atMs);
    return { result: 'unplanned', settlement, run: settlement ? open.find((r) => r.id === settlement.runId)! : null };
  }

  /** The run named must be active, the member assigned to its task, the node waiting in it. */
  private async manualStop(tx: Queryable, input: CheckinInput): Promise<Chosen> {
    const run = await runs.lockRun(tx, input.entId, input.manual!.runId);
    if (!run) throw notFound('patrolRun');
    if (run.status !== 'active') throw ruleError(ServerCode.WallNotOpen, 'patrolRunEnded');
    if (!(await isAssigned(tx, run.taskId, input.userId))) throw ruleError(ServerCode.ParameterError, 'patrolNotAssigned');
    // The dispatcher names the run: its start is no bar (a radio report may come a moment early).
    const settlement = settle([{ ...run, plannedStart: Math.min(run.plannedStart, input.atMs) }], input.node.id, input.atMs);
    if (!settlement) throw ruleError(ServerCode.ParameterError, 'patrolNodeNotPending');
    return { result: 'unplanned', settlement, run };
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  listRuns(caller: Caller, query: PatrolRunListQuery): Promise<Page<PatrolRun>> {
    return runs.listRuns(this.db, caller.entId, query);
  }

  /** A run with its stops and its members' tracks between its start and its end (or now). */
  async runDetail(caller: Caller, id: number): Promise<PatrolRunDetail> {
    const run = await runs.findRun(this.db, caller.entId, id);
    if (!run) throw notFound('patrolRun');
    const nodes = (await runs.runNodes(this.db, [id])).get(id) ?? [];
    const from = Date.parse(run.plannedStart);
    const to = Math.min(Date.parse(run.endedAt ?? run.deadline), this.now());
    const who = run.members.length > 0 ? run.members.map((m) => m.uid) : await runs.directUsers(this.db, run.task.id, 20);
    const tracks = await runs.tracks(this.db, caller.entId, who.slice(0, 20), from, Math.max(from, to));
    return { ...run, nodes, tracks };
  }

  listCheckins(caller: Caller, query: PatrolCheckinListQuery): Promise<Page<PatrolCheckin>> {
    return runs.listCheckins(this.db, caller.entId, query);
  }

  /** The caller's open runs with every stop (handsets, the simulator). */
  async mine(caller: Caller): Promise<MyPatrol> {
    const rows = await runs.myRunRows(this.db, caller.entId, caller.userId);
    const nodes = await runs.runNodes(this.db, rows.map((r) => r.id));
    return rows.map((row) => {
      const { members: _members, ...run } = runs.toRun(row);
      return { ...run, nodes: nodes.get(run.id) ?? [] };
    });
  }

  async members(caller: Caller, query: PatrolMemberListQuery): Promise<Page<PatrolMember>> {
    const page = await listMembers(this.db, caller.entId, query);
    const uids = page.items.map((m) => m.uid);
    const [extras, statuses, open] = await Promise.all([
      memberExtras(this.db, caller.entId, uids),
      this.presence.statuses(caller.entId),
      Promise.all(uids.map((uid) => runs.memberRuns(this.db, caller.entId, uid, this.now(), false))),
    ]);
    const online = new Set(statuses.filter((s) => s.status !== 'offline').map((s) => s.uid));
    const items = page.items.map((m, i): PatrolMember => {
      const run = open[i]![0];
      const counted = (r: string) => r === 'onTime' || r === 'early' || r === 'late';
      return {
        ...m,
        online: online.has(m.uid),
        position: extras.positions.get(m.uid) ?? null,
        currentRun: run
          ? {
              id: run.id,
              taskName: run.taskName,
              done: run.stops.filter((s) => counted(s.result)).length,
              total: run.stops.length,
              missed: run.stops.filter((s) => s.result === 'missed').length,
              nextNode: run.stops.find((s) => s.result === 'pending')?.name ?? null,
            }
          : null,
        lastCheckin: extras.last.get(m.uid) ?? null,
      };
    });
    return { ...page, items };
  }

  /** Counts over organisation days (at most PATROL_DASHBOARD_DAYS_MAX), today, per day and per member. */
  async dashboard(caller: Caller, query: PatrolDashboardQuery): Promise<PatrolDashboard> {
    const timeZone = await entTimeZone(this.db, caller.entId);
    const fromDay = Date.parse(`${query.from}T00:00:00Z`);
    const toDay = Date.parse(`${query.to}T00:00:00Z`);
    const days = Math.round((toDay - fromDay) / DAY_MS) + 1;
    if (!Number.isFinite(days) || days < 1 || days > PATROL_DASHBOARD_DAYS_MAX) {
      throw new AppError(ServerCode.ParameterError, { issues: [{ path: 'to', message: 'validation.patrolDaysInvalid', code: 'custom' }] });
    }
    const today = dayOf(timeZone, this.now());
    const [byDay, todayCounts, members] = await Promise.all([
      countsByDay(this.db, caller.entId, query.from, query.to, query.taskId),
      countsByDay(this.db, caller.entId, today, today, query.taskId),
      topMembers(this.db, caller.entId, query.from, query.to, query.taskId),
    ]);
    const dayList = Array.from({ length: days }, (_, i) => new Date(fromDay + i * DAY_MS).toISOString().slice(0, 10));
    const totals = { ...ZERO };
    for (const d of dayList) for (const key of Object.keys(ZERO) as (keyof typeof ZERO)[]) totals[key] += byDay.get(d)?.[key] ?? 0;
    const rate = (c: typeof ZERO) => (c.runs - c.active > 0 ? c.complete / (c.runs - c.active) : null);
    const todayTotal = todayCounts.get(today) ?? ZERO;
    return {
      timeZone,
      from: query.from,
      to: query.to,
      totals: { ...totals, completionRate: rate(totals) },
      today: { ...todayTotal, completionRate: rate(todayTotal) },
      days: dayList.map((day) => ({ ...(byDay.get(day) ?? ZERO), day })),
      members,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Deletion

  /** Runs with their check-ins, or single check-ins (operation PatrolLogDelete). Unknown ids: 404. */
  async deleteRecords(caller: Caller, body: { runIds?: number[] | undefined; checkinIds?: number[] | undefined }): Promise<{ runIds: number[]; checkinIds: number[] }> {
    const wantRuns = [...new Set(body.runIds ?? [])];
    const wantCheckins = [...new Set(body.checkinIds ?? [])];
    const { runIds, checkinIds, progress } = await this.db.transaction(async (tx) => {
      const runIds = await runs.existingRecords(tx, 'patrol_runs', caller.entId, wantRuns);
      const checkinIds = await runs.existingRecords(tx, 'patrol_checkins', caller.entId, wantCheckins);
      const unknown = [...wantRuns.filter((v) => !runIds.includes(v)), ...wantCheckins.filter((v) => !checkinIds.includes(v))];
      if (unknown.length > 0) throw new AppError(ServerCode.NotFound, { reason: 'rule.notFound', what: 'patrolRecord', ids: unknown });
      const touched = await runs.deleteRecords(tx, caller.entId, runIds, checkinIds);
      const progress: RunProgress[] = [];
      for (const runId of touched.filter((r) => !runIds.includes(r))) {
        await tx.query('select id from patrol_runs where id = $1 for update', [runId]);
        const p = await refreshRun(tx, runId);
        if (p) progress.push(p);
      }
      await writeOperation(tx, caller, OperationType.PatrolLogDelete, { runIds, checkinIds });
      return { runIds, checkinIds, progress };
    });
    await publishPatrol(this.hub, caller.entId, [
      ...runIds.map((id): PatrolChangeFrame => ({ what: 'run', id, run: null })),
      ...checkinIds.map((id): PatrolChangeFrame => ({ what: 'checkin', id, run: null })),
      ...progress.map((p): PatrolChangeFrame => ({ what: 'run', id: p.id, run: p })),
    ]);
    return { runIds, checkinIds };
  }
}

interface Done {
  checkin: PatrolCheckin;
  progress: RunProgress | null;
  run: runs.OpenRun | null;
  /** Stops of `run` marked missed by this check-in (an ordered route skipped). */
  missed: Settlement['missed'];
  settled: StopPatch[];
}

interface Chosen {
  /** The result when nothing is settled ('repeat' or 'unplanned'). */
  result: 'repeat' | 'unplanned';
  settlement: Settlement | null;
  run: runs.OpenRun | null;
}
