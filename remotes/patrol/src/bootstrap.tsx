import { mountStandalone } from '@ptt/ui';
import App from './App';

// Opened on its own (/remotes/<name>/index.html): this page builds its own bus, session and socket.
mountStandalone(App, __webpack_public_path__);
