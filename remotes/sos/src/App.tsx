import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { DataProvider, RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { SosProvider } from './core';
import { SosPage } from './pages/SosPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** SOS management (host route /sosManagement, outside the shell; also standalone or embedded). */
export default function App({ api, bus }: RemoteAppProps) {
  return (
    <RemoteRoot name="sos" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <SosProvider api={api} bus={bus}>
          <main>
            <Routes>
              <Route path="*" element={<SosPage />} />
            </Routes>
          </main>
        </SosProvider>
      </DataProvider>
    </RemoteRoot>
  );
}
