import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { ScreenPage } from './pages/ScreenPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** The large screen (host route /main/screen; also opened standalone on wall displays). */
export default function App(_props: RemoteAppProps) {
  return (
    <RemoteRoot name="screen" buildTag={BUILD_TAG}>
      <Routes>
        <Route path="*" element={<ScreenPage />} />
      </Routes>
    </RemoteRoot>
  );
}
