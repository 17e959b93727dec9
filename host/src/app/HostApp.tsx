import { useMemo } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { withSessionEnd } from '@ptt/event-bus';
import { DataProvider, LOGOUT_PATH, addRemoteStrings, pttTheme } from '@ptt/ui';
import { NoticeAlerts } from '../notices/NoticeAlerts';
import { NotificationCenter } from '../notify/NotificationCenter';
import { SettingsPublisher } from '../settings/settingsStore';
import { SosEscalationAlerts } from '../sos/SosEscalationAlerts';
import { NS as SHELL_NS, en as shellEn, zh as shellZh } from '../shell/strings';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from './ScrollToTop';
import { ServiceBanner } from './ServiceBanner';
import { SessionEvents } from './SessionEvents';
import { ServicesProvider } from './services';
import type { HostServices } from './services';
import { SocketWatch } from './SocketWatch';

addRemoteStrings(SHELL_NS, shellEn, shellZh);

/** The shell inside whatever router the caller provides (BrowserRouter in the page, MemoryRouter in tests). */
export function HostApp({ services }: { services: HostServices }) {
  // Every REST call of the page (the host's and the remotes') reports a refused session on the bus.
  const provided = useMemo(
    () => ({ ...services, api: withSessionEnd(services.api, services.bus, [LOGOUT_PATH]) }),
    [services],
  );
  return (
    <ServicesProvider value={provided}>
      <DataProvider api={provided.api} bus={provided.bus}>
        <FluentProvider theme={pttTheme} style={{ minHeight: '100vh' }}>
          <ScrollToTop />
          <SessionEvents />
          <SocketWatch />
          <SettingsPublisher />
          <NotificationCenter />
          <NoticeAlerts />
          <SosEscalationAlerts />
          <ServiceBanner />
          <AppRoutes />
        </FluentProvider>
      </DataProvider>
    </ServicesProvider>
  );
}
