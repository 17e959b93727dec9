import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, RouteTabs, addRemoteStrings, joinPath } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { PATROL_SECTIONS, PatrolPage } from './pages/PatrolPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Patrol dashboard, tasks, nodes, members and records (host route /main/patrol, index -> dashboard). */
export default function App({ basePath }: RemoteAppProps) {
  const { t } = useTranslation(NS);
  const tabs = PATROL_SECTIONS.map((section) => ({ path: section, label: t(`tabs.${section}`) }));
  return (
    <RemoteRoot name="patrol" buildTag={BUILD_TAG}>
      <RouteTabs tabs={tabs} label={t('tabs.label')} basePath={basePath} />
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        {PATROL_SECTIONS.map((section) => (
          <Route key={section} path={section} element={<PatrolPage section={section} />} />
        ))}
        {/* Absolute: relative paths in a splat route resolve against the whole URL. */}
        <Route path="*" element={<Navigate to={joinPath(basePath, 'dashboard')} replace />} />
      </Routes>
    </RemoteRoot>
  );
}
