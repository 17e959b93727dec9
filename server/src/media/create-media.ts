import { mkdirSync } from 'node:fs';
import type { MediaConfig } from '../config';
import { JanusClient } from './janus-client';
import { JanusProcess } from './janus-process';
import { JanusRooms } from './janus-rooms';
import type { Logger } from '../logger';
import { NoMedia, type MediaRooms } from './media-rooms';

/**
 * The media rooms main.ts gives the app: NoMedia, a Janus the server starts (JANUS_AUTOSTART), or
 * an external Janus. Starting Janus fails the start with a clear message; an external Janus that
 * does not answer yet only warns (it may come up later).
 */
export async function createMedia(config: MediaConfig, log: Logger): Promise<MediaRooms> {
  if (config.kind === 'none') return new NoMedia();
  mkdirSync(config.recordDir, { recursive: true });
  if (config.kind === 'autostart') {
    const janus = await JanusProcess.start({ janusBin: config.janusBin, folder: config.folder, log });
    log.info({ url: janus.url, startMs: janus.startMs, rtpPorts: janus.rtpPortRange, log: janus.logFile }, 'Janus started');
    const client = new JanusClient({ url: () => janus.url, apiSecret: janus.apiSecret, log });
    return new JanusRooms({ client, adminKey: janus.adminKey, recordDir: config.recordDir, log, process: janus });
  }
  const client = new JanusClient({ url: config.janusUrl, apiSecret: config.apiSecret, log });
  const rooms = new JanusRooms({ client, adminKey: config.adminKey, recordDir: config.recordDir, log });
  try {
    await client.audiobridge({ request: 'list', admin_key: config.adminKey });
  } catch (err) {
    log.warn({ err, url: config.janusUrl }, 'The external Janus does not answer yet (JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY)');
  }
  return rooms;
}
