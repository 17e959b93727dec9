import { z } from 'zod';
import { isPttChatId, parseAllCallOriginId } from '@ptt/contracts';
import type { JanusJson } from './janus-client';
import { ProxyRefusal, RefusalCode, parseBody } from './janus-proxy-filter';

// What a browser may ask the VideoRoom about a PTT channel or temporary channel (PTT_MEDIA=sfu,
// issue 18). A handle joins once, as a publisher (its microphone) or as a subscriber (the others'
// feeds), naming the room by `chatId`; the proxy adds the room, pin and display. A publisher may
// then publish or configure audio only, unpublish and leave; a subscriber may start, pause,
// subscribe, unsubscribe, update and leave. Moderation, forwarding, recording, room management,
// kicking, switching, names and ids are the server's, and refused.

/** A channel, a temporary channel, or an all-call origin room (`{entId}-9-{uid}`, ADR 024; the gate checks whose). */
export const isPttRoomId = (s: string): boolean => isPttChatId(s) || parseAllCallOriginId(s) !== null;
const chatIdSchema = z.string().refine(isPttRoomId, { message: 'not a channel, temporary channel or all-call origin chat id' });
const feedSchema = z.string().min(1).max(64);
const streamSchema = z.strictObject({ feed: feedSchema, mid: z.string().max(16).optional() });
// As many as a room has publishers (sfu-rooms.ts maxPublishers).
const streams = z.array(streamSchema).min(1).max(500);

const publisherJoin = z.strictObject({ request: z.literal('join'), ptype: z.literal('publisher'), chatId: chatIdSchema, room: z.string().optional() });
const subscriberJoin = z.strictObject({ request: z.literal('join'), ptype: z.literal('subscriber'), chatId: chatIdSchema, room: z.string().optional(), streams });
/** Audio on, never video: the room is audio only. */
const audioOnly = (request: 'publish' | 'configure') => z.strictObject({ request: z.literal(request), audio: z.boolean().optional(), video: z.literal(false).optional() });
const unsubscribeStreams = z.array(z.strictObject({ feed: feedSchema.optional(), mid: z.string().max(16).optional(), sub_mid: z.string().max(16).optional() })).min(1).max(500);
const subscribe = z.strictObject({ request: z.literal('subscribe'), streams });
const unsubscribe = z.strictObject({ request: z.literal('unsubscribe'), streams: unsubscribeStreams });
const update = z.strictObject({ request: z.literal('update'), subscribe: streams.optional(), unsubscribe: unsubscribeStreams.optional() });
const bare = (request: string) => z.strictObject({ request: z.literal(request) });

export type PttRole = 'publisher' | 'subscriber';

export type PttVideoRoomMessage =
  | { kind: 'publisherJoin'; chatId: string }
  | { kind: 'subscriberJoin'; chatId: string; streams: JanusJson[] }
  | { kind: 'forward'; body: JanusJson };

const refuse = (request: string, why: string): never => {
  throw new ProxyRefusal(RefusalCode.Unauthorized, `The VideoRoom request '${request}' is not allowed ${why}`);
};

/** Whether a not-yet-joined handle's message is a join to a PTT room (the rest are monitor ones). */
export function isPttJoin(body: unknown): boolean {
  const b = body as { request?: unknown; chatId?: unknown } | null;
  return b?.request === 'join' && typeof b.chatId === 'string' && isPttRoomId(b.chatId);
}

/** Checks one VideoRoom message of a PTT handle that has joined as `role` (null: not yet). */
export function filterPttVideoRoomMessage(body: unknown, role: PttRole | null): PttVideoRoomMessage {
  const request = (body as { request?: unknown } | null)?.request;
  if (typeof request !== 'string') throw new ProxyRefusal(RefusalCode.MissingElement, 'Missing mandatory element (request)');
  if (request === 'join') {
    if (role !== null) refuse(request, 'twice on one handle');
    const ptype = (body as { ptype?: unknown }).ptype;
    if (ptype === 'publisher') {
      const { chatId, room } = parseBody(publisherJoin, body, request);
      if (room !== undefined && room !== chatId) throw new ProxyRefusal(RefusalCode.Unauthorized, 'room must be the chatId');
      return { kind: 'publisherJoin', chatId };
    }
    if (ptype === 'subscriber') {
      const { chatId, room, streams: s } = parseBody(subscriberJoin, body, request);
      if (room !== undefined && room !== chatId) throw new ProxyRefusal(RefusalCode.Unauthorized, 'room must be the chatId');
      return { kind: 'subscriberJoin', chatId, streams: s };
    }
    throw new ProxyRefusal(RefusalCode.InvalidElement, 'Invalid element (ptype: publisher or subscriber)');
  }
  if (role === null) return refuse(request, 'before join');
  if (request === 'leave') return { kind: 'forward', body: parseBody(bare('leave'), body, request) };
  if (role === 'publisher') {
    switch (request) {
      case 'publish':
      case 'configure':
        return { kind: 'forward', body: parseBody(audioOnly(request), body, request) };
      case 'unpublish':
        return { kind: 'forward', body: parseBody(bare('unpublish'), body, request) };
    }
    return refuse(request, 'for a PTT publisher through this server');
  }
  switch (request) {
    case 'start':
    case 'pause':
      return { kind: 'forward', body: parseBody(bare(request), body, request) };
    case 'subscribe':
      return { kind: 'forward', body: parseBody(subscribe, body, request) };
    case 'unsubscribe':
      return { kind: 'forward', body: parseBody(unsubscribe, body, request) };
    case 'update':
      return { kind: 'forward', body: parseBody(update, body, request) };
  }
  return refuse(request, 'for a PTT subscriber through this server');
}

/** The mids of the audio m-lines an SDP accepts (port not 0). */
export function audioMids(sdp: string): string[] {
  const mids: string[] = [];
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const [first = ''] = section.split(/\r?\n/, 1);
    const [kind, port] = first.split(' ');
    if (kind !== 'audio' || port === '0') continue;
    const mid = /\r?\na=mid:(\S+)/.exec(section)?.[1];
    if (mid) mids.push(mid);
  }
  return mids;
}
