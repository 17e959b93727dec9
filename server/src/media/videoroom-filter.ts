import { z } from 'zod';
import { parseMonitorRoomId } from '@ptt/contracts';
import type { JanusJson } from './janus-client';
import { ProxyRefusal, RefusalCode, parseBody } from './janus-proxy-filter';

// What a browser may ask the VideoRoom through the /janus proxy (monitor sessions, ADR 010
// addendum). A handle first joins, as the device's publisher or as a subscriber, naming the
// session by `chatId` (`{entId}-4-{deviceId}`); the proxy fills in the room, pin and display.
// After that a publisher may publish, renegotiate (audio, video, bitrate, keyframe), unpublish and
// leave; a subscriber may start, pause, pick a simulcast layer and leave. Everything else (room
// management, recording, forwarding, switching, display names, ids, pins...) is refused.

export type VideoRole = 'publisher' | 'subscriber';

const roomIdSchema = z.string().refine((s) => parseMonitorRoomId(s) !== null, { message: 'not a monitor session id' });
const feedSchema = z.string().min(1).max(64);
const layer = z.number().int().min(0).max(2).optional();

const publisherJoin = z.strictObject({ request: z.literal('join'), ptype: z.literal('publisher'), chatId: roomIdSchema, room: z.string().optional() });
const subscriberJoin = z.strictObject({
  request: z.literal('join'),
  ptype: z.literal('subscriber'),
  chatId: roomIdSchema,
  room: z.string().optional(),
  /** The device's feed; the proxy finds it when absent. Another feed is refused. */
  feed: feedSchema.optional(),
  streams: z.array(z.strictObject({ feed: feedSchema, mid: z.string().max(16).optional() })).min(1).max(4).optional(),
});
const publish = z.strictObject({
  request: z.literal('publish'),
  audio: z.boolean().optional(),
  video: z.boolean().optional(),
  bitrate: z.number().int().min(0).max(2_000_000).optional(),
  audiocodec: z.enum(['opus']).optional(),
  videocodec: z.enum(['vp8', 'vp9', 'h264']).optional(),
});
const publisherConfigure = z.strictObject({
  request: z.literal('configure'),
  audio: z.boolean().optional(),
  video: z.boolean().optional(),
  bitrate: z.number().int().min(0).max(2_000_000).optional(),
  keyframe: z.boolean().optional(),
});
const subscriberConfigure = z.strictObject({
  request: z.literal('configure'),
  substream: layer,
  temporal: layer,
  streams: z.array(z.strictObject({ mid: z.string().max(16), substream: layer, temporal: layer })).max(4).optional(),
});
const bare = (request: string) => z.strictObject({ request: z.literal(request) });

export type VideoRoomMessage =
  | { kind: 'publisherJoin'; roomId: string }
  | { kind: 'subscriberJoin'; roomId: string; feeds: string[] }
  | { kind: 'forward'; body: JanusJson };

const refuse = (request: string, why: string): never => {
  throw new ProxyRefusal(RefusalCode.Unauthorized, `The VideoRoom request '${request}' is not allowed ${why}`);
};

/** Checks one VideoRoom message of a handle that has joined as `role` (null: not joined yet). */
export function filterVideoRoomMessage(body: unknown, role: VideoRole | null): VideoRoomMessage {
  const request = (body as { request?: unknown } | null)?.request;
  if (typeof request !== 'string') throw new ProxyRefusal(RefusalCode.MissingElement, 'Missing mandatory element (request)');
  if (request === 'join') {
    if (role !== null) refuse(request, 'twice on one handle');
    const ptype = (body as { ptype?: unknown }).ptype;
    if (ptype === 'publisher') {
      const { chatId, room } = parseBody(publisherJoin, body, request);
      if (room !== undefined && room !== chatId) throw new ProxyRefusal(RefusalCode.Unauthorized, 'room must be the chatId');
      return { kind: 'publisherJoin', roomId: chatId };
    }
    if (ptype === 'subscriber') {
      const { chatId, room, feed, streams } = parseBody(subscriberJoin, body, request);
      if (room !== undefined && room !== chatId) throw new ProxyRefusal(RefusalCode.Unauthorized, 'room must be the chatId');
      return { kind: 'subscriberJoin', roomId: chatId, feeds: [...(feed ? [feed] : []), ...(streams ?? []).map((s) => s.feed)] };
    }
    throw new ProxyRefusal(RefusalCode.InvalidElement, 'Invalid element (ptype: publisher or subscriber)');
  }
  if (role === null) return refuse(request, 'before join');
  if (request === 'leave') return { kind: 'forward', body: parseBody(bare('leave'), body, request) };
  if (role === 'publisher') {
    switch (request) {
      case 'publish':
        return { kind: 'forward', body: parseBody(publish, body, request) };
      case 'configure':
        return { kind: 'forward', body: parseBody(publisherConfigure, body, request) };
      case 'unpublish':
        return { kind: 'forward', body: parseBody(bare('unpublish'), body, request) };
    }
    return refuse(request, 'for the publisher through this server');
  }
  switch (request) {
    case 'start':
    case 'pause':
      return { kind: 'forward', body: parseBody(bare(request), body, request) };
    case 'configure':
      return { kind: 'forward', body: parseBody(subscriberConfigure, body, request) };
  }
  return refuse(request, 'for a subscriber through this server');
}
