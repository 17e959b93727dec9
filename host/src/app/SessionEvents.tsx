import { startTransition, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CLIENT_ERROR_KEYS, ServerCode, sessionSchema } from '@ptt/contracts';
import type { BusPayload } from '@ptt/contracts';
import { LOGIN_PATH } from './session';
import type { LoginNotice } from './session';
import { useServices } from './services';

/** The session of the stored token (with its file link and key). */
export const ME_PATH = '/api/auth/me';

/** The message the login page shows for a session the server ended. */
export function expiredNoticeKey({ code, reason }: BusPayload<'session/expired'>): string {
  if (code === ServerCode.LoggedInElsewhere || reason === 'loginElsewhere') return CLIENT_ERROR_KEYS.loggedInElsewhere;
  // Locked, deleted, re-roled, reset or a password changed in another session.
  if (reason === 'accountChanged') return CLIENT_ERROR_KEYS.accountChanged;
  return CLIENT_ERROR_KEYS.missingAuthorization;
}

/** Connects the one /ws2 bridge for a stored session and follows what it reports on the bus. */
export function SessionEvents() {
  const { bus, sessionStore, bridge, api } = useServices();
  const navigate = useNavigate();

  useEffect(() => {
    if (sessionStore.token()) bridge.connect();
    return () => bridge.disconnect();
  }, [bridge, sessionStore]);

  // A session stored before signed file URLs (ADR 012) has no file link and key: ask for them
  // once, so pictures and recordings show without logging in again.
  useEffect(() => {
    const stored = sessionStore.load();
    if (!stored || (stored.file_link && stored.file_key)) return undefined;
    const abort = new AbortController();
    Promise.resolve()
      .then(() => api.get(ME_PATH, { schema: sessionSchema, signal: abort.signal }))
      .then((me) => {
        if (abort.signal.aborted || sessionStore.token() !== stored.auth_token) return;
        sessionStore.save({ ...(sessionStore.load() ?? stored), file_link: me.file_link, file_key: me.file_key });
      })
      // An ended session is reported on the bus by the client; anything else: files stay unsigned.
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, sessionStore]);

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
