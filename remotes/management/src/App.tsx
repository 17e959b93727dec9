import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { DataProvider, RemoteRoot, addRemoteStrings } from '@ptt/ui';
import { ManagementProvider } from './core';
import { BUILD_TAG } from './buildTag';
import { SectionPage } from './pages';
import { SECTIONS, sectionFor } from './sections';
import type { SectionSegment } from './sections';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/**
 * Users, channels and devices. In the host each page has its own route (userManagement, ...), so
 * the mount point chooses the page; standalone, the segments are child routes.
 */
export default function App({ api, bus, basePath }: RemoteAppProps) {
  return (
    <RemoteRoot name="management" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <ManagementProvider api={api} bus={bus}>
          <Pages basePath={basePath} />
        </ManagementProvider>
      </DataProvider>
    </RemoteRoot>
  );
}

function Pages({ basePath }: { basePath: string }) {
  const section = sectionFor(basePath);
  if (section) {
    return (
      <Routes>
        <Route path="*" element={<SectionPage section={section} />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<Navigate to="userManagement" replace />} />
      {(Object.keys(SECTIONS) as SectionSegment[]).map((segment) => (
        <Route key={segment} path={`${segment}/*`} element={<SectionPage section={SECTIONS[segment]} />} />
      ))}
    </Routes>
  );
}
