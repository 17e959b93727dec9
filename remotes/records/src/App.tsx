import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, RouteTabs, addRemoteStrings, joinPath } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { RECORD_KINDS, RecordPage } from './pages/RecordPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** SOS, login, cross-border and operation records (host route /main/record, index -> sos). */
export default function App({ basePath }: RemoteAppProps) {
  const { t } = useTranslation(NS);
  const tabs = RECORD_KINDS.map((kind) => ({ path: kind, label: t(`tabs.${kind}`) }));
  return (
    <RemoteRoot name="records" buildTag={BUILD_TAG}>
      <RouteTabs tabs={tabs} label={t('tabs.label')} basePath={basePath} />
      <Routes>
        <Route index element={<Navigate to="sos" replace />} />
        {RECORD_KINDS.map((kind) => (
          <Route key={kind} path={kind} element={<RecordPage kind={kind} />} />
        ))}
        {/* Absolute: relative paths in a splat route resolve against the whole URL. */}
        <Route path="*" element={<Navigate to={joinPath(basePath, 'sos')} replace />} />
      </Routes>
    </RemoteRoot>
  );
}
