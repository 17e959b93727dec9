import type { MyPatrol, PatrolMethod, PatrolNodeResult } from '@ptt/contracts';
import { distanceMetres, move, offsetMetres, type Point, type Random } from './walk';

// Walking a guard tour (ADR 029): the plan of one member's open run, without a server. Each stop
// still pending is reached at its planned time (offset after the run's planned start) plus any
// delay asked for, in route order; skipped stops are left alone. The server judges check-ins from
// the stored positions (GPS: the first point inside the node's radius) or from a scan (QR, NFC),
// so the walk stays just outside a stop's radius until its arrival time and steps in then, and it
// goes around the circles of the run's other nodes, which would otherwise count on the way.

export type MyRun = MyPatrol[number];
export type RunStop = MyRun['nodes'][number];

/** What the console knows of a node and a member does not (`GET /api/patrol/nodes/:id`, staff). */
export interface NodeInfo {
  methods: PatrolMethod[];
  qrCode: string;
  nfcTag: string | null;
}

/** How a stop is checked in: by entering its radius, or by a scan sent on the device's patrol topic. */
export type CheckIn = { by: 'gps' } | { by: 'scan'; scan: { method: 'qr' | 'nfc'; code: string } };

/**
 * GPS wherever the node takes it (walking in is the check-in), else a QR scan, else an NFC scan.
 * Without the node's details (a member cannot read nodes) GPS is the only way we have.
 */
export function checkInFor(info: NodeInfo | null | undefined): CheckIn {
  if (!info || info.methods.includes('gps')) return { by: 'gps' };
  if (info.methods.includes('qr') && info.qrCode) return { by: 'scan', scan: { method: 'qr', code: info.qrCode } };
  if (info.methods.includes('nfc') && info.nfcTag) return { by: 'scan', scan: { method: 'nfc', code: info.nfcTag } };
  return { by: 'gps' };
}

export const describeCheckIn = (c: CheckIn): string => (c.by === 'gps' ? 'GPS' : `${c.scan.method === 'qr' ? 'QR' : 'NFC'} scan`);

/** Stops to leave out and stops to reach late (seq of the run's nodes, from 0 -> seconds late). */
export interface PatrolTweaks {
  skip: readonly number[];
  delays: Readonly<Record<number, number>>;
}

export const NO_TWEAKS: PatrolTweaks = { skip: [], delays: {} };

export interface PatrolWalkOptions {
  /** A guard's pace, m/s; faster (up to `hurryMps`) when the time to the next stop is short. */
  walkMps: number;
  hurryMps: number;
  /** Seconds spent at a stop after checking in. */
  lingerS: number;
  /** Seconds waited just outside a stop's radius before stepping in at its time. */
  waitS: number;
}

export const DEFAULT_WALK: PatrolWalkOptions = { walkMps: 1.5, hurryMps: 30, lingerS: 20, waitS: 10 };

/** What the server should make of a stop, by when it is reached. */
export type Expected = Extract<PatrolNodeResult, 'onTime' | 'early' | 'late' | 'missed'>;

export interface PlannedVisit {
  seq: number;
  nodeId: number;
  name: string;
  point: Point;
  radiusM: number;
  plannedAt: number;
  toleranceS: number;
  /** When the walk steps inside the radius (and a scan is sent), ms. */
  arriveAt: number;
  check: CheckIn;
  expect: Expected;
}

export interface SkippedStop {
  seq: number;
  nodeId: number;
  name: string;
  plannedAt: number;
  /** 'skipped' when a later stop of an ordered run is checked in; else missed once overdue. */
  reason: 'skipped' | 'overdue';
}

/** A point of a timed walk; `step`: stand at the previous point until `t`, then be here (no walking in between). */
export interface TimedPoint {
  t: number;
  p: Point;
  step?: boolean;
}

export interface PatrolPlan {
  runId: number;
  visits: PlannedVisit[];
  skipped: SkippedStop[];
  /** The walk, ms in time order; before the first point the walker is at the first, after the last at the last. */
  path: TimedPoint[];
  /** The run's late limit (after the tolerance), seconds: from its deadline. */
  lateS: number;
}

