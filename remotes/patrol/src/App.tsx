import { useTranslation } from 'react-i18next';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, SectionRoutes, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { PATROL_SECTIONS, PatrolPage } from './pages/PatrolPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Patrol dashboard, tasks, nodes, members and records (host route /main/patrol, index -> dashboard). */
export default function App({ basePath }: RemoteAppProps) {
  const { t } = useTranslation(NS);
  const sections = PATROL_SECTIONS.map((section) => ({
    path: section,
    label: t(`tabs.${section}`),
    element: <PatrolPage section={section} />,
  }));
  return (
    <RemoteRoot name="patrol" buildTag={BUILD_TAG}>
      <SectionRoutes sections={sections} label={t('tabs.label')} basePath={basePath} />
    </RemoteRoot>
  );
}
