import { scheduleActive, windowAt } from './fence-schedule';
import { fenceScheduleSchema, type FenceSchedule } from './rest/fences';

const utc = (iso: string) => Date.parse(iso);
/** Saturday 22:00 to Sunday 06:00. */
const saturdayNight: FenceSchedule = [{ days: [6], start: '22:00', end: '06:00' }];

describe('fence schedule windows', () => {
  it('is always active without a schedule', () => {
    expect(windowAt(null, 'UTC', utc('2026-03-01T03:00:00Z'))).toBe(0);
    expect(scheduleActive(null, 'Asia/Shanghai', 0)).toBe(true);
  });

  it('runs a window past midnight into the next day, keyed by its start', () => {
    // 2026-02-28 is a Saturday.
    const start = utc('2026-02-28T22:00:00Z');
    expect(windowAt(saturdayNight, 'UTC', utc('2026-02-28T21:59:59Z'))).toBeNull();
    expect(windowAt(saturdayNight, 'UTC', start)).toBe(start);
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-01T03:00:00Z'))).toBe(start); // Sunday 03:00
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-01T05:59:59Z'))).toBe(start);
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-01T06:00:00Z'))).toBeNull(); // the end is not in it
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-01T07:00:00Z'))).toBeNull(); // Sunday 07:00
    // Sunday 22:00 is not a start day; Friday night neither.
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-01T23:00:00Z'))).toBeNull();
    expect(windowAt(saturdayNight, 'UTC', utc('2026-02-27T23:00:00Z'))).toBeNull();
    // The next Saturday is another occurrence.
    expect(windowAt(saturdayNight, 'UTC', utc('2026-03-08T01:00:00Z'))).toBe(utc('2026-03-07T22:00:00Z'));
  });

  it("reads the days and hours in the organisation's time zone", () => {
    const office: FenceSchedule = [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }];
    // Monday 2026-03-02 02:00 UTC: 10:00 in Shanghai (UTC+8), Sunday 21:00 in New York (UTC-5).
    const at = utc('2026-03-02T02:00:00Z');
    expect(windowAt(office, 'Asia/Shanghai', at)).toBe(utc('2026-03-02T01:00:00Z'));
    expect(windowAt(office, 'America/New_York', at)).toBeNull();
    expect(windowAt(office, 'UTC', at)).toBeNull();
    // Monday 15:00 UTC: 23:00 in Shanghai, 10:00 in New York.
    const later = utc('2026-03-02T15:00:00Z');
    expect(scheduleActive(office, 'Asia/Shanghai', later)).toBe(false);
    expect(windowAt(office, 'America/New_York', later)).toBe(utc('2026-03-02T14:00:00Z'));
  });

  it('takes start equal to end as the whole day, each day its own occurrence', () => {
    const sunday: FenceSchedule = [{ days: [0], start: '00:00', end: '00:00' }];
    const midnight = utc('2026-03-01T00:00:00Z');
    expect(windowAt(sunday, 'UTC', midnight)).toBe(midnight);
    expect(windowAt(sunday, 'UTC', utc('2026-03-01T23:59:59Z'))).toBe(midnight);
    expect(windowAt(sunday, 'UTC', utc('2026-03-02T00:00:00Z'))).toBeNull();
    const noon: FenceSchedule = [{ days: [0, 1, 2, 3, 4, 5, 6], start: '12:00', end: '12:00' }];
    expect(windowAt(noon, 'UTC', utc('2026-03-02T11:00:00Z'))).toBe(utc('2026-03-01T12:00:00Z'));
    expect(windowAt(noon, 'UTC', utc('2026-03-02T12:00:00Z'))).toBe(utc('2026-03-02T12:00:00Z'));
  });

  it('keeps one key for an occurrence across a DST change, and counts wall-clock hours', () => {
    // New York springs forward on Sunday 2026-03-08 at 02:00 (EST -5 to EDT -4).
    const ny = 'America/New_York';
    const start = utc('2026-03-08T03:00:00Z'); // Saturday 22:00 EST
    expect(windowAt(saturdayNight, ny, utc('2026-03-08T06:30:00Z'))).toBe(start); // 01:30 EST
    expect(windowAt(saturdayNight, ny, utc('2026-03-08T07:30:00Z'))).toBe(start); // 03:30 EDT
    expect(windowAt(saturdayNight, ny, utc('2026-03-08T09:59:00Z'))).toBe(start); // 05:59 EDT
    expect(windowAt(saturdayNight, ny, utc('2026-03-08T10:00:00Z'))).toBeNull(); // 06:00 EDT
    // A start that never happens (02:30 that night) reads as the instant the clocks jumped.
    const gap: FenceSchedule = [{ days: [0], start: '02:30', end: '04:00' }];
    expect(windowAt(gap, ny, utc('2026-03-08T07:10:00Z'))).toBe(utc('2026-03-08T07:30:00Z'));
    // Falling back (2026-11-01 02:00 EDT to 01:00 EST): both 01:30s are in one occurrence.
    const early: FenceSchedule = [{ days: [0], start: '01:00', end: '03:00' }];
    const first = utc('2026-11-01T05:30:00Z'); // 01:30 EDT
    const second = utc('2026-11-01T06:30:00Z'); // 01:30 EST
    expect(windowAt(early, ny, first)).toBe(utc('2026-11-01T05:00:00Z'));
    expect(windowAt(early, ny, second)).toBe(utc('2026-11-01T05:00:00Z'));
  });

  it('picks the occurrence that started first when windows overlap', () => {
    const overlapping: FenceSchedule = [
      { days: [1], start: '10:00', end: '14:00' },
      { days: [1], start: '08:00', end: '12:00' },
    ];
    expect(windowAt(overlapping, 'UTC', utc('2026-03-02T11:00:00Z'))).toBe(utc('2026-03-02T08:00:00Z'));
    expect(windowAt(overlapping, 'UTC', utc('2026-03-02T13:00:00Z'))).toBe(utc('2026-03-02T10:00:00Z'));
  });

  it('validates windows: days 0-6 without repeats, HH:MM times, 1-28 windows', () => {
    expect(fenceScheduleSchema.safeParse(saturdayNight).success).toBe(true);
    expect(fenceScheduleSchema.safeParse(null).success).toBe(true);
    for (const bad of [[], [{ days: [7], start: '22:00', end: '06:00' }], [{ days: [1, 1], start: '22:00', end: '06:00' }], [{ days: [1], start: '24:00', end: '06:00' }]]) {
      expect(fenceScheduleSchema.safeParse(bad).error?.issues[0]?.message).toBe('validation.fenceScheduleInvalid');
    }
  });
});