/** The run's late limit: its deadline is the last stop's planned time plus tolerance plus the late limit. */
export function lateLimitS(run: MyRun): number {
  const last = [...run.nodes].sort((a, b) => a.seq - b.seq).at(-1);
  if (!last) return 0;
  return Math.max(0, Math.round((Date.parse(run.deadline) - Date.parse(last.plannedAt)) / 1000) - last.toleranceS);
}

/** The judgement ADR 029 gives a check-in at `at` for a stop planned at `plannedAt`. */
export function expectedResult(at: number, plannedAt: number, toleranceS: number, lateS: number): Expected {
  if (at < plannedAt - toleranceS * 1000) return 'early';
  if (at <= plannedAt + toleranceS * 1000) return 'onTime';
  if (at <= plannedAt + (toleranceS + lateS) * 1000) return 'late';
  return 'missed';
}

/** The stops still pending, in route order. */
export const pendingStops = (run: MyRun): RunStop[] => run.nodes.filter((n) => n.result === 'pending').sort((a, b) => a.seq - b.seq);

interface Xy {
  x: number;
  y: number;
}

interface Circle {
  c: Xy;
  r: number;
}

/** Metres kept clear of a circle that must not be entered, and beyond a stop's radius while waiting. */
const CLEAR_M = 8;

/**
 * Waypoints from `a` to `b` that keep out of `circles` (a few detours at most: a point beside each
 * circle in the way, on the side the line passes it). Plane metres around the walk's start.
 */
function around(a: Xy, b: Xy, circles: readonly Circle[], depth = 0): Xy[] {
  if (depth > 4) return [b];
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const len2 = abx * abx + aby * aby;
  let worst: { circle: Circle; closest: Xy; along: number } | null = null;
  for (const circle of circles) {
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((circle.c.x - a.x) * abx + (circle.c.y - a.y) * aby) / len2));
    const closest = { x: a.x + abx * t, y: a.y + aby * t };
    const d = Math.hypot(closest.x - circle.c.x, closest.y - circle.c.y);
    // The ends themselves are where they are: only what lies between is avoided.
    if (d >= circle.r || t === 0 || t === 1) continue;
    if (!worst || t < worst.along) worst = { circle, closest, along: t };
  }
  if (!worst) return [b];
  const { circle, closest } = worst;
  let nx = closest.x - circle.c.x;
  let ny = closest.y - circle.c.y;
  let n = Math.hypot(nx, ny);
  if (n < 1e-6) {
    // Straight through the middle: pass on the left.
    nx = -aby;
    ny = abx;
    n = Math.hypot(nx, ny) || 1;
  }
  // Far enough out that both legs to the detour point clear the circle (a square's corner distance).
  const out = circle.r * Math.SQRT2 + CLEAR_M;
  const w = { x: circle.c.x + (nx / n) * out, y: circle.c.y + (ny / n) * out };
  return [...around(a, w, circles, depth + 1), ...around(w, b, circles, depth + 1)];
}

/**
 * The walk of one run from `from` at `now`: each pending stop not skipped is reached at its planned
 * time plus its delay (or as soon as the guard can get there, hurrying, when that is already past),
 * after waiting just outside its radius; a stop is left after `lingerS`. `info` gives the nodes'
 * check-in methods (absent: GPS). `avoid`: other nodes of the member's open runs, not to be entered.
 */
