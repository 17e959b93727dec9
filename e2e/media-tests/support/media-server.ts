// The product's server for media specs: the built server (e2e/harness/server.ts) with
// JANUS_AUTOSTART=true, so it starts Janus itself from the configuration it writes under
// <DATA_DIR>/janus (ADR 010). Inside the namespace only.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { requireNetns } from '../../harness/media';
import { startServer, type RunningServer, type StartOptions } from '../../harness/server';

export interface MediaServer extends RunningServer {
  /** The log of the Janus the server started (gone after stop(), which removes DATA_DIR). */
  janusLog: () => string;
}

export async function startMediaServer(opts: StartOptions = {}): Promise<MediaServer> {
  requireNetns();
  const server = await startServer({ ...opts, env: { JANUS_AUTOSTART: 'true', ...opts.env } });
  const logFile = path.join(server.dataDir, 'janus', 'janus.log');
  return { ...server, janusLog: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') };
}

/** Keeps the server's and Janus' logs with a failed test's results (call before stop()). */
export async function attachLogsOnFailure(testInfo: TestInfo, server: MediaServer): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('server.log', { body: server.output(), contentType: 'text/plain' });
  await testInfo.attach('janus.log', { body: server.janusLog(), contentType: 'text/plain' });
}
