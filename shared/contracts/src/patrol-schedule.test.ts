import { dayOf, nextStart, startsBetween } from './patrol-schedule';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('patrol schedule', () => {
  it('lists the starts of the chosen weekdays in the zone, ascending', () => {
    // 2026-11-30 is a Monday. 08:00 and 20:00 in Shanghai (UTC+8) are 00:00 and 12:00 UTC.
    const s = { days: [1], starts: ['20:00', '08:00'] };
    expect(startsBetween(s, 'Asia/Shanghai', at('2026-11-29T00:00:00Z'), at('2026-12-02T00:00:00Z')).map((t) => new Date(t).toISOString()))
      .toEqual(['2026-11-30T00:00:00.000Z', '2026-11-30T12:00:00.000Z']);
  });

  it('takes the start at the range start and leaves the one at the range end', () => {
    const s = { days: [0, 1, 2, 3, 4, 5, 6], starts: ['00:00'] };
    const from = at('2026-11-30T00:00:00Z');
    expect(startsBetween(s, 'UTC', from, from + 24 * H)).toEqual([from]);
  });

  it('belongs to the day in the zone, not in UTC', () => {
    // Sunday 23:30 in New York is Monday 04:30 UTC.
    const s = { days: [0], starts: ['23:30'] };
    expect(startsBetween(s, 'America/New_York', at('2026-11-29T00:00:00Z'), at('2026-12-01T00:00:00Z'))).toEqual([at('2026-11-30T04:30:00Z')]);
  });

  it('starts once on the night clocks go back, and with the old offset on the night they go forward', () => {
    // Berlin: 2026-10-25 03:00 CEST -> 02:00 CET; 2026-03-29 02:00 CET -> 03:00 CEST.
    const back = startsBetween({ days: [0], starts: ['02:30'] }, 'Europe/Berlin', at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'));
    expect(back).toEqual([at('2026-10-25T00:30:00Z')]);
    const forward = startsBetween({ days: [0], starts: ['02:30'] }, 'Europe/Berlin', at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'));
    expect(forward).toEqual([at('2026-03-29T01:30:00Z')]);
  });

  it('never starts without a schedule; the next start is found within a week', () => {
    expect(startsBetween(null, 'UTC', 0, 10 * 24 * H)).toEqual([]);
    expect(nextStart(null, 'UTC', 0)).toBeNull();
    expect(nextStart({ days: [3], starts: ['06:15'] }, 'UTC', at('2026-11-26T07:00:00Z'))).toBe(at('2026-12-02T06:15:00Z'));
  });

  it('names the calendar day in the zone', () => {
    expect(dayOf('Asia/Shanghai', at('2026-11-30T17:00:00Z'))).toBe('2026-12-01');
    expect(dayOf('UTC', at('2026-11-30T17:00:00Z'))).toBe('2026-11-30');
  });
});
