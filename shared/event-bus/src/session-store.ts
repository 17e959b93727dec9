import { STORAGE_KEYS, sessionSchema } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { EventBus } from './bus';
import { createMemoryStorage } from './memory-storage';

export interface SessionStore {
  /** The stored session, or null; a corrupt or invalid stored value is cleared and counts as none. */
  load(): Session | null;
  save(session: Session): void;
  clear(): void;
  token(): string | null;
}

export interface SessionStoreOptions {
  bus: EventBus;
  storage?: Storage;
}

type StorageSlice = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): StorageSlice {
  // globalThis.localStorage is absent in Node; fall back so the store still works there.
  return (globalThis as { localStorage?: Storage }).localStorage ?? createMemoryStorage();
}

export function createSessionStore({ bus, storage = defaultStorage() as Storage }: SessionStoreOptions): SessionStore {
  function clear(): void {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    bus.publish('session', null);
  }

  function readStored(): Session | null | 'corrupt' {
    const raw = storage.getItem(STORAGE_KEYS.user);
    if (raw === null) return null;
    try {
      const result = sessionSchema.safeParse(JSON.parse(raw));
      return result.success ? result.data : 'corrupt';
    } catch {
      return 'corrupt';
    }
  }

  return {
    load() {
      const stored = readStored();
      if (stored === 'corrupt') {
        clear();
        return null;
      }
      return stored;
    },
    save(session) {
      const valid = sessionSchema.parse(session);
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(valid));
      storage.setItem(STORAGE_KEYS.token, valid.auth_token);
      bus.publish('session', valid);
    },
    clear,
    token() {
      const token = storage.getItem(STORAGE_KEYS.token);
      return token === null || token === '' ? null : token;
    },
  };
}
