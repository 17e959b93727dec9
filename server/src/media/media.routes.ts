import { mediaInfoSchema, type MediaInfo } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';
import { pttPathOf } from './media-router';

/** Where janus.js finds the filtering proxy (registered by registerJanusProxy). */
export const JANUS_PROXY_PATH = '/janus';

/** `GET /api/ptt/media`: whether PTT audio can work at all, and how the browser reaches it. */
export const mediaRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET',
    url: '/api/ptt/media',
    summary:
      "Whether the server has a media server (Janus) for PTT audio, the same-origin path of its filtering proxy for janus.js (pass the session token as janus.js's token), the plugin calls use, and pttPath: how PTT channel audio travels ('sfu' VideoRoom, forwarded; 'mix' AudioBridge); available false: PTT answers 'PTT intercom cannot connect'",
    tag: 'ptt',
    auth: 'session',
    response: mediaInfoSchema,
    handler: ({ deps }): MediaInfo => ({ available: deps.media.available, janusPath: JANUS_PROXY_PATH, plugin: 'janus.plugin.audiobridge', pttPath: pttPathOf(deps.media) }),
  }),
];
