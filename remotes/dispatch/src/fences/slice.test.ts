import type { WallAlertFrame } from '@ptt/contracts';
import { FENCE_ALERTS_KEPT, fenceAlertDismissed, fenceAlertEntry, fenceAlertHeard, fenceAlertShown, fenceAlertsSlice, shownAlert } from './slice';

const reduce = fenceAlertsSlice.reducer;
const frame = (alertId: number, over: Partial<WallAlertFrame> = {}): WallAlertFrame => ({
  alertId, fenceId: 7, fenceName: 'Yard', uid: 5, account: 'member1', nickname: 'Member One', type: 'stay', lng: 116.4, lat: 39.9, time: '2025-01-01T08:00:00.000Z', ...over,
});

describe('fence alerts state', () => {
  it('names the member by nickname, else account', () => {
    expect(fenceAlertEntry(frame(1)).name).toBe('Member One');
    expect(fenceAlertEntry(frame(1, { nickname: '' })).name).toBe('member1');
  });

  it('lists newest first, once per alert, keeping the last few', () => {
    let s = reduce(undefined, { type: 'init' });
    for (let id = 1; id <= FENCE_ALERTS_KEPT + 5; id++) s = reduce(s, fenceAlertHeard(fenceAlertEntry(frame(id))));
    s = reduce(s, fenceAlertHeard(fenceAlertEntry(frame(FENCE_ALERTS_KEPT + 5))));
    expect(s.alerts).toHaveLength(FENCE_ALERTS_KEPT);
    expect(s.alerts[0]!.alertId).toBe(FENCE_ALERTS_KEPT + 5);
    expect(s.alerts.at(-1)!.alertId).toBe(6);
  });

  it('shows one alert at a time until it is dismissed or drops off the list', () => {
    let s = reduce(undefined, fenceAlertHeard(fenceAlertEntry(frame(1))));
    s = reduce(s, fenceAlertShown(99));
    expect(shownAlert(s)).toBeNull();
    s = reduce(s, fenceAlertShown(1));
    expect(shownAlert(s)?.alertId).toBe(1);
    s = reduce(s, fenceAlertDismissed(1));
    expect(s).toEqual({ alerts: [], shownId: null });

    s = reduce(s, fenceAlertHeard(fenceAlertEntry(frame(2))));
    s = reduce(s, fenceAlertShown(2));
    for (let id = 3; id < 3 + FENCE_ALERTS_KEPT; id++) s = reduce(s, fenceAlertHeard(fenceAlertEntry(frame(id))));
    expect(s.shownId).toBeNull();
  });
});
