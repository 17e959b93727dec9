import { createApiClient, createEventBus, createSessionStore, createSocketBridge } from '@ptt/event-bus';
import type { ApiClient, EventBus, SessionStore, SocketBridge } from '@ptt/event-bus';
import { socketUrlFor } from '../socketUrl';

export interface PageServices {
  bus: EventBus;
  sessionStore: SessionStore;
  api: ApiClient;
  bridge: SocketBridge;
}

/**
 * The per-page services: ONE bus, session store, API client and /ws2 bridge. The host creates them
 * at boot; a remote opened on its own page (wall display, embedded SOS) creates its own here.
 */
export function createPageServices(): PageServices {
  const bus = createEventBus();
  const sessionStore = createSessionStore({ bus });
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
  return { bus, sessionStore, api, bridge };
}
