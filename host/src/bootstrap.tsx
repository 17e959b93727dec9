import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createPageServices, initI18n } from '@ptt/ui';
import { HostApp } from './app/HostApp';
import { createFederationLoader } from './remotes/remoteRegistry';

// The ONE bus, session store, API client and /ws2 bridge of the page; remotes get them as props.
const pageServices = createPageServices();
initI18n({ bus: pageServices.bus, titleKey: 'app.title' });

const remotes = createFederationLoader();
// Fetch /config/remotes.json right away but never wait for it: the shell renders regardless, and
// a remote route whose registration failed shows its Retry state.
remotes.ready().catch((err: unknown) => console.error('remote registry unavailable', err));

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <HostApp services={{ ...pageServices, remotes }} />
    </BrowserRouter>
  </StrictMode>,
);
