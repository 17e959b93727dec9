import { MAX_LIST_IDS, MatchCache } from './match-cache';

const list = (version: string, n: number) => ({ version, ids: Int32Array.from({ length: n }, (_v, i) => i + 1) });

describe('MatchCache', () => {
  it('keys by enterprise, column and term', () => {
    expect(MatchCache.key(1, 'nickname', '%a%')).not.toBe(MatchCache.key(2, 'nickname', '%a%'));
    expect(MatchCache.key(1, 'nickname', '%a%')).not.toBe(MatchCache.key(1, 'account', '%a%'));
  });

  it('forgets the least recently used entry past its entry limit', () => {
    const c = new MatchCache(2, 1_000);
    c.set('a', list('1', 3));
    c.set('b', list('1', 3));
    expect(c.get('a')?.ids.length).toBe(3); // a is now the most recent
    c.set('c', list('1', 3));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    expect(c.get('c')).toBeDefined();
  });

  it('keeps the ids of all entries under its budget, replacing an entry without counting it twice', () => {
    const c = new MatchCache(10, 10);
    c.set('a', list('1', 6));
    c.set('a', list('2', 6));
    expect(c.get('a')?.version).toBe('2');
    c.set('b', list('1', 6));
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(1);
    c.drop('b');
    expect(c.size).toBe(0);
    c.set('c', list('1', 10));
    expect(c.size).toBe(1);
  });

  it('does not keep a term that matches too many users', () => {
    const c = new MatchCache(10, 10 * MAX_LIST_IDS);
    c.set('big', list('1', MAX_LIST_IDS + 1));
    expect(c.get('big')).toBeUndefined();
  });

  it('remembers the last gap of each channel, 0 before any', () => {
    const c = new MatchCache();
    expect(c.gapOf(7)).toBe(0);
    c.setGap(7, 40);
    expect(c.gapOf(7)).toBe(40);
  });
});
