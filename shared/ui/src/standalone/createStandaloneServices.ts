import { createApiClient, createEventBus, createMemoryStorage, createSessionStore, createSocketBridge } from '@ptt/event-bus';
import type { ApiClient, EventBus, SessionStore, SocketBridge } from '@ptt/event-bus';
import { socketUrlFor } from '../socketUrl';
import { createKeyedSessionStore } from './keyedSessionStore';

export interface PageServices {
  bus: EventBus;
  sessionStore: SessionStore;
  api: ApiClient;
  bridge: SocketBridge;
  /** Opened inside another site (`?embed=1`): signed in by a token hand-off, not by the login form. */
  embedded?: boolean;
  /** Where the session and locale are kept: localStorage, or memory when embedded. */
  storage?: Storage;
}

export interface PageServicesOptions {
  /**
   * Embedded in another site: the session lives in memory only, so nothing is written into the
   * other site's storage partition and a reload asks the site for a token again.
   */
  embedded?: boolean;
  /**
   * Keep the session under this local storage key instead of the console's `user` and `token`
   * keys (a wall display's credential, ADR 026: 'ptt.display'). Ignored when embedded.
   */
  sessionKey?: string;
}

/**
 * The per-page services: ONE bus, session store, API client and /ws2 bridge. The host creates them
 * at boot; a remote opened on its own page (wall display, embedded SOS) creates its own here.
 */
export function createPageServices({ embedded = false, sessionKey }: PageServicesOptions = {}): PageServices {
  const bus = createEventBus();
  const storage = embedded ? createMemoryStorage() : undefined;
  const sessionStore = sessionKey && !embedded ? createKeyedSessionStore({ bus, key: sessionKey }) : createSessionStore({ bus, storage });
  const api = createApiClient({ baseUrl: '', getToken: () => sessionStore.token() });
  const bridge = createSocketBridge({
    bus,
    url: socketUrlFor(window.location),
    sessionStore,
    // The bridge asks for navigation (e.g. to the root when no user is stored); whoever owns the
    // router follows `nav/go`.
    navigate: (to: string) => bus.publish('nav/go', { to }),
  });
  bus.publish('session', sessionStore.load());
  return { bus, sessionStore, api, bridge, embedded, storage };
}
