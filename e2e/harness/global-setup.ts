import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from './chromium';
import { HOST_DIST, REMOTE_NAMES, SERVER_MAIN, remoteDist } from './paths';
import { TEMPLATE_ENV, startServer } from './server';

// The e2e suite runs against production builds; say plainly what is missing. Then one server
// migrates and seeds a database that every server of the run starts from (a copy each).
export default async function globalSetup(): Promise<() => void> {
  const needed = [SERVER_MAIN, `${HOST_DIST}/index.html`, ...REMOTE_NAMES.map((r) => `${remoteDist(r)}/mf-manifest.json`)];
  const missing = needed.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`e2e needs a build (npm run build); missing:\n${missing.join('\n')}`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium)`);

  const template = path.join(mkdtempSync(path.join(os.tmpdir(), 'ptt-e2e-template-')), 'data');
  const server = await startServer({ freshData: true });
  // Stopped gracefully, so the database is closed cleanly before it is copied.
  await server.kill();
  cpSync(server.dataDir, template, { recursive: true });
  await server.stop();
  // Workers inherit the environment of the process that ran the global setup.
  process.env[TEMPLATE_ENV] = template;
  return () => rmSync(path.dirname(template), { recursive: true, force: true });
}
