import type { PatrolAlertFrame } from '@ptt/contracts';
import { PATROL_ALERTS_KEPT, patrolAlertDismissed, patrolAlertEntry, patrolAlertHeard, patrolAlertShown, patrolAlertsCleared, patrolAlertsSlice, shownPatrolAlert } from './slice';

const reduce = patrolAlertsSlice.reducer;
const frame = (runId: number, over: Partial<PatrolAlertFrame> = {}): PatrolAlertFrame => ({
  runId, taskId: 3, taskName: 'Yard round', nodeId: 11, nodeName: 'Gate', lng: 116.4, lat: 39.9, plannedAt: '2025-01-01T08:30:00.000Z',
  reason: 'overdue', members: [{ uid: 5, nickname: 'Member One' }], time: '2025-01-01T08:46:00.000Z', ...over,
});

describe('patrol alerts state', () => {
  it('tells alerts apart by run, node and planned time (a node may be on a route twice)', () => {
    const first = patrolAlertEntry(frame(1));
    expect(first).toEqual({
      id: '1:11:2025-01-01T08:30:00.000Z', runId: 1, taskId: 3, taskName: 'Yard round', nodeId: 11, nodeName: 'Gate',
      lng: 116.4, lat: 39.9, plannedAt: '2025-01-01T08:30:00.000Z', reason: 'overdue', time: '2025-01-01T08:46:00.000Z',
    });
    expect(patrolAlertEntry(frame(1, { plannedAt: '2025-01-01T09:00:00.000Z' })).id).not.toBe(first.id);
  });

  it('lists newest first, once per alert, keeping the last few', () => {
    let s = reduce(undefined, { type: 'init' });
    for (let run = 1; run <= PATROL_ALERTS_KEPT + 5; run++) s = reduce(s, patrolAlertHeard(patrolAlertEntry(frame(run))));
    s = reduce(s, patrolAlertHeard(patrolAlertEntry(frame(PATROL_ALERTS_KEPT + 5))));
    expect(s.alerts).toHaveLength(PATROL_ALERTS_KEPT);
    expect(s.alerts[0]!.runId).toBe(PATROL_ALERTS_KEPT + 5);
    expect(s.alerts.at(-1)!.runId).toBe(6);
  });

  it('marks one alert at a time until it is dismissed, cleared or drops off the list', () => {
    const a = patrolAlertEntry(frame(1));
    let s = reduce(undefined, patrolAlertHeard(a));
    s = reduce(s, patrolAlertShown('nope'));
    expect(shownPatrolAlert(s)).toBeNull();
    s = reduce(s, patrolAlertShown(a.id));
    expect(shownPatrolAlert(s)?.runId).toBe(1);
    s = reduce(s, patrolAlertDismissed(a.id));
    expect(s).toEqual({ alerts: [], shownId: null });

    s = reduce(s, patrolAlertHeard(a));
    s = reduce(s, patrolAlertShown(a.id));
    for (let run = 2; run <= PATROL_ALERTS_KEPT + 1; run++) s = reduce(s, patrolAlertHeard(patrolAlertEntry(frame(run))));
    expect(s.shownId).toBeNull();
    s = reduce(s, patrolAlertShown(s.alerts[0]!.id));
    s = reduce(s, patrolAlertsCleared());
    expect(s).toEqual({ alerts: [], shownId: null });
  });
});
