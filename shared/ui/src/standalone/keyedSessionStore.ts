import { sessionSchema } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { EventBus, SessionStore } from '@ptt/event-bus';

export interface KeyedSessionStoreOptions {
  bus: EventBus;
  /** The one storage key the whole session (token included) is kept under, e.g. 'ptt.display'. */
  key: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

// Keeps the fields the session schema does not name (a display credential's `kind`): what the
// server handed over is what is kept, checked for the fields every session must have.
const storedSessionSchema = sessionSchema.loose();

/**
 * A session store that keeps its session under a key of its own, never the console's `user` and
 * `token` keys: a wall display's credential (ADR 026) and a console login in the same browser do
 * not overwrite or sign out each other. Same contract as the event bus's session store.
 */
export function createKeyedSessionStore({ bus, key, storage = globalThis.localStorage }: KeyedSessionStoreOptions): SessionStore {
  // token() is asked on every request: the parsed value is kept until the stored text changes.
  let cached: { raw: string; session: Session | null } | null = null;

  function read(): Session | null | 'corrupt' {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    if (cached?.raw === raw) return cached.session ?? 'corrupt';
    let session: Session | null = null;
    try {
      const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
      session = parsed.success ? parsed.data : null;
    } catch {
      session = null;
    }
    cached = { raw, session };
    return session ?? 'corrupt';
  }

  function clear(): void {
    storage.removeItem(key);
    cached = null;
    bus.publish('session', null);
  }

  return {
    load() {
      const stored = read();
      if (stored === 'corrupt') {
        clear();
        return null;
      }
      return stored;
    },
    save(session) {
      const valid = storedSessionSchema.parse(session);
      storage.setItem(key, JSON.stringify(valid));
      bus.publish('session', sessionSchema.parse(valid));
    },
    clear,
    token() {
      const stored = read();
      return stored === null || stored === 'corrupt' ? null : stored.auth_token;
    },
  };
}
