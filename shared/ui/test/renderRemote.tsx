// Test helper for remotes: renders a remote's root component the way the host mounts it.
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createApiClient, createEventBus } from '@ptt/event-bus';
import type { RemoteAppProps } from '@ptt/event-bus';
import { initI18n } from '../src/i18n/i18n';
import { pttTheme } from '../src/theme';

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Mounts `App` under `basePath/*` (as the host does) at `url`; `location` shows where it navigated. */
export function renderRemote(App: ComponentType<RemoteAppProps>, { basePath, url }: { basePath: string; url: string }) {
  const bus = createEventBus();
  initI18n({ bus });
  const api = createApiClient({ getToken: () => null, fetchImpl: () => Promise.reject(new Error('offline in tests')) });
  const mount = basePath === '/' ? '/*' : `${basePath}/*`;
  return {
    bus,
    ...render(
      <FluentProvider theme={pttTheme}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={mount} element={<App bus={bus} api={api} basePath={basePath} />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </FluentProvider>,
    ),
  };
}
