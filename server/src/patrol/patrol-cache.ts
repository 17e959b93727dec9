import type { PatrolMethod } from '@ptt/contracts';
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
}

interface Entry {
  at: number;
  value: Promise<EntPatrol>;
  loaded: EntPatrol | null;
  refreshing: boolean;
}

/**
 * Per organisation on this node, what the GPS path needs (ADR 029): one map lookup for a member
 * without an active run, no query while warm. Patrol changes drop the copy (this node at once,
 * others through `sys/internal/patrol`); the tick refreshes it in the background while it answers.
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

  invalidate(entId: number): void {
    this.entries.delete(entId);
  }

  /** Organisations with a copy here (the tick refreshes them). */
  loaded(): number[] {
    return [...this.entries.keys()];
  }

  /** Reloads in the background; the old copy answers meanwhile. */
  refresh(entId: number): void {
    const entry = this.entries.get(entId);
    if (!entry?.loaded || entry.refreshing) return;
    entry.refreshing = true;
    const value = this.load(entId);
    value.then(
      (loaded) => {
        if (this.entries.get(entId) === entry) this.entries.set(entId, { at: this.now(), value, loaded, refreshing: false });
      },
      () => {
        if (this.entries.get(entId) === entry) this.entries.delete(entId);
      },
    );
  }

  private start(entId: number): Entry {
    const entry: Entry = { at: this.now(), value: this.load(entId), loaded: null, refreshing: false };
    this.entries.set(entId, entry);
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
    return { byUser, nodes };
  }
}
