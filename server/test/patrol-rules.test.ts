import fc from 'fast-check';
import { startsBetween } from '@ptt/contracts';
import { distanceM, entersRadius, isRepeat, overdueStops, runOutcome, settle, stopLimit, timingOf, type RuleRun, type RuleStop } from '../src/patrol/patrol-rules';

// The pure judging of ADR 029 (issue 24, acceptance 1): order modes, tolerance windows, missed,
// early, late, schedules across midnight and in time zones, GPS radius entry, repeat interval.

const T0 = Date.UTC(2026, 2, 2, 8, 0, 0);
const S = 1000;

function run(order: RuleRun['order'], offsets: number[], over: Partial<RuleRun> = {}, nodes?: number[]): RuleRun {
  const stops: RuleStop[] = offsets.map((o, i) => ({ seq: i, nodeId: nodes?.[i] ?? i + 1, plannedAt: T0 + o * S, toleranceS: 60, result: 'pending' }));
  return { id: 1, order, plannedStart: T0, lateS: 120, stops, ...over };
}

describe('timing windows', () => {
  const stop = { plannedAt: T0, toleranceS: 60 };
  it('is early before p - T, on time in [p - T, p + T], late up to p + T + L, then nothing', () => {
    expect(timingOf(stop, 120, T0 - 61 * S)).toBe('early');
    expect(timingOf(stop, 120, T0 - 60 * S)).toBe('onTime');
    expect(timingOf(stop, 120, T0)).toBe('onTime');
    expect(timingOf(stop, 120, T0 + 60 * S)).toBe('onTime');
    expect(timingOf(stop, 120, T0 + 60 * S + 1)).toBe('late');
    expect(timingOf(stop, 120, T0 + 180 * S)).toBe('late');
    expect(timingOf(stop, 120, T0 + 180 * S + 1)).toBeNull();
    expect(stopLimit(stop, 120)).toBe(T0 + 180 * S);
  });

  it('orders the windows for any tolerance and late limit (property)', () => {
    const rank = { early: 0, onTime: 1, late: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7200 }), fc.integer({ min: 0, max: 14400 }), fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (tol, late, a, d) => {
        const s = { plannedAt: T0, toleranceS: tol };
        const x = timingOf(s, late, T0 + a * S);
        const y = timingOf(s, late, T0 + (a + d) * S);
        // Later is never judged earlier; past the limit stays past it.
        if (x === null) return y === null;
        return y === null || rank[y] >= rank[x];
      }),
    );
  });
});

describe('which stop a check-in settles', () => {
  it('ordered: the first waiting stop of the node; earlier pending ones are skipped', () => {
    const r = run('ordered', [0, 120, 240, 360]);
    expect(settle([r], 3, T0 + 170 * S)).toEqual({ runId: 1, seq: 2, result: 'early', missed: [{ seq: 0, reason: 'skipped' }, { seq: 1, reason: 'skipped' }] });
  });

  it('ordered: a stop already past its limit counts as overdue, not skipped', () => {
    const r = run('ordered', [0, 600], {}, [1, 2]);
    expect(settle([r], 2, T0 + 600 * S)?.missed).toEqual([{ seq: 0, reason: 'overdue' }]);
  });

  it('ordered: a node twice on the route takes the first waiting one', () => {
    const r = run('ordered', [0, 120, 240], {}, [7, 8, 7]);
    expect(settle([r], 7, T0)).toMatchObject({ seq: 0, result: 'onTime', missed: [] });
    const done: RuleRun = { ...r, stops: r.stops.map((s) => (s.seq === 0 ? { ...s, result: 'onTime' } : s)) };
    expect(settle([done], 7, T0 + 240 * S)).toMatchObject({ seq: 2, missed: [{ seq: 1, reason: 'skipped' }] });
  });

  it('free: the waiting stop of the node planned nearest; nothing skipped', () => {
    const r = run('free', [0, 120, 240], {}, [7, 8, 7]);
    expect(settle([r], 7, T0 + 200 * S)).toEqual({ runId: 1, seq: 2, result: 'onTime', missed: [] });
    expect(settle([r], 8, T0 + 10 * S)).toEqual({ runId: 1, seq: 1, result: 'early', missed: [] });
  });

  it('early and late in a run', () => {
    const r = run('free', [0, 600]);
    expect(settle([r], 2, T0 + 100 * S)?.result).toBe('early');
    expect(settle([r], 1, T0 + 100 * S)?.result).toBe('late');
    // Past the late limit the stop waits no more: nothing takes the check-in.
    expect(settle([r], 1, T0 + 181 * S)).toBeNull();
  });

  it('the earliest planned active run with the node waiting takes it; runs not yet started do not', () => {
    const a = run('ordered', [0, 120], { id: 5, plannedStart: T0 });
    const b = { ...run('ordered', [0, 120], { id: 4, plannedStart: T0 + 30 * S }), stops: a.stops.map((s) => ({ ...s, plannedAt: s.plannedAt + 30 * S })) };
    expect(settle([b, a], 1, T0 + 40 * S)?.runId).toBe(5);
    const aDone: RuleRun = { ...a, stops: a.stops.map((s) => ({ ...s, result: 'onTime' })) };
    expect(settle([b, aDone], 1, T0 + 40 * S)?.runId).toBe(4);
    expect(settle([b], 1, T0 + 10 * S)).toBeNull();
    expect(settle([a], 99, T0)).toBeNull();
  });

  it('settles only pending stops and never skips in free order (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'ordered' | 'free'>('ordered', 'free'),
        fc.array(fc.record({ node: fc.integer({ min: 1, max: 4 }), gap: fc.integer({ min: 0, max: 600 }), done: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 5000 }),
        (order, legs, node, at) => {
          let offset = 0;
          const stops: RuleStop[] = legs.map((l, i) => {
            offset += l.gap;
            return { seq: i, nodeId: l.node, plannedAt: T0 + offset * S, toleranceS: 60, result: l.done ? 'onTime' : 'pending' };
          });
          const r: RuleRun = { id: 1, order, plannedStart: T0, lateS: 120, stops };
          const s = settle([r], node, T0 + at * S);
          if (!s) return true;
          const stop = stops[s.seq]!;
          if (stop.result !== 'pending' || stop.nodeId !== node) return false;
          if (order === 'free') return s.missed.length === 0;
          return s.missed.every((m) => m.seq < s.seq && stops[m.seq]!.result === 'pending');
        },
      ),
    );
  });
});