export function planRun(
  from: Point,
  now: number,
  run: MyRun,
  tweaks: PatrolTweaks = NO_TWEAKS,
  info: ReadonlyMap<number, NodeInfo | null> = new Map(),
  o: PatrolWalkOptions = DEFAULT_WALK,
  avoid: readonly { nodeId: number; lng: number; lat: number; radiusM: number }[] = [],
): PatrolPlan {
  const toXy = (p: Point): Xy => {
    const { east, north } = offsetMetres(from, p);
    return { x: east, y: north };
  };
  const toPoint = (v: Xy): Point => move(from, v.x, v.y);
  const lateS = lateLimitS(run);
  const stops = pendingStops(run);
  const skip = new Set(tweaks.skip);
  const visits: PlannedVisit[] = [];
  const skipped: SkippedStop[] = [];
  const path: TimedPoint[] = [{ t: now, p: from }];
  let at: Xy = { x: 0, y: 0 };
  let free = now;

  const allNodes = [...run.nodes, ...avoid];
  for (const stop of stops) {
    const plannedAt = Date.parse(stop.plannedAt);
    if (skip.has(stop.seq)) {
      skipped.push({ seq: stop.seq, nodeId: stop.nodeId, name: stop.name, plannedAt, reason: 'overdue' });
      continue;
    }
    const c = toXy(stop);
    // Where to wait: just outside the radius, on the side the guard comes from.
    const dx = at.x - c.x;
    const dy = at.y - c.y;
    const dn = Math.hypot(dx, dy);
    const edge = stop.radiusM + CLEAR_M;
    const wait = dn < 1e-6 ? { x: c.x, y: c.y + edge } : { x: c.x + (dx / dn) * edge, y: c.y + (dy / dn) * edge };
    // Keep out of every other node's circle on the way (the same node's too: it is entered at the end only).
    const circles = allNodes
      .filter((n) => !(n.lng === stop.lng && n.lat === stop.lat))
      .map((n) => ({ c: toXy(n), r: n.radiusM + CLEAR_M }))
      .filter((k) => Math.hypot(k.c.x - at.x, k.c.y - at.y) > k.r && Math.hypot(k.c.x - wait.x, k.c.y - wait.y) > k.r);
    const legs = around(at, wait, circles);
    let metres = 0;
    let prev = at;
    for (const p of legs) {
      metres += Math.hypot(p.x - prev.x, p.y - prev.y);
      prev = p;
    }
    const target = plannedAt + Math.round((tweaks.delays[stop.seq] ?? 0) * 1000);
    const waitMs = o.waitS * 1000;
    // Reach the waiting point `waitS` before the target at a walking pace, leaving no earlier than free.
    const walkMs = (metres / o.walkMps) * 1000;
    let depart = Math.max(free, target - waitMs - walkMs);
    let travelMs = walkMs;
    if (depart + travelMs > target - waitMs) {
      // Short of time: hurry, but no faster than hurryMps.
      depart = free;
      travelMs = Math.max((metres / o.hurryMps) * 1000, target - waitMs - free);
    }
    const reached = depart + travelMs;
    // At least a moment outside (up to a second) before stepping in: the point before the entry is outside.
    const arriveAt = Math.max(target, Math.ceil(reached) + Math.min(1000, waitMs));
    if (depart > path.at(-1)!.t) path.push({ t: depart, p: toPoint(at) });
    let walked = 0;
    prev = at;
    for (const p of legs) {
      walked += Math.hypot(p.x - prev.x, p.y - prev.y);
      prev = p;
      path.push({ t: metres === 0 ? reached : depart + (travelMs * walked) / metres, p: toPoint(p) });
    }
    path.push({ t: arriveAt, p: stop, step: true });
    free = arriveAt + o.lingerS * 1000;
    path.push({ t: free, p: stop });
    at = c;
    visits.push({
      seq: stop.seq,
      nodeId: stop.nodeId,
      name: stop.name,
      point: { lng: stop.lng, lat: stop.lat },
      radiusM: stop.radiusM,
      plannedAt,
      toleranceS: stop.toleranceS,
      arriveAt,
      check: checkInFor(info.get(stop.nodeId)),
      expect: expectedResult(arriveAt, plannedAt, stop.toleranceS, lateS),
    });
  }
  // In an ordered route, a skipped stop before a visited one is missed at that check-in.
  if (run.order === 'ordered') {
    const lastVisited = visits.at(-1)?.seq ?? -1;
    for (const s of skipped) if (s.seq < lastVisited) s.reason = 'skipped';
  }
  return { runId: run.id, visits, skipped, path, lateS };
}

