import { startTransition, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ServerCode } from '@ptt/contracts';
import { LOGIN_PATH } from './session';
import type { LoginNotice } from './session';
import { useServices } from './services';

const EXPIRED_NOTICE: Record<number, string> = {
  [ServerCode.LoggedInElsewhere]: 'client.loggedInElsewhere',
  [ServerCode.AuthorizationFailed]: 'client.missingAuthorization',
};

/** Connects the one /ws2 bridge for a stored session and follows what it reports on the bus. */
export function SessionEvents() {
  const { bus, sessionStore, bridge } = useServices();
  const navigate = useNavigate();

  useEffect(() => {
    if (sessionStore.token()) bridge.connect();
    return () => bridge.disconnect();
  }, [bridge, sessionStore]);

  useEffect(() => {
    const expired = bus.on('session/expired').subscribe(({ code }) => {
      bridge.disconnect();
      const state: LoginNotice = { noticeKey: EXPIRED_NOTICE[code] ?? 'client.missingAuthorization' };
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
