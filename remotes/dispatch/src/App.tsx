import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { DispatchPage } from './pages/DispatchPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** The dispatch console (host route /main/dispatch). */
export default function App({ api, bus }: RemoteAppProps) {
  const page = <DispatchPage api={api} bus={bus} />;
  return (
    <RemoteRoot name="dispatch" buildTag={BUILD_TAG}>
      <Routes>
        <Route index element={page} />
        <Route path="*" element={page} />
      </Routes>
    </RemoteRoot>
  );
}
