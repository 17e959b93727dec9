import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { DataProvider, RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { FencesProvider } from './core';
import { FenceEditPage } from './editor';
import { FenceListPage } from './list';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Fence list (default child) and editor `edit/:id`, `edit/new` (host route /main/fenceManagement). */
export default function App({ api, bus }: RemoteAppProps) {
  return (
    <RemoteRoot name="fences" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <FencesProvider bus={bus}>
          <Routes>
            <Route index element={<FenceListPage />} />
            <Route path="edit/:id" element={<FenceEditPage />} />
            <Route path="*" element={<FenceListPage />} />
          </Routes>
        </FencesProvider>
      </DataProvider>
    </RemoteRoot>
  );
}
