import {
  PATROL_ALERT_KIND,
  PATROL_CHANGE_KIND,
  topics,
  type PatrolAlertFrame,
  type PatrolChangeFrame,
  type PatrolOrder,
} from '@ptt/contracts';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { StopPatch } from './patrol-cache';
import { INTERNAL_TOPICS, type Hub } from '../ws/hub';
import { plannedSpan, runDeadline, runOutcome } from './patrol-rules';
import { membersOfTasks, taskRoute } from './patrol-plan.repository';
import { insertRun, runState, writeRunOutcome, type OverdueStop } from './patrol-run.repository';

// What the plan service (start now), the check-ins and the tick share: making a run from a task's
// route, redoing a run's counters and outcome, and the frames after a commit.

export type RunProgress = NonNullable<PatrolChangeFrame['run']>;

export interface TaskForRun {
  id: number;
  entId: number;
  name: string;
  order: PatrolOrder;
  lateS: number;
}

/** A run of the task at `plannedStart` with a copy of its route; null if the task has one then (or no route). */
export async function makeRun(tx: Queryable, task: TaskForRun, plannedStart: number, source: 'schedule' | 'manual', startedBy: number | null): Promise<number | null> {
  const route = await taskRoute(tx, task.id);
  if (route.length === 0) return null;
  const radii = await tx.query<{ id: number; radiusM: number }>(
    'select id, radius_m as "radiusM" from patrol_nodes where id in (select (value->>\'nodeId\')::int from jsonb_array_elements($1::jsonb))',
    [JSON.stringify(route)],
  );
  const radius = new Map(radii.rows.map((r) => [r.id, r.radiusM]));
  const stops = route.map((s) => ({
    nodeId: s.nodeId,
    name: s.name,
    lng: s.lng,
    lat: s.lat,
    radiusM: radius.get(s.nodeId) ?? 30,
    plannedAt: plannedStart + s.offsetS * 1000,
    toleranceS: s.toleranceS,
  }));
  return insertRun(tx, {
    entId: task.entId,
    taskId: task.id,
    taskName: task.name,
    order: task.order,
    lateS: task.lateS,
    source,
    startedBy,
    plannedStart,
    deadline: runDeadline(stops, task.lateS),
    plannedS: plannedSpan(route.map((s) => s.offsetS)),
    stops,
  });
}

/** Redoes a run's counters and, when nothing is pending, ends it. The caller holds the run's lock. */
export async function refreshRun(tx: Queryable, runId: number): Promise<RunProgress | null> {
  const state = await runState(tx, runId);
  if (!state) return null;
  const outcome = runOutcome(state.results, state.first, state.last, state.plannedS);
  await writeRunOutcome(tx, state, outcome);
  const count = (f: (r: string) => boolean) => state.results.filter(f).length;
  return {
    id: runId,
    taskId: state.taskId,
    status: outcome.status,
    done: count((r) => r === 'onTime' || r === 'early' || r === 'late'),
    missed: count((r) => r === 'missed'),
    total: state.results.length,
  };
}

/** The alerts of missed stops, each with its task's members (at most 20), in one query. */
export async function alertsFor(
  q: Queryable,
  missed: readonly { stop: Omit<OverdueStop, 'entId' | 'seq'>; reason: PatrolAlertFrame['reason'] }[],
  now: number,
): Promise<PatrolAlertFrame[]> {
  if (missed.length === 0) return [];
  const members = await membersOfTasks(q, [...new Set(missed.map((m) => m.stop.taskId))], 20);
  const time = new Date(now).toISOString();
  return missed.map(({ stop, reason }) => ({
    runId: stop.runId,
    taskId: stop.taskId,
    taskName: stop.taskName,
    nodeId: stop.nodeId,
    nodeName: stop.name,
    lng: stop.lng,
    lat: stop.lat,
    plannedAt: stop.plannedAt,
    reason,
    members: members.get(stop.taskId) ?? [],
    time,
  }));
}

/** This process, in the frames it sends on `sys/internal/patrol` (its own copy is patched already). */
export const PATROL_NODE_ID = randomUUID();

/** What `sys/internal/patrol` carries: `settled` when the change only settled these stops. */
export interface PatrolChangedData {
  entId: number;
  from: string;
  settled?: StopPatch[];
}

/**
 * After a commit: every node updates its copy of the organisation's runs (patched with `settled`
 * when the change only settled stops, dropped otherwise; see PatrolCache), and staff hear what
 * changed. A failing hub loses a frame, never the record.
 */
export async function publishPatrol(
  hub: Hub,
  entId: number,
  changes: readonly PatrolChangeFrame[],
  alerts: readonly PatrolAlertFrame[] = [],
  settled?: StopPatch[],
): Promise<void> {
  const data: PatrolChangedData = { entId, from: PATROL_NODE_ID, ...(settled ? { settled } : {}) };
  await hub.publish(INTERNAL_TOPICS.patrol, 'PatrolChanged', data).catch(() => undefined);
  for (const alert of alerts) await hub.publish(topics.dispatch(entId), PATROL_ALERT_KIND, alert).catch(() => undefined);
  for (const change of changes) await hub.publish(topics.dispatch(entId), PATROL_CHANGE_KIND, change).catch(() => undefined);
}
