import { FENCE_LATENCY_BOUNDS_MS } from '@ptt/contracts';
import { z } from 'zod';
import { bucketOf } from '../fences/fence-stats';

// Kept in the server rather than in the contracts: only the benchmark and operators read it.
const histogramSchema = z.object({ boundsMs: z.array(z.number()), counts: z.array(z.number().int().nonnegative()) });
const count = () => z.number().int().nonnegative();

/**
 * `GET /api/diagnostics/patrol`: GPS patrol evaluation of the caller's organisation on the node
 * that answers, counted since it started. `latency` is the time from a report being stored to the
 * end of its patrol evaluation (check-in writes and frames included), in the buckets of the fence
 * histogram (FENCE_LATENCY_BOUNDS_MS, one more for above the last).
 */
export const patrolEvaluationStatsSchema = z.object({
  /** When this node started counting (ISO). */
  since: z.string(),
  /** Stored reports seen ('location.stored'), on a run or not. */
  reports: count(),
  /** Reports of members with an active run, stepped against its pending stops. */
  evaluated: count(),
  /** Reports that waited for the organisation's active runs to load (none here yet, or dropped by a patrol change). */
  cacheWaits: count(),
  /** Points entering the radius of a pending stop's node (each is judged as a check-in). */
  entries: count(),
  /** Check-ins stored from those entries, and of them the ones that settled a stop (on time, early, late). */
  checkins: count(),
  counted: count(),
  /** Reports whose evaluation failed (a database error); the error log says why. */
  failures: count(),
  latency: histogramSchema,
  /** The same for the reports evaluated the asynchronous way (a check-in to write, the runs
   *  loading, or an earlier report of the member still being judged). */
  waitedLatency: histogramSchema,
});
export type PatrolEvaluationStats = z.infer<typeof patrolEvaluationStatsSchema>;

type Counter = 'reports' | 'evaluated' | 'cacheWaits' | 'entries' | 'checkins' | 'counted' | 'failures';

interface EntStats extends Record<Counter, number> {
  latency: Uint32Array;
  waitedLatency: Uint32Array;
}

const histogram = (counts: Uint32Array) => ({ boundsMs: [...FENCE_LATENCY_BOUNDS_MS], counts: [...counts] });

/**
 * What GPS patrol evaluation costs on this node, per organisation (a caller sees nothing of other
 * tenants). Like FenceStats: counters and a fixed-bucket histogram, an array increment per report,
 * diffable between two readings.
 */
export class PatrolStats {
  private readonly byEnt = new Map<number, EntStats>();
  private readonly since = new Date().toISOString();

  add(entId: number, counter: Counter, n = 1): void {
    this.of(entId)[counter] += n;
  }

  /** A report's evaluation took `ms`; `waited` if it was not finished in the turn that stored it. */
  time(entId: number, ms: number, waited: boolean): void {
    const s = this.of(entId);
    const bucket = bucketOf(ms);
    s.latency[bucket]! += 1;
    if (waited) s.waitedLatency[bucket]! += 1;
  }

  read(entId: number): PatrolEvaluationStats {
    const { latency, waitedLatency, ...counters } = this.of(entId);
    return { since: this.since, ...counters, latency: histogram(latency), waitedLatency: histogram(waitedLatency) };
  }

  private of(entId: number): EntStats {
    let s = this.byEnt.get(entId);
    if (!s) {
      const buckets = FENCE_LATENCY_BOUNDS_MS.length + 1;
      s = { reports: 0, evaluated: 0, cacheWaits: 0, entries: 0, checkins: 0, counted: 0, failures: 0, latency: new Uint32Array(buckets), waitedLatency: new Uint32Array(buckets) };
      this.byEnt.set(entId, s);
    }
    return s;
  }
}