/** Where the walk is at `t` (between two points: along the line, or still at the first before a step). */
export function positionAt(path: readonly TimedPoint[], t: number): Point {
  if (path.length === 0) throw new Error('empty path');
  if (t <= path[0]!.t) return path[0]!.p;
  for (let i = 1; i < path.length; i++) {
    const b = path[i]!;
    if (t >= b.t) continue;
    const a = path[i - 1]!;
    if (b.step || b.t <= a.t) return a.p;
    const k = (t - a.t) / (b.t - a.t);
    return { lng: a.p.lng + (b.p.lng - a.p.lng) * k, lat: a.p.lat + (b.p.lat - a.p.lat) * k };
  }
  return path.at(-1)!.p;
}

/** When the walk is over. */
export const pathEnd = (path: readonly TimedPoint[]): number => path.at(-1)?.t ?? 0;

/**
 * The demo's imperfect guards: about one run in four goes wrong, half of those by skipping a stop
 * (not the first: the tour visibly started) and half by reaching one a few minutes late (within
 * the late limit when there is one, so it shows as late rather than missed).
 */
export function demoTweaks(run: MyRun, rnd: Random): PatrolTweaks {
  const stops = pendingStops(run);
  const r = rnd();
  if (stops.length === 0 || r >= 0.25) return NO_TWEAKS;
  const pick = stops.length > 1 ? stops[1 + Math.floor(rnd() * (stops.length - 1))]! : stops[0]!;
  if (r < 0.125 && stops.length > 1) return { skip: [pick.seq], delays: {} };
  const lateS = lateLimitS(run);
  const delay = pick.toleranceS + Math.max(1, Math.min(180, Math.floor(lateS / 2)));
  return { skip: [], delays: { [pick.seq]: delay } };
}

/** How far the walk goes, metres (for the summary line). */
export function pathMetres(path: readonly TimedPoint[]): number {
  let m = 0;
  for (let i = 1; i < path.length; i++) m += distanceMetres(path[i - 1]!.p, path[i]!.p);
  return m;
}

// ---------------------------------------------------------------------------------------------
// The `patrol` command's words

export interface PatrolCommand {
  account: string;
  tweaks: PatrolTweaks;
}

export const PATROL_COMMAND_USAGE = 'patrol <account> [--skip <seq>[,<seq>...]] [--delay <seq>:<seconds>]...';

/** Reads `<account> [--skip 1] [--skip 2,3] [--delay 2:120]` (the words after "patrol"); throws with what is wrong. */
export function parsePatrolCommand(words: readonly string[]): PatrolCommand {
  const [account, ...rest] = words;
  if (!account || account.startsWith('--')) throw new Error(`usage: ${PATROL_COMMAND_USAGE}`);
  const skip: number[] = [];
  const delays: Record<number, number> = {};
  const seq = (text: string, flag: string) => {
    if (!/^\d+$/.test(text)) throw new Error(`${flag}: a stop is its seq in the run, a whole number from 0 (got "${text}")`);
    return Number(text);
  };
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const eq = word.indexOf('=');
    const flag = eq > 0 ? word.slice(0, eq) : word;
    if (flag !== '--skip' && flag !== '--delay') throw new Error(`unknown option ${word}; usage: ${PATROL_COMMAND_USAGE}`);
    const value = eq > 0 ? word.slice(eq + 1) : rest[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value; usage: ${PATROL_COMMAND_USAGE}`);
    if (flag === '--skip') {
      for (const s of value.split(',')) skip.push(seq(s.trim(), flag));
    } else {
      const m = /^(\d+):(\d+)$/.exec(value);
      if (!m) throw new Error(`--delay must be <seq>:<seconds> (got "${value}")`);
      delays[seq(m[1]!, flag)] = Number(m[2]);
    }
  }
  for (const s of skip) if (s in delays) throw new Error(`stop ${s} cannot be both skipped and delayed`);
  return { account, tweaks: { skip, delays } };
}
