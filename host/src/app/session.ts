import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Session } from '@ptt/contracts';
import { LOGOUT_PATH, useBusState } from '@ptt/ui';
import { useServices } from './services';

export const HOME_PATH = '/main/dispatch';
export const LOGIN_PATH = '/login';

/** State a redirect to /login carries: the i18n key of the message to show there. */
export interface LoginNotice {
  noticeKey: string;
}

/** The stored token, re-read whenever the session on the bus changes. */
export function useToken(): string | null {
  const { bus, sessionStore } = useServices();
  useBusState(bus, 'session');
  return sessionStore.token();
}

export function useSession(): Session | null {
  const { bus } = useServices();
  return useBusState(bus, 'session') ?? null;
}

export function useLoggedIn(): (session: Session) => void {
  const { sessionStore, bridge } = useServices();
  const navigate = useNavigate();
  return useCallback(
    (session: Session) => {
      sessionStore.save(session);
      bridge.connect();
      void navigate(HOME_PATH, { replace: true });
    },
    [sessionStore, bridge, navigate],
  );
}

/** Ends the session; `noticeKey` is the message the login page shows (none for a plain logout). */
export function useLogout(): (noticeKey?: string) => Promise<void> {
  const { sessionStore, bridge, api } = useServices();
  const navigate = useNavigate();
  return useCallback(
    async (noticeKey?: string) => {
      bridge.sendOfflineHeartbeat();
      // The session ends locally whatever the server says: a failed logout must not trap the user.
      await api.post(LOGOUT_PATH).catch(() => undefined);
      bridge.disconnect();
      const state: LoginNotice | undefined = noticeKey ? { noticeKey } : undefined;
      // Together, so the token guard does not greet the user with 'Please login first.' instead.
      startTransition(() => {
        void navigate(LOGIN_PATH, { replace: true, state });
        sessionStore.clear();
      });
    },
    [sessionStore, bridge, api, navigate],
  );
}
