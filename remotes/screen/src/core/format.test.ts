import { formatAge, heatOf, memberName } from './format';

describe('format', () => {
  it('ages as m:ss, then h:mm:ss', () => {
    expect(formatAge(0)).toBe('0:00');
    expect(formatAge(65_400)).toBe('1:05');
    expect(formatAge(3_725_000)).toBe('1:02:05');
    expect(formatAge(-5)).toBe('0:00');
  });

  it('is normal under a minute, hot after, hotter after five minutes', () => {
    expect(heatOf(59_999)).toBe('normal');
    expect(heatOf(60_000)).toBe('hot');
    expect(heatOf(299_999)).toBe('hot');
    expect(heatOf(300_000)).toBe('hotter');
  });

  it('names a member with the account when it differs', () => {
    expect(memberName('Member 2', 'member2')).toBe('Member 2 (member2)');
    expect(memberName('', 'member2')).toBe('member2');
    expect(memberName('x', 'x')).toBe('x');
  });
});
