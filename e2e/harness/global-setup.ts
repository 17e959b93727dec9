import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium';
import { HOST_DIST, REMOTE_NAMES, SERVER_MAIN, remoteDist } from './paths';

// The e2e suite runs against production builds; say plainly what is missing.
export default function globalSetup(): void {
  const needed = [SERVER_MAIN, `${HOST_DIST}/index.html`, ...REMOTE_NAMES.map((r) => `${remoteDist(r)}/mf-manifest.json`)];
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`e2e needs a build (npm run build); missing:\n${missing.join('\n')}`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
}
