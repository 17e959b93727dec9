import { createEventBus } from './bus';
import { createMemoryStorage } from './memory-storage';
import { createSessionStore } from './session-store';
import { TEST_SESSION } from './test-support';

function setup() {
  const bus = createEventBus();
  const storage = createMemoryStorage();
  return { bus, storage, store: createSessionStore({ bus, storage }) };
}

describe('session store', () => {
  it('saves the session under user and the token under token, and publishes it', () => {
    const { bus, storage, store } = setup();
    store.save(TEST_SESSION);
    expect(JSON.parse(storage.getItem('user')!)).toEqual(TEST_SESSION);
    expect(storage.getItem('token')).toBe(TEST_SESSION.auth_token);
    expect(store.token()).toBe(TEST_SESSION.auth_token);
    expect(store.load()).toEqual(TEST_SESSION);
    expect(bus.current('session')).toEqual(TEST_SESSION);
  });

  it('clears both keys and publishes a null session', () => {
    const { bus, storage, store } = setup();
    store.save(TEST_SESSION);
    store.clear();
    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(store.load()).toBeNull();
    expect(store.token()).toBeNull();
    expect(bus.current('session')).toBeNull();
  });

  it.each(['{not json', '{"id":"x"}', 'null'])('treats corrupt stored user %j as no session and clears it', (raw) => {
    const { bus, storage, store } = setup();
    storage.setItem('user', raw);
    storage.setItem('token', 'stale');
    expect(store.load()).toBeNull();
    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(bus.current('session')).toBeNull();
  });

  it('refuses to save an invalid session', () => {
    const { storage, store } = setup();
    expect(() => store.save({ ...TEST_SESSION, auth_token: '' })).toThrow();
    expect(storage.getItem('user')).toBeNull();
  });

  it('uses localStorage by default', () => {
    const bus = createEventBus();
    const store = createSessionStore({ bus });
    store.save(TEST_SESSION);
    expect(globalThis.localStorage.getItem('token')).toBe(TEST_SESSION.auth_token);
    store.clear();
  });
});
