import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { DataProvider, RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { ScreenProvider } from './core';
import type { SelfUpdateOptions } from './core';
import { ScreenPage } from './pages/ScreenPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

export interface ScreenAppProps extends RemoteAppProps {
  /** Opened on its own page (a wall display), not inside the shell. */
  standalone?: boolean;
  /** Display mode: how to look for a new build of the page. */
  selfUpdate?: SelfUpdateOptions | null;
}

/** The large screen (host route /main/screen; also opened standalone on wall displays). */
export default function App({ api, bus, standalone = false, selfUpdate = null }: ScreenAppProps) {
  return (
    <RemoteRoot name="screen" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <ScreenProvider api={api} bus={bus} standalone={standalone} selfUpdate={selfUpdate}>
          <Routes>
            <Route path="*" element={<ScreenPage />} />
          </Routes>
        </ScreenProvider>
      </DataProvider>
    </RemoteRoot>
  );
}
