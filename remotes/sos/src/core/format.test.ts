import { formatPosition, formatWaited, memberName } from './format';

describe('format', () => {
  it('counts the wait as mm:ss, minutes past an hour included', () => {
    const start = '2026-03-01T08:00:00.000Z';
    const at = (s: number) => Date.parse(start) + s * 1000;
    expect(formatWaited(start, at(0))).toBe('00:00');
    expect(formatWaited(start, at(65.9))).toBe('01:05');
    expect(formatWaited(start, at(3_725))).toBe('62:05');
    // A clock a little behind the server's does not show a negative wait.
    expect(formatWaited(start, at(-3))).toBe('00:00');
  });

  it('shows a position to five places, or nothing without one', () => {
    expect(formatPosition(39.909, 116.397)).toBe('39.90900, 116.39700');
    expect(formatPosition(null, null)).toBeNull();
  });

  it('names a member by nickname and account', () => {
    expect(memberName('Member 1', 'member1')).toBe('Member 1 (member1)');
    expect(memberName('', 'member1')).toBe('member1');
    expect(memberName('member1', 'member1')).toBe('member1');
  });
});
