import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp, createPageServices } from '@ptt/ui';
import App from './App';

// Opened on its own (/remotes/<name>/index.html): this page builds its own bus, session and socket.
// The router's basename is the folder the bundle is served from (publicPath 'auto').
const basename = new URL(__webpack_public_path__, window.location.href).pathname.replace(/\/$/, '') || '/';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StandaloneApp App={App} services={createPageServices()} basename={basename} />
  </StrictMode>,
);
