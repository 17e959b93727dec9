import type { PatrolMethod, PatrolNodeResult } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { jsonIds } from './patrol-plan.repository';
import { activeRuns, type OpenRun } from './patrol-run.repository';

/** How long a node trusts its copy without any announced change (the tick refreshes it sooner). */
export const PATROL_CACHE_MS = 30_000;

export interface GpsNode {
  enabled: boolean;
  gps: boolean;
  repeatS: number;
}

/** An organisation's active runs by the members assigned to their task, and their nodes' methods. */
export interface EntPatrol {
  byUser: Map<number, OpenRun[]>;
  nodes: Map<number, GpsNode>;
  /** The same runs by id (a patch finds the run it settles there). */
  runs: Map<number, OpenRun>;
}

/** A stop that a committed change settled (checked or missed). */
export interface StopPatch {
  runId: number;
  seq: number;
  result: PatrolNodeResult;
}

interface Entry {
  at: number;
  value: Promise<EntPatrol>;
  loaded: EntPatrol | null;
  /** A reload in the background while `loaded` answers. */
  refreshing: boolean;
  /** Another reload is wanted once the running one ends (a change announced while it ran). */
  again: boolean;
  /** Patches applied since the running load (first or background) started: applied to its result too. */
  patches: StopPatch[];
}

/**
 * Per organisation on this node, what the GPS path needs (ADR 029): one map lookup for a member
 * without an active run, no query while warm.
 *
 * Changes that only settle stops (a check-in, the tick's overdue stops) patch the copy in place
 * (`patch`): the node that made the change knows exactly what it wrote, other nodes get the same
 * stops in the `sys/internal/patrol` frame and also reload in the background while the patched
 * copy keeps answering. Changes that add work (a run made, a plan edit, a membership change, a
 * deletion putting a stop back to pending) drop the copy (`invalidate`): the next report waits
 * for a fresh one rather than miss a stop. The tick and the age limit reload in the background.
 *
 * Why a stale copy is safe: the copy only decides which reports are worth judging. A stop shown
 * pending that is settled already makes at most one extra check-in attempt, and PatrolService
 * judges that again from the database under the runs' row locks (the repeat rule, then the
 * member's locked active runs, then an update settling the stop only if it is still pending): it ends as
 * what the database says ('repeat' or 'unplanned', or another run's stop the node is really
 * pending in) and never settles a stop twice. A copy can only miss a stop when it lacks a run or
 * a pending stop, which is why those changes drop it instead.
 */
export class PatrolCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
  ) {}

  /** The loaded copy, or null (a load starts). */
  peek(entId: number): EntPatrol | null {
    const entry = this.entries.get(entId) ?? this.start(entId);
    if (entry.loaded && this.now() - entry.at >= PATROL_CACHE_MS) this.refresh(entId);
    return entry.loaded;
  }

  get(entId: number): Promise<EntPatrol> {
    return (this.entries.get(entId) ?? this.start(entId)).value;
  }

  /** Work may have been added: the next report waits for a fresh copy. */
  invalidate(entId: number): void {
    this.entries.delete(entId);
  }

  /**
   * Stops settled by a committed change: applied to the copy at once (and to a load under way
   * when it lands); `reload` also reloads in the background while the patched copy answers.
   */
  patch(entId: number, stops: readonly StopPatch[], reload: boolean): void {
    const entry = this.entries.get(entId);
    if (!entry || stops.length === 0) return;
    if (entry.loaded) applyPatches(entry.loaded, stops);
    if (!entry.loaded || entry.refreshing) entry.patches.push(...stops);
    if (reload) this.refresh(entId);
  }

  /** Organisations with a copy here (the tick refreshes them). */
  loaded(): number[] {
    return [...this.entries.keys()];
  }

  /** Reloads in the background; the old copy answers meanwhile (one reload at a time, then one more if asked meanwhile). */
  refresh(entId: number): void {
    const entry = this.entries.get(entId);
    if (!entry?.loaded) return;
    if (entry.refreshing) {
      entry.again = true;
      return;
    }
    entry.refreshing = true;
    entry.again = false;
    entry.patches = [];
    const value = this.load(entId);
    value.then(
      (loaded) => {
        if (this.entries.get(entId) !== entry) return;
        applyPatches(loaded, entry.patches);
        const next: Entry = { at: this.now(), value, loaded, refreshing: false, again: false, patches: [] };
        this.entries.set(entId, next);
        if (entry.again) this.refresh(entId);
      },
      () => {
        if (this.entries.get(entId) === entry) this.entries.delete(entId);
      },
    );
  }

  private start(entId: number): Entry {
    const entry: Entry = { at: this.now(), value: this.load(entId), loaded: null, refreshing: false, again: false, patches: [] };
    this.entries.set(entId, entry);
    entry.value = entry.value.then((loaded) => {
      applyPatches(loaded, entry.patches);
      entry.patches = [];
      return loaded;
    });
    entry.value.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => {
        if (this.entries.get(entId) === entry) this.entries.delete(entId);
      },
    );
    return entry;
  }

  private async load(entId: number): Promise<EntPatrol> {
    const { runs, members } = await activeRuns(this.db, entId);
    const byTask = new Map<number, OpenRun[]>();
    for (const run of runs) byTask.set(run.taskId, [...(byTask.get(run.taskId) ?? []), run]);
    const byUser = new Map<number, OpenRun[]>();
    for (const { taskId, userId } of members) {
      for (const run of byTask.get(taskId) ?? []) byUser.set(userId, [...(byUser.get(userId) ?? []), run]);
    }
    for (const list of byUser.values()) list.sort((a, b) => a.plannedStart - b.plannedStart || a.id - b.id);
    const nodes = new Map<number, GpsNode>();
    const nodeIds = [...new Set(runs.flatMap((r) => r.stops.map((s) => s.nodeId)))];
    if (nodeIds.length > 0) {
      const r = await this.db.query<{ id: number; enabled: boolean; methods: PatrolMethod[]; repeatS: number }>(
        'select id, enabled, methods, repeat_s as "repeatS" from patrol_nodes where ent_id = $1 and id in (select value::int from jsonb_array_elements_text($2::jsonb))',
        [entId, jsonIds(nodeIds)],
      );
      for (const n of r.rows) nodes.set(n.id, { enabled: n.enabled, gps: n.methods.includes('gps'), repeatS: n.repeatS });
    }
    return { byUser, nodes, runs: new Map(runs.map((r) => [r.id, r])) };
  }
}

/** Sets the stops' results in the copy (runs are shared between the members' lists). */
function applyPatches(ent: EntPatrol, stops: readonly StopPatch[]): void {
  for (const p of stops) {
    const stop = ent.runs.get(p.runId)?.stops.find((s) => s.seq === p.seq);
    if (stop) stop.result = p.result;
  }
}