describe('repeat interval', () => {
  it('counts again only after repeatS', () => {
    expect(isRepeat(null, T0, 300)).toBe(false);
    expect(isRepeat(T0, T0 + 299 * S, 300)).toBe(true);
    expect(isRepeat(T0, T0 + 300 * S, 300)).toBe(false);
    expect(isRepeat(T0, T0 + 1, 0)).toBe(false);
  });
});

describe('overdue and run end', () => {
  it('finds pending stops past their limit', () => {
    const r = run('ordered', [0, 120]);
    expect(overdueStops(r, T0 + 180 * S)).toEqual([]);
    expect(overdueStops(r, T0 + 181 * S).map((s) => s.seq)).toEqual([0]);
  });

  it('ends complete, incomplete or missed, and flags spans far from the plan', () => {
    expect(runOutcome(['onTime', 'pending'], T0, T0, 600).status).toBe('active');
    expect(runOutcome(['onTime', 'late'], T0, T0 + 600 * S, 600)).toEqual({ status: 'complete', actualS: 600, flag: null });
    expect(runOutcome(['onTime', 'missed'], T0, T0, 600)).toEqual({ status: 'incomplete', actualS: 0, flag: null });
    expect(runOutcome(['missed', 'missed'], null, null, 600)).toEqual({ status: 'missed', actualS: null, flag: null });
    expect(runOutcome(['onTime', 'early'], T0, T0 + 200 * S, 600).flag).toBe('short');
    expect(runOutcome(['onTime', 'late'], T0, T0 + 901 * S, 600).flag).toBe('long');
    // Planned spans under 5 minutes are not judged.
    expect(runOutcome(['onTime', 'early'], T0, T0 + 1 * S, 299).flag).toBeNull();
  });
});

describe('GPS radius entry', () => {
  const node = { lng: 116.397, lat: 39.909, radiusM: 30 };
  const north = (m: number) => ({ lng: node.lng, lat: node.lat + m / 111_195 });

  it('measures metres', () => {
    expect(distanceM(node, north(100))).toBeCloseTo(100, 0);
  });

  it('enters on the first point inside, or on one inside after one outside; staying inside does not enter again', () => {
    expect(entersRadius(undefined, north(10), node)).toEqual({ inside: true, entered: true });
    expect(entersRadius(false, north(29), node)).toEqual({ inside: true, entered: true });
    expect(entersRadius(true, north(5), node)).toEqual({ inside: true, entered: false });
    expect(entersRadius(true, north(31), node)).toEqual({ inside: false, entered: false });
    expect(entersRadius(undefined, north(31), node).entered).toBe(false);
  });
});

describe('schedules (startsBetween)', () => {
  it('reads start times in the organisation zone, across midnight', () => {
    // Monday 2026-03-02: 23:30 and 00:15 Shanghai (UTC+8) are 15:30 and 16:15 UTC.
    const schedule = { days: [1], starts: ['23:30', '00:15'] };
    const from = Date.UTC(2026, 2, 1, 0, 0);
    const to = Date.UTC(2026, 2, 3, 0, 0);
    expect(startsBetween(schedule, 'Asia/Shanghai', from, to).map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-03-01T16:15:00.000Z', // Monday 00:15 local
      '2026-03-02T15:30:00.000Z', // Monday 23:30 local
    ]);
    expect(startsBetween(schedule, 'UTC', from, to).map((ms) => new Date(ms).toISOString())).toEqual(['2026-03-02T00:15:00.000Z', '2026-03-02T23:30:00.000Z']);
  });

  it('a start in the 10-minute window is made once per window, whatever the zone (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'), fc.integer({ min: 0, max: 7 * 24 * 60 }), (zone, minute) => {
        const schedule = { days: [0, 1, 2, 3, 4, 5, 6], starts: ['00:00', '00:30'] };
        const at = Date.UTC(2026, 0, 5) + minute * 60_000;
        const starts = startsBetween(schedule, zone, at - 600_000, at + 1);
        return starts.length <= 1 && starts.every((s) => s <= at && s > at - 600_001);
      }),
    );
  });
});
