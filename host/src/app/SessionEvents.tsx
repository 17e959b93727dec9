import { startTransition, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLIENT_ERROR_KEYS, ServerCode } from '@ptt/contracts';
import type { BusPayload } from '@ptt/contracts';
import { LOGIN_PATH } from './session';
import type { LoginNotice } from './session';
import { useServices } from './services';

/** The message the login page shows for a session the server ended. */
export function expiredNoticeKey({ code, reason }: BusPayload<'session/expired'>): string {
  if (code === ServerCode.LoggedInElsewhere || reason === 'loginElsewhere') return CLIENT_ERROR_KEYS.loggedInElsewhere;
  // Locked, deleted, re-roled, reset or a password changed in another session.
  if (reason === 'accountChanged') return CLIENT_ERROR_KEYS.accountChanged;
  return CLIENT_ERROR_KEYS.missingAuthorization;
}

/** Connects the one /ws2 bridge for a stored session and follows what it reports on the bus. */
export function SessionEvents() {
  const { bus, sessionStore, bridge } = useServices();
  const navigate = useNavigate();

  useEffect(() => {
    if (sessionStore.token()) bridge.connect();
    return () => bridge.disconnect();
  }, [bridge, sessionStore]);

  useEffect(() => {
    const expired = bus.on('session/expired').subscribe((ended) => {
      // A late REST answer after the session already ended changes nothing.
      if (!sessionStore.token()) return;
      bridge.disconnect();
      const state: LoginNotice = { noticeKey: expiredNoticeKey(ended) };
      // One transition for both, or the token guard would see the cleared session first and
      // redirect with its own 'Please login first.' instead of the reason.
      startTransition(() => {
        void navigate(LOGIN_PATH, { replace: true, state });
        sessionStore.clear();
      });
    });
    const go = bus.on('nav/go').subscribe(({ to }) => void navigate(to));
    return () => {
      expired.unsubscribe();
      go.unsubscribe();
    };
  }, [bus, sessionStore, bridge, navigate]);

  return null;
}
