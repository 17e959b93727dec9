import { distanceMeters, type FenceSchedule } from '@ptt/contracts';
import { boundsOf, stepFence, type FenceRules, type FenceState, type FencePoint } from '../src/fences/fence-rules';

// The pure step of ADR 027 (issue 22, acceptance 1): sides of polygons and circles, their border,
// drift protection, dwell, schedule windows across midnight and in a time zone, older points.

const CENTER = { lng: 116.4, lat: 39.9 };
const IN = { lng: 116.4, lat: 39.9 };
const OUT = { lng: 116.5, lat: 39.9 };
const EDGE = { lng: 116.41, lat: 39.9 }; // on the square's east edge
const square: FenceRules['shape'] = {
  type: 'polygon',
  points: [
    { lng: 116.39, lat: 39.89 },
    { lng: 116.41, lat: 39.89 },
    { lng: 116.41, lat: 39.91 },
    { lng: 116.39, lat: 39.91 },
  ],
};
const fence = (over: Partial<FenceRules> = {}): FenceRules => ({ rule: 'leave', shape: square, dwellS: 0, schedule: null, ...over });

/** Saturday 2026-02-28 21:00 UTC. */
const SAT_21 = Date.parse('2026-02-28T21:00:00Z');
const S = 1_000;

/** Feeds points in order and answers which of them alerted (by index) and the last state. */
function walk(rules: FenceRules, points: (FencePoint | [{ lng: number; lat: number }, number])[], tz = 'UTC', start: FenceState | null = null) {
  let state = start;
  const alerts: number[] = [];
  const changed: boolean[] = [];
  points.forEach((p, i) => {
    const point = Array.isArray(p) ? { ...p[0], time: p[1] } : p;
    const step = stepFence(state, point, rules, tz);
    if (step.alert) alerts.push(i);
    changed.push(step.changed);
    state = step.state;
  });
  return { alerts, changed, state };
}
/** The same place every 5 s from `from`. */
const every5s = (place: { lng: number; lat: number }, from: number, n: number): [{ lng: number; lat: number }, number][] =>
  Array.from({ length: n }, (_, i) => [place, from + i * 5 * S]);

