import type { MyPatrol } from '@ptt/contracts';
import {
  DEFAULT_WALK,
  checkInFor,
  demoTweaks,
  describeCheckIn,
  expectedResult,
  lateLimitS,
  parsePatrolCommand,
  planRun,
  positionAt,
  type MyRun,
  type NodeInfo,
  type PatrolPlan,
} from '../src/patrol';
import { distanceMetres, move, seededRandom, type Point } from '../src/walk';

// The planning of a guard tour's walk (ADR 029), without a server: when each stop is reached,
// skipped and delayed stops, GPS or a scan, and a walk that enters a node's radius only at its stop.

const CENTER = { lng: 116.397, lat: 39.909 };
const NOW = Date.UTC(2025, 0, 1, 8, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** A run started at `start` with stops at these offsets (s), 200 m apart going east, 30 m radius. */
function run(over: Partial<MyRun> & { offsets?: number[]; start?: number; toleranceS?: number; lateS?: number; places?: Point[] } = {}): MyRun {
  const { offsets = [60, 300, 600, 900], start = NOW, toleranceS = 60, lateS = 900, places, ...rest } = over;
  const nodes = offsets.map((offsetS, seq) => {
    const p = places?.[seq] ?? move(CENTER, 200 * (seq + 1), 0);
    return {
      seq,
      nodeId: 10 + seq,
      name: `Node ${seq}`,
      lng: p.lng,
      lat: p.lat,
      radiusM: 30,
      plannedAt: iso(start + offsetS * 1000),
      toleranceS,
      result: 'pending' as const,
      checkinId: null,
      checkedAt: null,
      checkedBy: null,
    };
  });
  const lastAt = start + offsets.at(-1)! * 1000;
  return {
    id: 5,
    task: { id: 3, name: 'Yard round' },
    order: 'ordered',
    status: 'active',
    source: 'manual',
    startedBy: null,
    plannedStart: iso(start),
    deadline: iso(lastAt + (toleranceS + lateS) * 1000),
    firstCheckin: null,
    lastCheckin: null,
    endedAt: null,
    total: nodes.length,
    onTime: 0,
    early: 0,
    late: 0,
    missed: 0,
    plannedS: offsets.at(-1)! - offsets[0]!,
    actualS: null,
    flag: null,
    nodes,
    ...rest,
  } satisfies MyPatrol[number];
}

/** Every `stepMs` along the plan: where the walker is. */
function samples(plan: PatrolPlan, stepMs = 1000): { t: number; p: Point }[] {
  const out: { t: number; p: Point }[] = [];
  for (let t = plan.path[0]!.t; t <= plan.path.at(-1)!.t; t += stepMs) out.push({ t, p: positionAt(plan.path, t) });
  return out;
}

/** When the walker is first inside a node's radius (sampled each second, plus the arrival instants). */
function firstInside(plan: PatrolPlan, node: Point, radiusM: number): number | null {
  const times = [...samples(plan).map((s) => s.t), ...plan.visits.map((v) => v.arriveAt)].sort((a, b) => a - b);
  return times.find((t) => distanceMetres(positionAt(plan.path, t), node) <= radiusM) ?? null;
}

describe('planning a patrol walk', () => {
  it('reaches each pending stop at its planned time, in route order, stepping inside its radius only then', () => {
    const r = run();
    const plan = planRun(move(CENTER, 120, 0), NOW, r);
    expect(plan.lateS).toBe(900);
    expect(plan.skipped).toEqual([]);
    expect(plan.visits.map((v) => [v.seq, v.arriveAt - NOW, v.expect, v.check.by])).toEqual([
      [0, 60_000, 'onTime', 'gps'],
      [1, 300_000, 'onTime', 'gps'],
      [2, 600_000, 'onTime', 'gps'],
      [3, 900_000, 'onTime', 'gps'],
    ]);
    for (const [i, node] of r.nodes.entries()) {
      // The first point inside the radius is the arrival: nothing earlier counts as the check-in.
      expect(firstInside(plan, node, node.radiusM)).toBe(plan.visits[i]!.arriveAt);
      expect(positionAt(plan.path, plan.visits[i]!.arriveAt)).toEqual({ lng: node.lng, lat: node.lat });
      // Just before, the walker waits outside, close by.
      const before = distanceMetres(positionAt(plan.path, plan.visits[i]!.arriveAt - 1), node);
      expect(before).toBeGreaterThan(node.radiusM);
      expect(before).toBeLessThan(node.radiusM + 20);
    }
    // A guard's pace while there is time: no sample-to-sample move faster than a brisk walk.
    const s = samples(plan, 1000);
    const arrivals = new Set(plan.visits.map((v) => v.arriveAt));
    for (let i = 1; i < s.length; i++) {
      const stepsIn = [...arrivals].some((a) => a > s[i - 1]!.t && a <= s[i]!.t);
      if (!stepsIn) expect(distanceMetres(s[i - 1]!.p, s[i]!.p)).toBeLessThanOrEqual(DEFAULT_WALK.walkMps * 1.01);
    }
  });

  it('leaves skipped stops out, going around their radius, and knows how they will be missed', () => {
    // Stop 1 lies on the straight line from stop 0 to stop 2.
    const r = run({ offsets: [60, 300, 600] });
    const plan = planRun(CENTER, NOW, r, { skip: [1], delays: {} });
    expect(plan.visits.map((v) => v.seq)).toEqual([0, 2]);
    expect(plan.skipped).toEqual([{ seq: 1, nodeId: 11, name: 'Node 1', plannedAt: NOW + 300_000, reason: 'skipped' }]);
    expect(firstInside(plan, r.nodes[1]!, 30)).toBeNull();
    // In a free route a skipped stop is missed when overdue; skipping the last one is too.
    expect(planRun(CENTER, NOW, run({ order: 'free' }), { skip: [1], delays: {} }).skipped[0]!.reason).toBe('overdue');
    expect(planRun(CENTER, NOW, run(), { skip: [3], delays: {} }).skipped[0]!.reason).toBe('overdue');
  });

  it('never enters the circle of another node of the run, or of another open run, on the way', () => {
    // Node 2 lies between the start and node 0; an other run's node lies between nodes 0 and 1.
    const places = [move(CENTER, 400, 0), move(CENTER, 400, 400), move(CENTER, 200, 0)];
    const r = run({ offsets: [300, 900, 1500], places });
    const other = { nodeId: 99, ...move(CENTER, 400, 200), radiusM: 40 };
    const plan = planRun(CENTER, NOW, r, undefined, undefined, undefined, [other]);
    expect(plan.visits.map((v) => v.expect)).toEqual(['onTime', 'onTime', 'onTime']);
    expect(firstInside(plan, places[2]!, 30)).toBe(plan.visits[2]!.arriveAt);
    expect(firstInside(plan, other, 40)).toBeNull();
  });

  it('reaches a delayed stop that many seconds late and says what the server will make of it', () => {
    const r = run({ toleranceS: 60, lateS: 300 });
    const plan = planRun(CENTER, NOW, r, { skip: [], delays: { 1: 30, 2: 200, 3: 400 } });
    expect(plan.visits.map((v) => [v.seq, (v.arriveAt - v.plannedAt) / 1000, v.expect])).toEqual([
      [0, 0, 'onTime'],
      [1, 30, 'onTime'],
      [2, 200, 'late'],
      [3, 400, 'missed'],
    ]);
  });

  it('hurries to a stop whose time has come, and is late when even hurrying is not enough', () => {
    // Started a minute ago: stop 0 is due now, 600 m away; stop 1 (200 m further) in 10 s.
    const r = run({ start: NOW - 60_000, offsets: [60, 70], places: [move(CENTER, 600, 0), move(CENTER, 800, 0)], toleranceS: 30 });
    const plan = planRun(CENTER, NOW, r);
    const [first, second] = plan.visits;
    // 600 m less the radius at 30 m/s: ~19 s, then one more second to step in.
    expect((first!.arriveAt - NOW) / 1000).toBeGreaterThan(18);
    expect((first!.arriveAt - NOW) / 1000).toBeLessThan(22);
    expect(first!.expect).toBe('onTime');
    // Stop 1 comes after stop 0's stay: late, but within the late limit.
    expect(second!.arriveAt).toBeGreaterThan(first!.arriveAt + DEFAULT_WALK.lingerS * 1000);
    expect(second!.expect).toBe('late');
  });

  it('walks only the pending stops of a run under way', () => {
    const r = run();
    r.nodes[0]!.result = 'onTime';
    r.nodes[1]!.result = 'missed';
    expect(planRun(CENTER, NOW, r).visits.map((v) => v.seq)).toEqual([2, 3]);
  });

  it('checks in by GPS where the node takes it, else by scanning its QR code or NFC tag', () => {
    const node = (methods: NodeInfo['methods'], nfcTag: string | null = null): NodeInfo => ({ methods, qrCode: 'QR-1', nfcTag });
    expect(checkInFor(undefined)).toEqual({ by: 'gps' });
    expect(checkInFor(null)).toEqual({ by: 'gps' });
    expect(checkInFor(node(['gps', 'qr']))).toEqual({ by: 'gps' });
    expect(checkInFor(node(['qr']))).toEqual({ by: 'scan', scan: { method: 'qr', code: 'QR-1' } });
    expect(checkInFor(node(['nfc', 'qr'], '04:A2'))).toEqual({ by: 'scan', scan: { method: 'qr', code: 'QR-1' } });
    expect(checkInFor(node(['nfc'], '04:A2'))).toEqual({ by: 'scan', scan: { method: 'nfc', code: '04:A2' } });
    expect(describeCheckIn(checkInFor(node(['qr'])))).toBe('QR scan');

    const plan = planRun(CENTER, NOW, run(), undefined, new Map([[11, node(['qr'])], [12, null]]));
    expect(plan.visits.map((v) => describeCheckIn(v.check))).toEqual(['GPS', 'QR scan', 'GPS', 'GPS']);
  });

  it('judges times as ADR 029 does and reads the late limit from the run', () => {
    const p = NOW;
    expect(expectedResult(p - 61_000, p, 60, 300)).toBe('early');
    expect(expectedResult(p - 60_000, p, 60, 300)).toBe('onTime');
    expect(expectedResult(p + 60_000, p, 60, 300)).toBe('onTime');
    expect(expectedResult(p + 60_001, p, 60, 300)).toBe('late');
    expect(expectedResult(p + 360_000, p, 60, 300)).toBe('late');
    expect(expectedResult(p + 360_001, p, 60, 300)).toBe('missed');
    expect(lateLimitS(run({ toleranceS: 30, lateS: 120 }))).toBe(120);
  });

  it('makes about one demo run in four imperfect: a stop skipped (never the first) or late within the limit', () => {
    const rnd = seededRandom(11);
    const r = run();
    let skips = 0;
    let delays = 0;
    for (let i = 0; i < 400; i++) {
      const t = demoTweaks(r, rnd);
      skips += t.skip.length;
      for (const [seq, s] of Object.entries(t.delays)) {
        delays++;
        expect(Number(seq)).toBeGreaterThan(0);
        expect(expectedResult(NOW + s * 1000, NOW, 60, 900)).toBe('late');
      }
      expect(t.skip).not.toContain(0);
    }
    expect(skips + delays).toBeGreaterThan(70);
    expect(skips + delays).toBeLessThan(130);
    expect(skips).toBeGreaterThan(20);
    expect(delays).toBeGreaterThan(20);
  });
});

describe('the patrol command line', () => {
  it('reads the account, skipped stops and delays', () => {
    expect(parsePatrolCommand(['member1'])).toEqual({ account: 'member1', tweaks: { skip: [], delays: {} } });
    expect(parsePatrolCommand(['member1', '--skip', '1', '--skip=2,3', '--delay', '0:120', '--delay=4:30'])).toEqual({
      account: 'member1',
      tweaks: { skip: [1, 2, 3], delays: { 0: 120, 4: 30 } },
    });
  });

  it.each([
    [[], 'usage: patrol <account>'],
    [['--skip', '1'], 'usage: patrol <account>'],
    [['member1', '--skip'], '--skip needs a value'],
    [['member1', '--skip', 'x'], 'a whole number from 0'],
    [['member1', '--delay', '2'], '--delay must be <seq>:<seconds>'],
    [['member1', '--late', '2'], 'unknown option --late'],
    [['member1', '--skip', '2', '--delay', '2:60'], 'stop 2 cannot be both skipped and delayed'],
  ])('refuses %j', (words, message) => {
    expect(() => parsePatrolCommand(words)).toThrow(message);
  });
});
