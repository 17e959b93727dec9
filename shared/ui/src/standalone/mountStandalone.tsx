import { StrictMode } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { RemoteAppProps } from '@ptt/event-bus';
import { StandaloneApp } from './StandaloneApp';
import type { StandaloneSignInProps } from './StandaloneApp';
import { createPageServices } from './createStandaloneServices';
import { isEmbedded } from './embedHandoff';

/**
 * Renders a remote opened on its own (/remotes/<name>/index.html) with its own bus, session and
 * socket. `publicPath` is the remote build's `__webpack_public_path__` ('auto': the folder its
 * bundle was served from), which becomes the router's basename. With `?embed=1` the page waits
 * for the embedding site to hand it a session instead of showing the login form. `SignIn` replaces
 * the login form (the screen's pairing view) and `sessionKey` keeps the session apart (ADR 026).
 */
export interface MountStandaloneOptions {
  /** Shown instead of the login form while no session is stored (a wall display's pairing view). */
  SignIn?: ComponentType<StandaloneSignInProps>;
  /** Keep the session under this storage key, not the console's (see PageServicesOptions). */
  sessionKey?: string;
}

export function mountStandalone(App: ComponentType<RemoteAppProps>, publicPath: string, { SignIn, sessionKey }: MountStandaloneOptions = {}): void {
  const basename = new URL(publicPath, window.location.href).pathname.replace(/\/$/, '') || '/';
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp App={App} services={createPageServices({ embedded: isEmbedded(window.location.search), sessionKey })} basename={basename} SignIn={SignIn} />
    </StrictMode>,
  );
}
