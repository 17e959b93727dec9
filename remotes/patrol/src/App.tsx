import { useTranslation } from 'react-i18next';
import type { RemoteAppProps } from '@ptt/event-bus';
import { DataProvider, RemoteRoot, SectionRoutes, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { PatrolProvider } from './core';
import { DashboardPage } from './dashboard';
import { MemberPage } from './member';
import { NodePage } from './node';
import { RecordPage } from './record';
import { PATROL_SECTIONS, type PatrolSection } from './sections';
import { NS, en, zh } from './strings';
import { TaskPage } from './task';

addRemoteStrings(NS, en, zh);

const PAGES: Record<PatrolSection, () => JSX.Element> = {
  dashboard: DashboardPage,
  task: TaskPage,
  node: NodePage,
  member: MemberPage,
  record: RecordPage,
};

/** Patrol dashboard, tasks, nodes, members and records (host route /main/patrol, index -> dashboard; ADR 029). */
export default function App({ api, bus, basePath }: RemoteAppProps) {
  return (
    <RemoteRoot name="patrol" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <PatrolProvider bus={bus}>
          <Sections basePath={basePath} />
        </PatrolProvider>
      </DataProvider>
    </RemoteRoot>
  );
}

function Sections({ basePath }: { basePath: string }) {
  const { t } = useTranslation(NS);
  const sections = PATROL_SECTIONS.map((section) => {
    const Page = PAGES[section];
    return { path: section, label: t(`tabs.${section}`), element: <Page /> };
  });
  return <SectionRoutes sections={sections} label={t('tabs.label')} basePath={basePath} />;
}
