import { alarmWanted, liveSlice, sosClosed, sosDismissed, sosLoaded, sosMute, sosRaised, sosShow } from './slice';
import type { LiveState, SosEntry } from './slice';

const entry = (sosId: number, startedAt = `2025-01-01T08:00:0${sosId}.000Z`): SosEntry => ({
  sosId,
  uid: sosId * 10,
  account: `m${sosId}`,
  nickname: `M${sosId}`,
  lng: null,
  lat: null,
  device: null,
  startedAt,
});

const reduce = (...actions: Parameters<typeof liveSlice.reducer>[1][]): LiveState =>
  actions.reduce((s, a) => liveSlice.reducer(s, a), liveSlice.getInitialState());

describe('live slice: SOS', () => {
  it('lists loaded SOS silently, oldest first', () => {
    const s = reduce(sosLoaded([entry(2), entry(1)]));
    expect(s.sos.map((e) => e.sosId)).toEqual([1, 2]);
    expect(s.sosDialogOpen).toBe(false);
    expect(alarmWanted(s)).toBe(false);
    expect(reduce(sosLoaded([entry(2)]), sosShow(undefined)).sosShownId).toBe(2);
  });

  it('a raise shows itself and sounds until dismissed; a new raise unmutes', () => {
    let s = reduce(sosRaised(entry(1)));
    expect(s.sosShownId).toBe(1);
    expect(alarmWanted(s)).toBe(true);
    s = liveSlice.reducer(s, sosMute(true));
    expect(alarmWanted(s)).toBe(false);
    s = liveSlice.reducer(s, sosRaised(entry(2)));
    expect(alarmWanted(s)).toBe(true);
    s = liveSlice.reducer(s, sosDismissed());
    expect(s.sos).toHaveLength(2);
    expect(alarmWanted(s)).toBe(false);
    s = liveSlice.reducer(s, sosShow(1));
    expect(s.sosShownId).toBe(1);
    expect(alarmWanted(s)).toBe(false);
  });

  it('a reload replaces the list but keeps raises heard meanwhile', () => {
    const s = reduce(sosLoaded([entry(1), entry(2)]), sosRaised(entry(3)), sosLoaded([entry(2)]));
    expect(s.sos.map((e) => e.sosId)).toEqual([2, 3]);
    expect(s.sosShownId).toBe(3);
  });

  it('closing the last one hides the dialog; closing the shown one shows the next', () => {
    let s = reduce(sosRaised(entry(1)), sosRaised(entry(2)));
    s = liveSlice.reducer(s, sosClosed(2));
    expect(s.sosShownId).toBe(1);
    expect(s.sosDialogOpen).toBe(true);
    s = liveSlice.reducer(s, sosClosed(1));
    expect(s.sos).toEqual([]);
    expect(s.sosDialogOpen).toBe(false);
    expect(alarmWanted(s)).toBe(false);
  });
});
