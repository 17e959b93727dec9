import { useState } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings, useBusInvalidation } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { DispatchPage } from './pages';
import { createDispatchStore } from './store';
import { NS } from './core';
import { en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** The dispatch console (host route /main/dispatch). */
export default function App({ api, bus }: RemoteAppProps) {
  // One store for the life of the mounted remote: the host keeps it mounted when the user leaves.
  const [store] = useState(() => createDispatchStore(api));
  // A list another console changed refetches (ADR 016).
  useBusInvalidation(bus, store.dispatch as (action: unknown) => unknown);
  const page = <DispatchPage api={api} bus={bus} />;
  return (
    <Provider store={store}>
      <RemoteRoot name="dispatch" buildTag={BUILD_TAG}>
        <Routes>
          <Route index element={page} />
          <Route path="*" element={page} />
        </Routes>
      </RemoteRoot>
    </Provider>
  );
}
