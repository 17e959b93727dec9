import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { SectionPage } from './pages/SectionPage';
import { SECTIONS, sectionFor } from './sections';
import type { SectionSegment } from './sections';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/**
 * Users, channels and devices. In the host each page has its own route (userManagement, ...), so
 * the mount point chooses the page; standalone, the segments are child routes.
 */
export default function App({ basePath }: RemoteAppProps) {
  const section = sectionFor(basePath);
  return (
    <RemoteRoot name="management" buildTag={BUILD_TAG}>
      {section ? (
        <Routes>
          <Route path="*" element={<SectionPage section={section} />} />
        </Routes>
      ) : (
        <Routes>
          <Route index element={<Navigate to="userManagement" replace />} />
          {(Object.keys(SECTIONS) as SectionSegment[]).map((segment) => (
            <Route key={segment} path={`${segment}/*`} element={<SectionPage section={SECTIONS[segment]} />} />
          ))}
        </Routes>
      )}
    </RemoteRoot>
  );
}
