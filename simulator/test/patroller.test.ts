import type { MyPatrol, PatrolNodeResult } from '@ptt/contracts';
import { SimDevice, type DeviceContext } from '../src/device';
import { Limiter } from '../src/limit';
import type { NodeInfo } from '../src/patrol';
import { Patroller, type PatrolSource, type PatrollerOptions } from '../src/patroller';
import { move, seededRandom } from '../src/walk';

// The `patrol` command and the --patrol members without a server: a fake source whose stops
// settle at their planned time (a stand-in for the server's judging), real devices that are not
// connected anywhere (their reports go nowhere), and a walk compressed to milliseconds.

const CENTER = { lng: 116.397, lat: 39.909 };
const FAST: PatrollerOptions = {
  pollMs: 40,
  walk: { walkMps: 2_000, hurryMps: 20_000, lingerS: 0.02, waitS: 0.02 },
  settleMs: 30,
  graceMs: 1_000,
  connectMs: 100,
};

function device(account: string): SimDevice {
  const ctx: DeviceContext = {
    url: 'http://x', entId: 1, password: 'p', intervalMs: 5000, center: CENTER, radiusM: 3000, coord: 0, execDelayMs: 0,
    limiter: new Limiter(1), stats: { positions: 0, commandsReceived: 0, commandsAnswered: 0, sos: 0, reconnects: 0, callsRung: 0, callsAccepted: 0, published: 0, crossings: 0 },
    log: () => undefined, rnd: seededRandom(3),
  };
  const d = new SimDevice(account, ctx);
  d.walker = { ...d.walker, ...CENTER };
  d.state = 'open';
  return d;
}

/** A run of `n` stops 100 m apart, the first due `firstInMs` from now and the next every 150 ms; it settles stops as they fall due. */
function fakeServer(n: number, firstInMs: number, info: Record<number, NodeInfo> = {}) {
  const start = Date.now() + firstInMs;
  const skipped = new Set<number>();
  let ended = false;
  const result = (seq: number): PatrolNodeResult => {
    if (Date.now() < start + seq * 150 + 10) return 'pending';
    return skipped.has(seq) ? 'missed' : 'onTime';
  };
  const runOf = (): MyPatrol[number] => ({
    id: 5, task: { id: 3, name: 'Yard round' }, order: 'ordered', status: 'active', source: 'manual', startedBy: null,
    plannedStart: new Date(start).toISOString(), deadline: new Date(start + (n - 1) * 150 + 120_000).toISOString(),
    firstCheckin: null, lastCheckin: null, endedAt: null, total: n, onTime: 0, early: 0, late: 0, missed: 0, plannedS: 0, actualS: null, flag: null,
    nodes: Array.from({ length: n }, (_, seq) => {
      const p = move(CENTER, 100 * (seq + 1), 0);
      return {
        seq, nodeId: 10 + seq, name: `Node ${seq}`, lng: p.lng, lat: p.lat, radiusM: 30, plannedAt: new Date(start + seq * 150).toISOString(),
        toleranceS: 60, result: result(seq), checkinId: null, checkedAt: null, checkedBy: null,
      };
    }),
  });
  const source: PatrolSource & { reads: number } = {
    reads: 0,
    myRuns: () => {
      source.reads++;
      const r = runOf();
      ended = r.nodes.every((s) => s.result !== 'pending');
      return Promise.resolve(ended ? [] : [r]);
    },
    nodeInfo: (id) => Promise.resolve(info[id] ?? null),
    run: () => Promise.resolve(ended ? { status: skipped.size ? 'incomplete' : 'complete', nodes: runOf().nodes } : null),
  };
  return { source, skipped };
}

