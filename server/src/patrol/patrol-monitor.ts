import type { DomainEventMap } from '../events/domain-events';
import type { Logger } from '../logger';
import type { EntPatrol, PatrolCache } from './patrol-cache';
import { entersRadius, stopLimit } from './patrol-rules';
import { PatrolStats } from './patrol-stats';
import type { PatrolService } from './patrol.service';

type Stored = DomainEventMap['location.stored'];

/** Remembered (member, node) sides at most; past it the memory starts afresh (a first point again). */
const SIDES_MAX = 200_000;

interface Entry {
  nodeId: number;
  name: string;
  repeatS: number;
  lng: number;
  lat: number;
  time: number;
}

/**
 * GPS check-ins from stored positions (ADR 029). Only members with an active run are evaluated:
 * for anyone else a report costs one map lookup on the organisation's cached runs. A point inside
 * the radius of a pending stop's node (accepting gps) after one outside, or as the first point
 * seen, is a check-in at the point's time, judged by PatrolService like a scan.
 */
export class PatrolMonitor {
  /** `${userId}:${nodeId}` -> inside at the member's last evaluated point. */
  private readonly inside = new Map<string, boolean>();
  /** Per member: entries are judged one after another, in arrival order. */
  private readonly queues = new Map<number, Promise<void>>();

  /** What evaluation costs (GET /api/diagnostics/patrol; the patrol benchmark reads it). */
  readonly stats = new PatrolStats();

  constructor(
    private readonly cache: PatrolCache,
    private readonly patrol: PatrolService,
    private readonly log: Logger,
  ) {}

  onStored(ev: Stored): Promise<void> | undefined {
    const started = performance.now();
    this.stats.add(ev.entId, 'reports');
    const ent = this.cache.peek(ev.entId);
    if (ent) {
      const entries = this.step(ev, ent);
      if (entries.length > 0) return this.enqueue(ev, entries, started);
      this.stats.time(ev.entId, performance.now() - started, false);
      return undefined;
    }
    // Not loaded yet (or dropped by a patrol change): wait for it behind the member's earlier reports.
    this.stats.add(ev.entId, 'cacheWaits');
    return this.enqueue(ev, null, started);
  }

  private enqueue(ev: Stored, entries: Entry[] | null, started: number): Promise<void> {
    const job = async () => {
      const found = entries ?? this.step(ev, await this.cache.get(ev.entId));
      for (const e of found) {
        const { checkin } = await this.patrol.checkIn({
          entId: ev.entId,
          userId: ev.userId,
          node: { id: e.nodeId, name: e.name, repeatS: e.repeatS },
          atMs: e.time,
          method: 'gps',
          lng: e.lng,
          lat: e.lat,
        });
        this.stats.add(ev.entId, 'checkins');
        if (checkin.result === 'onTime' || checkin.result === 'early' || checkin.result === 'late') this.stats.add(ev.entId, 'counted');
      }
    };
    const previous = this.queues.get(ev.userId);
    const run = (previous ? previous.then(job) : job())
      .catch((err: unknown) => {
        this.stats.add(ev.entId, 'failures');
        this.log.error({ err, userId: ev.userId }, 'patrol GPS check-in failed');
      })
      .finally(() => this.stats.time(ev.entId, performance.now() - started, true));
    this.queues.set(ev.userId, run);
    void run.then(() => {
      if (this.queues.get(ev.userId) === run) this.queues.delete(ev.userId);
    });
    return run;
  }

  /** The entries of the report's points into the radius of nodes pending in the member's runs. */
  private step(ev: Stored, ent: EntPatrol): Entry[] {
    const runs = ent.byUser.get(ev.userId);
    if (!runs) return [];
    this.stats.add(ev.entId, 'evaluated');
    const points = ev.points.length === 1 ? ev.points : [...ev.points].sort((a, b) => a.time - b.time);
    const entries: Entry[] = [];
    for (const p of points) {
      const seen = new Set<number>();
      for (const run of runs) {
        if (run.plannedStart > p.time) continue;
        for (const stop of run.stops) {
          if (stop.result !== 'pending' || seen.has(stop.nodeId) || p.time > stopLimit(stop, run.lateS)) continue;
          const node = ent.nodes.get(stop.nodeId);
          if (!node?.gps || !node.enabled) continue;
          seen.add(stop.nodeId);
          const key = `${ev.userId}:${stop.nodeId}`;
          const step = entersRadius(this.inside.get(key), p, stop);
          if (this.inside.size >= SIDES_MAX) this.inside.clear();
          this.inside.set(key, step.inside);
          if (step.entered) entries.push({ nodeId: stop.nodeId, name: stop.name, repeatS: node.repeatS, lng: p.lng, lat: p.lat, time: p.time });
        }
      }
    }
    if (entries.length > 0) this.stats.add(ev.entId, 'entries', entries.length);
    return entries;
  }
}
