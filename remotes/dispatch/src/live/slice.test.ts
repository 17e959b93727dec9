import { alarmWanted, liveSlice, sirenLevel, sosClosed, sosDismissed, sosLoaded, sosMute, sosOpened, sosRaised, sosShow, sosUpdated } from './slice';
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
  ackedAt: null,
  ackedBy: null,
  escalatedAt: null,
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

  const by = { id: 2, nickname: 'D' };
  const ack = (e: SosEntry): SosEntry => ({ ...e, ackedAt: '2025-01-01T08:01:00.000Z', ackedBy: by });
  const escalate = (e: SosEntry): SosEntry => ({ ...e, escalatedAt: '2025-01-01T08:01:00.000Z' });

  it('an acknowledgement stops the alarm for that SOS only and keeps it listed', () => {
    let s = reduce(sosRaised(entry(1)), sosRaised(entry(2)), sosUpdated(ack(entry(2))));
    expect(s.sos.map((e) => e.sosId)).toEqual([1, 2]);
    expect(s.sosAlerting).toEqual([1]);
    expect(alarmWanted(s)).toBe(true);
    s = liveSlice.reducer(s, sosUpdated(ack(entry(1))));
    expect(alarmWanted(s)).toBe(false);
    expect(s.sosDialogOpen).toBe(true);
    // A raise frame of an acknowledged SOS lists it without sounding.
    s = liveSlice.reducer(s, sosRaised(ack(entry(3))));
    expect(s.sos).toHaveLength(3);
    expect(alarmWanted(s)).toBe(false);
  });

  it('the alarm is at level 2 while an escalated SOS waits, back to 1 once acknowledged', () => {
    let s = reduce(sosRaised(entry(1)));
    expect(sirenLevel(s)).toBe(1);
    s = liveSlice.reducer(s, sosRaised(escalate(entry(2))));
    expect(sirenLevel(s)).toBe(2);
    s = liveSlice.reducer(s, sosUpdated(ack(escalate(entry(2)))));
    expect(sirenLevel(s)).toBe(1);
    expect(alarmWanted(s)).toBe(true);
  });

  it('a reload keeps an acknowledgement heard meanwhile; a loaded acknowledged SOS is silent', () => {
    const s = reduce(sosRaised(entry(1)), sosUpdated(ack(entry(1))), sosLoaded([entry(1), ack(entry(2))]));
    expect(s.sos.map((e) => e.ackedBy)).toEqual([by, by]);
    expect(alarmWanted(s)).toBe(false);
  });

  it('an SOS opened on request is shown in start order without sounding', () => {
    const s = reduce(sosLoaded([entry(1), entry(3)]), sosOpened(entry(2)));
    expect(s.sos.map((e) => e.sosId)).toEqual([1, 2, 3]);
    expect(s.sosShownId).toBe(2);
    expect(s.sosDialogOpen).toBe(true);
    expect(alarmWanted(s)).toBe(false);
  });
});
