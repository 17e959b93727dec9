import { mkdirSync } from 'node:fs';
import type { MediaConfig, PttMediaConfig } from '../config';
import { JanusClient } from './janus-client';
import { JanusProcess } from './janus-process';
import { JanusRooms } from './janus-rooms';
import type { Logger } from '../logger';
import { NoMedia, type MediaRooms } from './media-rooms';
import { RoutedMediaRooms } from './media-router';
import { SfuRooms } from './sfu-rooms';

/**
 * The media rooms main.ts gives the app: NoMedia, a Janus the server starts (JANUS_AUTOSTART), or
 * an external Janus. Starting Janus fails the start with a clear message; an external Janus that
 * does not answer yet only warns (it may come up later). With PTT_MEDIA=sfu (the default) PTT
 * rooms are VideoRoom ones and calls stay on the AudioBridge (media-router.ts).
 */
export async function createMedia(config: MediaConfig, log: Logger, ptt: PttMediaConfig = { path: 'sfu', rtpForwardHost: '127.0.0.1' }): Promise<MediaRooms> {
  if (config.kind === 'none') return new NoMedia();
  mkdirSync(config.recordDir, { recursive: true });
  const withPtt = (client: JanusClient, adminKey: string, audio: JanusRooms): MediaRooms =>
    ptt.path === 'mix' ? audio : new RoutedMediaRooms(audio, new SfuRooms({ client, adminKey, recordDir: config.recordDir, log, forwardHost: ptt.rtpForwardHost }));
  if (config.kind === 'autostart') {
    const janus = await JanusProcess.start({ janusBin: config.janusBin, folder: config.folder, log });
    log.info({ url: janus.url, startMs: janus.startMs, rtpPorts: janus.rtpPortRange, log: janus.logFile }, 'Janus started');
    const client = new JanusClient({ url: () => janus.url, apiSecret: janus.apiSecret, log });
    return withPtt(client, janus.adminKey, new JanusRooms({ client, adminKey: janus.adminKey, recordDir: config.recordDir, log, process: janus }));
  }
  const client = new JanusClient({ url: config.janusUrl, apiSecret: config.apiSecret, log });
  const rooms = withPtt(client, config.adminKey, new JanusRooms({ client, adminKey: config.adminKey, recordDir: config.recordDir, log }));
  try {
    await client.audiobridge({ request: 'list', admin_key: config.adminKey });
  } catch (err) {
    log.warn({ err, url: config.janusUrl }, 'The external Janus does not answer yet (JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY)');
  }
  return rooms;
}
