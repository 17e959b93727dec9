import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { canOpenScreen } from '@ptt/contracts';
import type { RemoteAppProps } from '@ptt/event-bus';
import { COMMON_NS, DataProvider, RemoteRoot, SectionRoutes, addRemoteStrings } from '@ptt/ui';
import { BUILD_TAG } from './buildTag';
import { RecordsProvider, useRecords } from './core';
import { CrossRecords } from './cross';
import { LoginRecords } from './login';
import { OperationRecords } from './operation';
import { KIND_SCREENS, RECORD_KINDS, type RecordKind } from './sections';
import { SosRecords } from './sos';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

const PAGES: Record<RecordKind, () => JSX.Element> = {
  sos: SosRecords,
  login: LoginRecords,
  cross: CrossRecords,
  operation: OperationRecords,
};

/** SOS, login, cross-border and operation records (host route /main/record, index -> sos). */
export default function App({ api, bus, basePath }: RemoteAppProps) {
  return (
    <RemoteRoot name="records" buildTag={BUILD_TAG}>
      <DataProvider api={api} bus={bus}>
        <RecordsProvider api={api} bus={bus}>
          <Sections basePath={basePath} />
        </RecordsProvider>
      </DataProvider>
    </RemoteRoot>
  );
}

/** The tabs the role may open: a dispatcher has SOS and cross-border, managers all four. */
function Sections({ basePath }: { basePath: string }) {
  const { t } = useTranslation(NS);
  const { t: common } = useTranslation(COMMON_NS);
  const { session } = useRecords();
  const kinds = RECORD_KINDS.filter((kind) => session === null || canOpenScreen(session.role, KIND_SCREENS[kind]));
  // The host never routes a member here; the page opened on its own says why it shows nothing.
  if (kinds.length === 0) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{common('rule.insufficientPermissions')}</MessageBarBody>
      </MessageBar>
    );
  }
  const sections = kinds.map((kind) => {
    const Page = PAGES[kind];
    return { path: kind, label: t(`tabs.${kind}`), element: <Page /> };
  });
  return <SectionRoutes sections={sections} label={t('tabs.label')} basePath={basePath} />;
}
