import { mountStandalone } from '@ptt/ui';
import { PairingView } from './pairing/PairingView';
import { DISPLAY_SESSION_KEY, standaloneScreen } from './StandaloneScreen';

// Opened on its own (/remotes/screen/index.html, a wall display): its own bus, session and
// socket; without a credential it shows the pairing view, and keeps the display's credential
// under its own storage key. It looks for a new build of itself at its own index.html.
const indexHtml = new URL('index.html', new URL(__webpack_public_path__, window.location.href)).href;
mountStandalone(standaloneScreen({ url: indexHtml }), __webpack_public_path__, { SignIn: PairingView, sessionKey: DISPLAY_SESSION_KEY });