describe('stepFence', () => {
  it('alerts a leave fence when a member is confirmed outside, once per stay, again after coming back', () => {
    const t = SAT_21;
    const r = walk(fence(), [...every5s(IN, t, 2), ...every5s(OUT, t + 10 * S, 3), ...every5s(IN, t + 25 * S, 2), ...every5s(OUT, t + 35 * S, 2)]);
    expect(r.alerts).toEqual([3, 8]);
    expect(r.state).toMatchObject({ inside: false, alerted: true, since: t + 35 * S });
  });

  it('alerts a stay fence when a member is confirmed inside a circle; the circle border is inside', () => {
    const circle: FenceRules['shape'] = { type: 'circle', center: CENTER, radius: 500 };
    expect(walk(fence({ rule: 'stay', shape: circle }), [...every5s(OUT, SAT_21, 2), ...every5s(IN, SAT_21 + 10 * S, 2)]).alerts).toEqual([3]);
    const onBorder = { lng: 116.404, lat: 39.9 };
    const exact: FenceRules['shape'] = { type: 'circle', center: CENTER, radius: distanceMeters(CENTER, onBorder) };
    expect(walk(fence({ rule: 'stay', shape: exact }), every5s(onBorder, SAT_21, 2)).alerts).toEqual([1]);
    expect(walk(fence({ rule: 'leave', shape: exact }), every5s(onBorder, SAT_21, 2)).alerts).toEqual([]);
  });

  it("counts a polygon's edge as inside", () => {
    expect(walk(fence({ rule: 'stay' }), every5s(EDGE, SAT_21, 2)).alerts).toEqual([1]);
    expect(walk(fence({ rule: 'leave' }), [...every5s(IN, SAT_21, 2), ...every5s(EDGE, SAT_21 + 10 * S, 2)]).alerts).toEqual([]);
  });

  it("answers the same with the polygon's extent known (the quick test of far points)", () => {
    const withBounds = fence({ rule: 'stay', bounds: boundsOf(square) });
    expect(withBounds.bounds).toEqual({ minLng: 116.39, maxLng: 116.41, minLat: 39.89, maxLat: 39.91 });
    for (const p of [IN, OUT, EDGE, { lng: 116.39, lat: 39.89 }, { lng: 116.41, lat: 39.9100001 }]) {
      expect([p, walk(withBounds, every5s(p, SAT_21, 2)).alerts]).toEqual([p, walk(fence({ rule: 'stay' }), every5s(p, SAT_21, 2)).alerts]);
    }
    expect(boundsOf({ type: 'circle', center: CENTER, radius: 10 })).toBeUndefined();
  });

  it('needs two points in a row on the new side: one stray point raises nothing and cancels nothing', () => {
    // A first point alone does not make a side known.
    expect(walk(fence(), every5s(OUT, SAT_21, 1))).toMatchObject({ alerts: [], state: { inside: null, pendingInside: false, pendingCount: 1 } });
    const r = walk(fence(), [[IN, SAT_21], [IN, SAT_21 + 5 * S], [OUT, SAT_21 + 10 * S], [IN, SAT_21 + 15 * S], [OUT, SAT_21 + 20 * S], [IN, SAT_21 + 25 * S]]);
    expect(r.alerts).toEqual([]);
    expect(r.state).toMatchObject({ inside: true, since: SAT_21, pendingInside: null, pendingCount: 0 });
    // A stray point back inside does not restart a dwell outside either.
    const dwell = walk(fence({ dwellS: 60 }), [...every5s(OUT, SAT_21, 6), [IN, SAT_21 + 30 * S], ...every5s(OUT, SAT_21 + 35 * S, 6)]);
    expect(dwell.alerts).toEqual([12]); // SAT_21 + 60 s
  });

  it('alerts only once the dwell is reached, counted from the first confirming point', () => {
    const rules = fence({ dwellS: 120 });
    const notYet = walk(rules, [...every5s(IN, SAT_21, 2), ...every5s(OUT, SAT_21 + 10 * S, 24)]); // the last point is 115 s after the first outside
    expect(notYet.alerts).toEqual([]);
    expect(notYet.state).toMatchObject({ inside: false, since: SAT_21 + 10 * S, alerted: false });
    const reached = walk(rules, [[OUT, SAT_21 + 130 * S], [OUT, SAT_21 + 135 * S]], 'UTC', notYet.state);
    expect(reached.alerts).toEqual([0]);
    expect(reached.changed).toEqual([true, false]);
  });

  it('cancels a dwell when the member is confirmed back on the other side before it', () => {
    const r = walk(fence({ dwellS: 60 }), [...every5s(OUT, SAT_21, 6), ...every5s(IN, SAT_21 + 30 * S, 2), ...every5s(OUT, SAT_21 + 40 * S, 12)]);
    // Outside again from +40 s: the dwell ends at +100 s (index 8 + 12 = 20 would be +100 s; the last is +95 s).
    expect(r.alerts).toEqual([]);
    expect(walk(fence({ dwellS: 60 }), [[OUT, SAT_21 + 100 * S]], 'UTC', r.state).alerts).toEqual([0]);
  });

  it('evaluates only inside the schedule, across midnight, and starts afresh in each occurrence', () => {
    const saturdayNight: FenceSchedule = [{ days: [6], start: '22:00', end: '06:00' }];
    const rules = fence({ schedule: saturdayNight });
    // 21:00 to 21:55 on Saturday: off, nothing evaluated (no state at all).
    expect(walk(rules, every5s(OUT, SAT_21, 12))).toMatchObject({ alerts: [], state: null });
    // Sunday 03:00 is in Saturday's window; the member is outside: alerted after two points.
    const sunday3 = Date.parse('2026-03-01T03:00:00Z');
    const night = walk(rules, every5s(OUT, sunday3, 4));
    expect(night.alerts).toEqual([1]);
    expect(night.state?.window).toBe(Date.parse('2026-02-28T22:00:00Z'));
    // Sunday 07:00: off again; points change nothing.
    const sunday7 = Date.parse('2026-03-01T07:00:00Z');
    const off = walk(rules, every5s(OUT, sunday7, 3), 'UTC', night.state);
    expect(off).toMatchObject({ alerts: [], changed: [false, false, false], state: night.state });
    // Next Saturday 22:05: a new occurrence, the member still outside is alerted afresh.
    const next = walk(rules, every5s(OUT, Date.parse('2026-03-07T22:05:00Z'), 3), 'UTC', night.state);
    expect(next.alerts).toEqual([1]);
  });

  it("reads the schedule in the organisation's time zone", () => {
    const office: FenceSchedule = [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }];
    const monday2utc = Date.parse('2026-03-02T02:00:00Z'); // 10:00 in Shanghai, Sunday 21:00 in New York
    expect(walk(fence({ schedule: office }), every5s(OUT, monday2utc, 2), 'Asia/Shanghai').alerts).toEqual([1]);
    expect(walk(fence({ schedule: office }), every5s(OUT, monday2utc, 2), 'America/New_York')).toMatchObject({ alerts: [], state: null });
  });

  it('ignores points not newer than the state', () => {
    const r = walk(fence(), [...every5s(IN, SAT_21 + 60 * S, 2), [OUT, SAT_21], [OUT, SAT_21 + 5 * S], [OUT, SAT_21 + 65 * S]]);
    expect(r.alerts).toEqual([]);
    expect(r.changed).toEqual([true, true, false, false, false]);
    expect(r.state).toMatchObject({ inside: true, at: SAT_21 + 65 * S });
  });

  it('says a point that only moves the time is no change', () => {
    const r = walk(fence(), every5s(IN, SAT_21, 4));
    expect(r.changed).toEqual([true, true, false, false]);
    expect(r.state?.at).toBe(SAT_21 + 15 * S);
  });

  it('alerts a long dwell while the member keeps reporting', () => {
    const r = walk(fence({ rule: 'stay', dwellS: 300 }), every5s(IN, SAT_21, 62));
    expect(r.alerts).toEqual([60]); // +300 s
    expect(r.state).toMatchObject({ since: SAT_21, alerted: true, at: SAT_21 + 305 * S });
  });
});
