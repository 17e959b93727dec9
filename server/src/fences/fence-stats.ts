import { FENCE_LATENCY_BOUNDS_MS, type FenceEvaluationStats } from '@ptt/contracts';

type Counter = 'reports' | 'evaluations' | 'alerts' | 'stateReads' | 'stateWrites' | 'conflicts' | 'failures';

interface EntStats extends Record<Counter, number> {
  latency: Uint32Array;
  databaseLatency: Uint32Array;
}

/** The bucket of FENCE_LATENCY_BOUNDS_MS holding `ms`: the first bound >= ms, or the overflow one. */
export function bucketOf(ms: number): number {
  const bounds = FENCE_LATENCY_BOUNDS_MS;
  let lo = 0;
  let hi = bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bounds[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const histogram = (counts: Uint32Array) => ({ boundsMs: [...FENCE_LATENCY_BOUNDS_MS], counts: [...counts] });

/**
 * What fence evaluation costs on this node, per organisation (so the diagnostics answer shows a
 * caller nothing of other tenants): counters and a fixed-bucket histogram of the time a report
 * adds, which costs an array increment per report and can be diffed between two readings.
 */
export class FenceStats {
  private readonly byEnt = new Map<number, EntStats>();
  private readonly since = new Date().toISOString();

  add(entId: number, counter: Counter, n = 1): void {
    this.of(entId)[counter] += n;
  }

  /** A report's evaluation took `ms`; `waited` if it read or wrote states in the database. */
  time(entId: number, ms: number, waited: boolean): void {
    const s = this.of(entId);
    const bucket = bucketOf(ms);
    s.latency[bucket]! += 1;
    if (waited) s.databaseLatency[bucket]! += 1;
  }

  read(entId: number): FenceEvaluationStats {
    const { latency, databaseLatency, ...counters } = this.of(entId);
    return { since: this.since, ...counters, latency: histogram(latency), databaseLatency: histogram(databaseLatency) };
  }

  private of(entId: number): EntStats {
    let s = this.byEnt.get(entId);
    if (!s) {
      const buckets = FENCE_LATENCY_BOUNDS_MS.length + 1;
      s = { reports: 0, evaluations: 0, alerts: 0, stateReads: 0, stateWrites: 0, conflicts: 0, failures: 0, latency: new Uint32Array(buckets), databaseLatency: new Uint32Array(buckets) };
      this.byEnt.set(entId, s);
    }
    return s;
  }
}
