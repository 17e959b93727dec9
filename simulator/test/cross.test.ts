import { FENCE_CONFIRM_POINTS, distanceMeters, type FenceRule, type FenceShape } from '@ptt/contracts';
import { holdPointsFor, onAlertingSide, planCross, type CrossOptions } from '../src/cross';
import { move, seededRandom, type Point } from '../src/walk';

const CENTER = { lng: 116.397, lat: 39.909 };
const CIRCLE: FenceShape = { type: 'circle', center: CENTER, radius: 2600 };
const SMALL_CIRCLE: FenceShape = { type: 'circle', center: CENTER, radius: 8 };
// An L-shaped yard (concave), about 600 x 600 m.
const YARD: FenceShape = {
  type: 'polygon',
  points: [
    { lng: 116.39, lat: 39.9 },
    { lng: 116.397, lat: 39.9 },
    { lng: 116.397, lat: 39.9027 },
    { lng: 116.3935, lat: 39.9027 },
    { lng: 116.3935, lat: 39.9054 },
    { lng: 116.39, lat: 39.9054 },
  ],
};
const OPTIONS: CrossOptions = { stepM: 75, maxApproachPoints: 12, holdPoints: holdPointsFor(0, 5000) };

/** What the server will see: the member's side for each point. */
const sides = (points: Point[], rule: FenceRule, shape: FenceShape) => points.map((p) => (onAlertingSide(p, rule, shape) ? 'alert' : 'safe'));

function expectCrossing(start: Point, rule: FenceRule, shape: FenceShape, o = OPTIONS) {
  const plan = planCross(start, rule, shape, o);
  const seen = sides(plan.points, rule, shape);
  // It ends on the alerting side, for the whole hold.
  expect(seen.slice(plan.alertingFrom)).toEqual(Array(o.holdPoints).fill('alert'));
  expect(plan.points.length - plan.alertingFrom).toBe(o.holdPoints);
  // The server knew the member on the safe side just before: two points in a row (drift rule).
  expect(seen.slice(plan.alertingFrom - FENCE_CONFIRM_POINTS, plan.alertingFrom)).toEqual(Array(FENCE_CONFIRM_POINTS).fill('safe'));
  // A start on the safe side is not alerted on the way there.
  if (!onAlertingSide(start, rule, shape)) expect(seen.slice(0, plan.alertingFrom)).not.toContain('alert');
  // A walk, not a jump: the approach in bounded steps, the crossing itself short.
  expect(plan.alertingFrom).toBeLessThanOrEqual(o.maxApproachPoints + FENCE_CONFIRM_POINTS - 1);
  const crossing = distanceMeters(plan.points[plan.alertingFrom - 1]!, plan.points[plan.alertingFrom]!);
  expect(crossing).toBeLessThanOrEqual(61);
  return plan;
}

describe('cross: the walk over a fence edge', () => {
  it("walks out of a 'leave' circle and into a 'stay' circle, from inside and from outside", () => {
    const inside = move(CENTER, 500, 300);
    const outside = move(CENTER, -2000, 2500);
    for (const start of [inside, outside]) {
      expectCrossing(start, 'leave', CIRCLE);
      expectCrossing(start, 'stay', CIRCLE);
    }
  });

  it('crosses the nearest part of the edge, in steps of the given length', () => {
    const start = move(CENTER, 0, 2000);
    const plan = expectCrossing(start, 'leave', CIRCLE);
    // 600 m north to the edge less 30 m: 8 steps of at most 75 m.
    expect(plan.alertingFrom).toBe(8 + FENCE_CONFIRM_POINTS - 1);
    const last = plan.points[plan.points.length - 1]!;
    expect(distanceMeters(last, CENTER)).toBeCloseTo(2630, -1);
    expect(last.lng).toBeCloseTo(CENTER.lng, 4);
  });

  it('makes longer steps rather than a long walk when the fence is far away', () => {
    const start = move(CENTER, 0, 20_000);
    const plan = expectCrossing(start, 'stay', CIRCLE);
    expect(plan.alertingFrom).toBe(OPTIONS.maxApproachPoints + FENCE_CONFIRM_POINTS - 1);
  });

  it("handles the start exactly at the circle's centre and a circle of a few metres", () => {
    expectCrossing(CENTER, 'leave', CIRCLE);
    expectCrossing(move(CENTER, 1, 1), 'stay', SMALL_CIRCLE);
    expectCrossing(move(CENTER, 100, 0), 'stay', SMALL_CIRCLE);
    expectCrossing(CENTER, 'leave', SMALL_CIRCLE);
  });

  it('crosses a concave polygon either way, from inside the notch, inside the yard and on its edge', () => {
    const notch = { lng: 116.3955, lat: 39.904 };
    const inYard = { lng: 116.3915, lat: 39.9045 };
    const onEdge = { lng: 116.395, lat: 39.9 };
    for (const start of [notch, inYard, onEdge]) {
      expectCrossing(start, 'stay', YARD);
      expectCrossing(start, 'leave', YARD);
    }
  });

  it('ends on the alerting side from many random starts, for both shapes and both rules', () => {
    const rnd = seededRandom(22);
    for (let i = 0; i < 200; i++) {
      const start = move(CENTER, (rnd() - 0.5) * 8000, (rnd() - 0.5) * 8000);
      const shape = i % 2 === 0 ? CIRCLE : YARD;
      expectCrossing(start, i % 4 < 2 ? 'leave' : 'stay', shape);
    }
  });

  it('holds long enough for the dwell: one point per interval past it, the confirmation and a spare', () => {
    expect(holdPointsFor(0, 5000)).toBe(3);
    expect(holdPointsFor(30, 5000)).toBe(9);
    expect(holdPointsFor(31, 5000)).toBe(10);
    const plan = expectCrossing(move(CENTER, 0, 100), 'stay', YARD, { ...OPTIONS, holdPoints: holdPointsFor(60, 1000) });
    expect(plan.points.length - plan.alertingFrom).toBe(63);
  });
});
