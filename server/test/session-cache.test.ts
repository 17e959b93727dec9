import { SessionCache, SESSION_CACHE_MS } from '../src/auth/session-cache';
import type { ActiveSession } from '../src/auth/session.repository';

const session = (tokenHash: string): ActiveSession => ({
  tokenHash,
  clientId: 'c',
  userId: 1,
  entId: 2,
  entName: 'E',
  account: 'a',
  nickname: 'n',
  role: 0,
  platform: 'web',
});

describe('SessionCache', () => {
  it('serves a session until it expires or is dropped', () => {
    let now = 1_000;
    const cache = new SessionCache(() => now);
    cache.set(session('x'));
    cache.set(session('y'));
    expect(cache.get('x')?.tokenHash).toBe('x');
    cache.drop('x');
    expect(cache.get('x')).toBeNull();
    now += SESSION_CACHE_MS;
    expect(cache.get('y')).toBeNull();
  });
});
