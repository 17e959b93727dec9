import { useTranslation } from 'react-i18next';
import type { RemoteAppProps } from '@ptt/event-bus';
import { RemoteRoot, SectionRoutes, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { RECORD_KINDS, RecordPage } from './pages/RecordPage';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** SOS, login, cross-border and operation records (host route /main/record, index -> sos). */
export default function App({ basePath }: RemoteAppProps) {
  const { t } = useTranslation(NS);
  const sections = RECORD_KINDS.map((kind) => ({
    path: kind,
    label: t(`tabs.${kind}`),
    element: <RecordPage kind={kind} />,
  }));
  return (
    <RemoteRoot name="records" buildTag={BUILD_TAG}>
      <SectionRoutes sections={sections} label={t('tabs.label')} basePath={basePath} />
    </RemoteRoot>
  );
}
