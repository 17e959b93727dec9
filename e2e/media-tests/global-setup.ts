import { existsSync } from 'node:fs';
import os from 'node:os';
import { CHROMIUM_PATH } from '../harness/chromium';
import { requireNetns } from '../harness/media';
import { JANUS_BIN } from './support/janus';
import { ADAPTER_JS, JANUS_JS } from './support/janus-page';

// Say plainly what the media suite lacks instead of failing in every test.
export default function globalSetup(): void {
  requireNetns();
  const up = Object.values(os.networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4');
  if (up.length === 0) throw new Error('no non-loopback IPv4 address in this namespace: Janus would gather no ICE candidate');
  if (!existsSync(JANUS_BIN)) throw new Error(`Janus not found at ${JANUS_BIN} (apt-get install janus janus-tools)`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);
  const missing = [JANUS_JS, ADAPTER_JS].filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`janus.js or webrtc-adapter missing (pnpm install): ${missing.join(', ')}`);
}
