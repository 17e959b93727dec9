import { isoMs, isoToLocalInput, localInputToIso, presetRange, startOfDay } from './timeRange';

// Jest runs with the machine's time zone; these checks hold in any of them because they compare
// with local dates built the same way the page builds them.
const local = (y: number, m: number, d: number, h = 0, mi = 0) => new Date(y, m - 1, d, h, mi);

describe('presets', () => {
  const now = local(2026, 11, 28, 15, 42);

  it('today runs from local midnight to the next one', () => {
    expect(presetRange('today', now)).toEqual({ from: local(2026, 11, 28).getTime(), to: local(2026, 11, 29).getTime() });
  });

  it('7 and 30 days count today and the days before it, ending tomorrow so new records stay inside', () => {
    expect(presetRange('7d', now)).toEqual({ from: local(2026, 11, 22).getTime(), to: local(2026, 11, 29).getTime() });
    expect(presetRange('30d', now)).toEqual({ from: local(2026, 10, 30).getTime(), to: local(2026, 11, 29).getTime() });
  });

  it('crosses month and year ends by calendar days', () => {
    expect(presetRange('7d', local(2027, 1, 3, 0, 5))).toEqual({ from: local(2026, 12, 28).getTime(), to: local(2027, 1, 4).getTime() });
  });

  it('is the same all day long (a stable request), and moves at midnight', () => {
    expect(presetRange('today', local(2026, 11, 28, 0, 0))).toEqual(presetRange('today', local(2026, 11, 28, 23, 59)));
    expect(presetRange('today', local(2026, 11, 29)).from).toBe(local(2026, 11, 29).getTime());
    expect(startOfDay(now)).toEqual(local(2026, 11, 28));
  });
});

describe('custom times', () => {
  it('writes a date-time input as ISO text with the local offset, the same instant', () => {
    const iso = localInputToIso('2026-11-01T08:30');
    expect(iso).toMatch(/^2026-11-01T08:30[+-]\d{2}:\d{2}$/);
    expect(isoMs(iso)).toBe(local(2026, 11, 1, 8, 30).getTime());
    expect(isoToLocalInput(iso)).toBe('2026-11-01T08:30');
  });

  it('reads a link written in another time zone as the same instant', () => {
    const ms = Date.UTC(2026, 10, 1, 0, 30);
    expect(isoMs('2026-11-01T08:30+08:00')).toBe(ms);
    const d = new Date(ms);
    expect(isoToLocalInput('2026-11-01T08:30+08:00')).toBe(
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`,
    );
  });

  it('refuses what is not a time', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('2026-02-30T08:00')).toBeNull();
    expect(localInputToIso('yesterday')).toBeNull();
    expect(isoMs('nope')).toBeUndefined();
    expect(isoMs(null)).toBeUndefined();
    expect(isoToLocalInput('nope')).toBe('');
  });
});
