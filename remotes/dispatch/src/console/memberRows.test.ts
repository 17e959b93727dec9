import { memberRows, onlineCount, sortByName } from './memberRows';
import { member } from '../core/test';

describe('member rows', () => {
  const members = [member(1, 'Zoe'), member(2, 'adam'), member(3, 'Bob', { account: 'guard-7' }), member(4, '张三'), member(5, 'Carl')];
  const byName = sortByName(members);

  it('sorts by name, then puts online (and busy, away, dnd) members first', () => {
    const rows = memberRows(byName, { 1: 'online', 5: 'dnd', 3: 'invisible' }, '');
    expect(rows.map((r) => r.member.nickname)).toEqual(['Carl', 'Zoe', '张三', 'adam', 'Bob']);
    expect(rows.map((r) => r.status)).toEqual(['dnd', 'online', 'offline', 'offline', 'invisible']);
    expect(onlineCount(rows)).toBe(2);
  });

  it('searches nickname and account without regard to case', () => {
    expect(memberRows(byName, {}, 'ZO').map((r) => r.member.userId)).toEqual([1]);
    expect(memberRows(byName, {}, ' guard ').map((r) => r.member.userId)).toEqual([3]);
    expect(memberRows(byName, {}, 'nobody')).toEqual([]);
  });

  it('handles 10,000 members in one pass', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => member(i + 1, `Member ${i + 1}`));
    const sorted = sortByName(many);
    const statuses = Object.fromEntries(many.filter((m) => m.userId % 10 === 0).map((m) => [m.userId, 'online' as const]));
    const started = performance.now();
    const rows = memberRows(sorted, statuses, '');
    expect(performance.now() - started).toBeLessThan(100);
    expect(onlineCount(rows)).toBe(1000);
    expect(rows[0]?.member.nickname).toBe('Member 10');
    expect(rows[1000]?.member.nickname).toBe('Member 1');
  });
});
