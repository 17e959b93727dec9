import type { PatrolCheckin, PatrolDashboard, PatrolRun, PatrolRunDetail } from '@ptt/contracts';

// Patrol data as the server sends it.

const counts = { runs: 0, complete: 0, incomplete: 0, missedRuns: 0, active: 0, checkins: 0, onTime: 0, early: 0, late: 0, missed: 0, flagged: 0 };

export function dashboard(over: Partial<PatrolDashboard> = {}): PatrolDashboard {
  return {
    timeZone: 'Asia/Shanghai',
    from: '2026-11-22',
    to: '2026-11-28',
    totals: { ...counts, runs: 40, complete: 30, incomplete: 6, missedRuns: 2, active: 2, checkins: 150, onTime: 120, early: 10, late: 15, missed: 9, flagged: 3, completionRate: 30 / 38 },
    today: { ...counts, runs: 12, complete: 8, incomplete: 1, missedRuns: 1, active: 2, checkins: 40, onTime: 31, early: 2, late: 5, missed: 3, flagged: 1, completionRate: 0.8 },
    days: ['2026-11-26', '2026-11-27', '2026-11-28'].map((day, i) => ({ ...counts, day, runs: 10 + i, complete: 8, active: i === 2 ? 2 : 0, onTime: 30 + i, early: 2, late: 4, missed: i })),
    members: [
      { uid: 21, account: 'guard1', nickname: 'Guard One', checkins: 30, onTime: 25, early: 2, late: 3 },
      { uid: 22, account: 'guard2', nickname: 'Guard Two', checkins: 12, onTime: 10, early: 0, late: 2 },
    ],
    ...over,
  };
}

export function run(over: Partial<PatrolRun> = {}): PatrolRun {
  return {
    id: 501,
    task: { id: 7, name: 'Yard round' },
    order: 'ordered',
    status: 'incomplete',
    source: 'schedule',
    startedBy: null,
    plannedStart: '2026-11-28T08:00:00.000Z',
    deadline: '2026-11-28T08:50:00.000Z',
    firstCheckin: '2026-11-28T08:00:30.000Z',
    lastCheckin: '2026-11-28T08:27:00.000Z',
    endedAt: '2026-11-28T08:50:00.000Z',
    total: 3,
    onTime: 1,
    early: 0,
    late: 1,
    missed: 1,
    plannedS: 1800,
    actualS: 1590,
    flag: null,
    members: [{ uid: 21, account: 'guard1', nickname: 'Guard One' }],
    ...over,
  };
}

export function runDetail(over: Partial<PatrolRunDetail> = {}): PatrolRunDetail {
  return {
    ...run(),
    nodes: [
      { seq: 0, nodeId: 1, name: 'Gate', lng: 116.39, lat: 39.9, radiusM: 30, plannedAt: '2026-11-28T08:00:00.000Z', toleranceS: 120, result: 'onTime', checkinId: 901, checkedAt: '2026-11-28T08:00:30.000Z', checkedBy: { uid: 21, account: 'guard1', nickname: 'Guard One' } },
      { seq: 1, nodeId: 2, name: 'Warehouse', lng: 116.392, lat: 39.901, radiusM: 30, plannedAt: '2026-11-28T08:15:00.000Z', toleranceS: 120, result: 'missed', checkinId: null, checkedAt: null, checkedBy: null },
      { seq: 2, nodeId: 3, name: 'Yard', lng: 116.394, lat: 39.902, radiusM: 30, plannedAt: '2026-11-28T08:20:00.000Z', toleranceS: 120, result: 'late', checkinId: 902, checkedAt: '2026-11-28T08:27:00.000Z', checkedBy: { uid: 21, account: 'guard1', nickname: 'Guard One' } },
    ],
    tracks: [
      {
        uid: 21,
        points: [
          { lng: 116.39, lat: 39.9, time: '2026-11-28T08:00:00.000Z' },
          { lng: 116.392, lat: 39.901, time: '2026-11-28T08:12:00.000Z' },
          { lng: 116.394, lat: 39.902, time: '2026-11-28T08:27:00.000Z' },
        ],
      },
    ],
    ...over,
  };
}

export function checkin(over: Partial<PatrolCheckin> = {}): PatrolCheckin {
  return {
    id: 901,
    user: { uid: 21, account: 'guard1', nickname: 'Guard One' },
    node: { id: 1, name: 'Gate' },
    runId: 501,
    task: { id: 7, name: 'Yard round' },
    time: '2026-11-28T08:00:30.000Z',
    method: 'qr',
    result: 'onTime',
    lng: 116.39,
    lat: 39.9,
    recordedBy: null,
    ...over,
  };
}