describe('the patrol command', () => {
  it('walks the run, skipping and scanning as asked, reports each stop and ends once nothing is pending', async () => {
    const m1 = device('member1');
    const scans = jest.spyOn(m1, 'sendPatrolScan');
    const fixes = jest.spyOn(m1, 'reportNow');
    const { source, skipped } = fakeServer(3, 150, { 12: { methods: ['qr'], qrCode: 'QR-12', nfcTag: null } });
    skipped.add(1);
    const lines: string[] = [];
    const patroller = new Patroller(() => [m1], source, (l) => lines.push(l), seededRandom(1), FAST);
    const outcome = await patroller.command({ account: 'member1', tweaks: { skip: [1], delays: {} } });

    expect(outcome).toEqual({ ok: true, said: 'patrol member1: done: run 5 "Yard round" has no pending stop left (status incomplete: 2 onTime, 1 missed)' });
    expect(lines[0]).toMatch(/^patrol member1: run 5 "Yard round" \(ordered, planned start \d\d:\d\d:\d\d, late limit 60 s\): 2 stops to walk, 1 skipped, ~\d+ m; node details not readable \(staff only\): stop 0 by GPS$/);
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(/^patrol member1: stop 0 "Node 0" planned \d\d:\d\d:\d\d ±60 s: arrive \d\d:\d\d:\d\d by GPS, expect onTime$/),
      expect.stringMatching(/^patrol member1: stop 1 "Node 1" planned \d\d:\d\d:\d\d: skipped, expect missed \(skipped\)$/),
      expect.stringMatching(/^patrol member1: stop 2 "Node 2" planned .*by QR scan, expect onTime$/),
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/^patrol member1: stop 0 "Node 0" reached at \d\d:\d\d:\d\d: onTime$/));
    expect(scans.mock.calls).toEqual([[{ method: 'qr', code: 'QR-12' }, 'run5-stop2']]);
    // A fix stamped at each arrival: the step inside the radius.
    const stamped = fixes.mock.calls.map(([t]) => t).filter((t) => t !== undefined);
    expect(stamped).toHaveLength(2);
    expect(m1.patrolling).toBe(false);
  });

  it('says why it cannot walk: no such device, no open run, a stop that is not pending', async () => {
    const m1 = device('member1');
    const lines: string[] = [];
    const empty: PatrolSource = { myRuns: () => Promise.resolve([]), nodeInfo: () => Promise.resolve(null), run: () => Promise.resolve(null) };
    const p = new Patroller(() => [m1], empty, (l) => lines.push(l), seededRandom(1), FAST);
    expect(await p.command({ account: 'member9', tweaks: { skip: [], delays: {} } })).toEqual({ ok: false, said: 'patrol member9: cannot walk: no simulated device member9' });
    expect(await p.command({ account: 'member1', tweaks: { skip: [], delays: {} } })).toEqual({ ok: false, said: 'patrol member1: cannot walk: no open run' });

    const { source } = fakeServer(2, 5_000);
    const q = new Patroller(() => [m1], source, (l) => lines.push(l), seededRandom(1), FAST);
    expect(await q.command({ account: 'member1', tweaks: { skip: [4], delays: { 1: 30 } } })).toEqual({
      ok: false,
      said: 'patrol member1: cannot walk: stop 4 is not a pending stop of run 5 (pending: 0, 1)',
    });
    m1.state = 'waiting';
    expect((await q.command({ account: 'member1', tweaks: { skip: [], delays: {} } })).said).toBe('patrol member1: cannot walk: member1 is not connected');
    expect(lines).toEqual([]);
  });
});

describe('members on patrol (--patrol)', () => {
  it('one member walks each run; the others keep to their random walk', async () => {
    const members = ['member1', 'member2', 'member3'].map(device);
    const { source } = fakeServer(2, 400);
    const lines: string[] = [];
    const p = new Patroller(() => members, source, (l) => lines.push(l), seededRandom(2), FAST);
    p.startAuto();
    try {
      await new Promise((r) => setTimeout(r, 250));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^member\d patrols run 5 "Yard round": (2 stops|1 stop, skips stop 1|2 stops, reaches stop 1 late) from \d\d:\d\d:\d\d$/);
      expect(members.filter((m) => m.patrolling)).toHaveLength(1);
      expect(p.walking).toBe(1);
    } finally {
      p.stop();
    }
    expect(members.filter((m) => m.patrolling)).toHaveLength(0);
  });
});
