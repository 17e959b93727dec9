import { FluentProvider } from '@fluentui/react-components';
import { pttTheme } from '@ptt/ui';
import { AppRoutes } from './AppRoutes';
import { ScrollToTop } from './ScrollToTop';
import { SessionEvents } from './SessionEvents';
import { ServicesProvider } from './services';
import type { HostServices } from './services';

/** The shell inside whatever router the caller provides (BrowserRouter in the page, MemoryRouter in tests). */
export function HostApp({ services }: { services: HostServices }) {
  return (
    <ServicesProvider value={services}>
      <FluentProvider theme={pttTheme} style={{ minHeight: '100vh' }}>
        <ScrollToTop />
        <SessionEvents />
        <AppRoutes />
      </FluentProvider>
    </ServicesProvider>
  );
}
