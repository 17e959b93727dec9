import { FileLinkCache, SessionCache, SESSION_CACHE_MS } from '../src/auth/session-cache';
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

describe('FileLinkCache', () => {
  it('serves a link until it expires, and drops it with its session token', () => {
    let now = 1_000;
    const cache = new FileLinkCache(() => now);
    cache.set('lx', { session: session('x'), key: 'kx' });
    cache.set('ly', { session: session('y'), key: 'ky' });
    expect(cache.get('lx')).toEqual({ session: session('x'), key: 'kx' });
    cache.drop('x');
    expect(cache.get('lx')).toBeNull();
    expect(cache.get('ly')?.key).toBe('ky');
    now += SESSION_CACHE_MS;
    expect(cache.get('ly')).toBeNull();
    cache.drop('y');
  });
});
