import { useCallback, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import type { Session } from '@ptt/contracts';
import type { ApiClient, EventBus, RemoteAppProps } from '@ptt/event-bus';
import { pttTheme } from '../theme';
import { initI18n } from '../i18n/i18n';
import { LoginForm } from '../login/LoginForm';
import { captchaWith, loginWith } from '../login/loginRequest';
import { useBusState } from '../useBusState';
import type { PageServices } from './createStandaloneServices';
import { EmbedWaiting } from './EmbedWaiting';
import { useEmbedHandoff } from './useEmbedHandoff';
import './strings';

/** What a page's own sign-in (instead of the login form) is given. */
export interface StandaloneSignInProps {
  api: ApiClient;
  bus: EventBus;
  /** Keep this session (in the page's session store) and open the remote. */
  onSignedIn: (session: Session) => void;
  /** The usual login form, for a sign-in that offers it as the other way in. */
  loginForm: ReactNode;
}

export interface StandaloneAppProps {
  /** The remote's root component, as it is exposed to the host. */
  App: ComponentType<RemoteAppProps>;
  services: PageServices;
  /** Router basename: the folder the remote's index.html is served from. */
  basename?: string;
  /** Embedded only: exchanges a handed-over token for a session (tests hand in a fake). */
  embedExchange?: (token: string, origin: string) => Promise<Session>;
  /** Shown instead of the login form while signed out (the wall display's pairing view, ADR 026). */
  SignIn?: ComponentType<StandaloneSignInProps>;
}

function NavGo({ services }: { services: PageServices }) {
  const navigate = useNavigate();
  useEffect(() => {
    const sub = services.bus.on('nav/go').subscribe(({ to }) => void navigate(to));
    return () => sub.unsubscribe();
  }, [services.bus, navigate]);
  return null;
}

/**
 * What a remote's own index.html renders: login when no session is stored, then the remote.
 * Embedded in another site, the login form is replaced by waiting for that site's token.
 */
export function StandaloneApp({ App, services, basename = '/', embedExchange, SignIn }: StandaloneAppProps) {
  const { bus, api, sessionStore, bridge } = services;
  const embedded = services.embedded === true;
  const [ready] = useState(() => Boolean(initI18n({ bus, storage: services.storage })));
  const session = useBusState(bus, 'session');
  const loggedIn = ready && Boolean(session) && sessionStore.token() !== null;
  useEmbedHandoff(embedded, loggedIn, (s) => sessionStore.save(s), embedExchange);

  useEffect(() => {
    if (!loggedIn) return;
    bridge.connect();
    return () => bridge.disconnect();
  }, [bridge, loggedIn]);

  const save = useCallback((s: Session) => sessionStore.save(s), [sessionStore]);
  const loginForm = <LoginForm login={loginWith(api)} fetchCaptcha={captchaWith(api)} onLoggedIn={save} />;

  useEffect(() => {
    const sub = bus.on('session/expired').subscribe(() => sessionStore.clear());
    return () => sub.unsubscribe();
  }, [bus, sessionStore]);

  return (
    <FluentProvider theme={pttTheme}>
      <BrowserRouter basename={basename}>
        <NavGo services={services} />
        {loggedIn ? (
          <Routes>
            {/* Opened as /remotes/<name>/index.html: start at the remote's own index route. */}
            <Route path="/index.html" element={<Navigate to="/" replace />} />
            <Route path="/*" element={<App bus={bus} api={api} basePath="/" />} />
          </Routes>
        ) : embedded ? (
          <EmbedWaiting />
        ) : SignIn ? (
          <SignIn api={api} bus={bus} onSignedIn={save} loginForm={loginForm} />
        ) : (
          <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>{loginForm}</main>
        )}
      </BrowserRouter>
    </FluentProvider>
  );
}
