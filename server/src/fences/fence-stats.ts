import { FENCE_LATENCY_BOUNDS_MS, type FenceEvaluationStats } from '@ptt/contracts';

type Counter = 'reports' | 'evaluations' | 'alerts' | 'stateReads' | 'stateWrites' | 'conflicts' | 'failures';

interface EntStats extends Record<Counter, number> {
  latency: Uint32Array;
}

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

  /** A report's evaluation took `ms`. */
  time(entId: number, ms: number): void {
    const bounds = FENCE_LATENCY_BOUNDS_MS;
    // Binary search for the first bound >= ms; past the last bound: the overflow bucket.
    let lo = 0;
    let hi = bounds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bounds[mid]! < ms) lo = mid + 1;
      else hi = mid;
    }
    this.of(entId).latency[lo]! += 1;
  }

  read(entId: number): FenceEvaluationStats {
    const s = this.of(entId);
    const { latency, ...counters } = s;
    return { since: this.since, ...counters, latency: { boundsMs: [...FENCE_LATENCY_BOUNDS_MS], counts: [...latency] } };
  }

  private of(entId: number): EntStats {
    let s = this.byEnt.get(entId);
    if (!s) {
      s = { reports: 0, evaluations: 0, alerts: 0, stateReads: 0, stateWrites: 0, conflicts: 0, failures: 0, latency: new Uint32Array(FENCE_LATENCY_BOUNDS_MS.length + 1) };
      this.byEnt.set(entId, s);
    }
    return s;
  }
}
