import { durationKey, durationParts } from './format';

describe('how long an SOS stayed open', () => {
  it('is told in its two largest units', () => {
    expect(durationKey(45_900)).toEqual({ key: 'core.duration.seconds', values: { d: 0, h: 0, m: 0, s: 45 } });
    expect(durationKey(200_000).key).toBe('core.duration.minutes');
    expect(durationKey((3600 + 5 * 60 + 30) * 1000)).toEqual({ key: 'core.duration.hours', values: { d: 0, h: 1, m: 5, s: 30 } });
    expect(durationKey((2 * 86_400 + 4 * 3600) * 1000)).toEqual({ key: 'core.duration.days', values: { d: 2, h: 4, m: 0, s: 0 } });
  });

  it('is never negative (a clock that stepped back)', () => {
    expect(durationParts(-5_000)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });
});
