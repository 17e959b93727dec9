import { addDays, dashboardParams, daysOf, isDay, parseDashboardView, todayIn } from './range';

describe('dashboard days', () => {
  it('ends a preset today and counts today in it', () => {
    expect(daysOf({ range: '7d', from: null, to: null }, '2026-11-28')).toEqual({ ok: true, from: '2026-11-22', to: '2026-11-28' });
    expect(daysOf({ range: '30d', from: null, to: null }, '2026-03-01')).toEqual({ ok: true, from: '2026-01-31', to: '2026-03-01' });
  });

  it('takes custom days up to 31, both included, and says what is wrong otherwise', () => {
    expect(daysOf({ range: 'custom', from: '2026-11-01', to: '2026-12-01' }, '2026-12-01')).toEqual({ ok: true, from: '2026-11-01', to: '2026-12-01' });
    expect(daysOf({ range: 'custom', from: '2026-11-01', to: '2026-12-02' }, '2026-12-02')).toEqual({ ok: false, reason: 'tooLong' });
    expect(daysOf({ range: 'custom', from: '2026-11-02', to: '2026-11-01' }, '2026-12-02')).toEqual({ ok: false, reason: 'backwards' });
    expect(daysOf({ range: 'custom', from: null, to: '2026-11-01' }, '2026-12-02')).toEqual({ ok: false, reason: 'incomplete' });
  });

  it('reads the URL, dropping what is not a day, and writes the default as nothing', () => {
    expect(parseDashboardView(new URLSearchParams('range=custom&from=2026-02-30&to=2026-03-01'))).toEqual({ range: 'custom', from: null, to: '2026-03-01' });
    expect(parseDashboardView(new URLSearchParams('range=year'))).toEqual({ range: '7d', from: null, to: null });
    expect(dashboardParams({ range: '7d', from: null, to: null }).toString()).toBe('');
    expect(dashboardParams({ range: 'custom', from: '2026-11-01', to: '2026-11-28' }).toString()).toBe('range=custom&from=2026-11-01&to=2026-11-28');
    expect(isDay('2026-11-31')).toBe(false);
  });

  it('knows today in the organisation\'s zone, whatever the browser\'s', () => {
    const at = new Date('2026-11-28T17:30:00Z');
    expect(todayIn('Asia/Shanghai', at)).toBe('2026-11-29');
    expect(todayIn('America/New_York', at)).toBe('2026-11-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
