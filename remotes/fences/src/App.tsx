import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { FenceEditPage } from './pages/FenceEditPage';
import { FenceListPage } from './pages/FenceListPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Fence list (default child) and editor `edit/:id` (host route /main/fenceManagement). */
export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name="fences" buildTag={BUILD_TAG}>
      <Routes>
        <Route index element={<FenceListPage />} />
        <Route path="edit/:id" element={<FenceEditPage />} />
        <Route path="*" element={<FenceListPage />} />
      </Routes>
    </RemoteRoot>
  );
}
