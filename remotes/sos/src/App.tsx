import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { SosPage } from './pages/SosPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** SOS management (host route /sosManagement, outside the shell; also standalone or embedded). */
export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name="sos" buildTag={BUILD_TAG}>
      <main>
        <Routes>
          <Route path="*" element={<SosPage waiting={0} />} />
        </Routes>
      </main>
    </RemoteRoot>
  );
}
