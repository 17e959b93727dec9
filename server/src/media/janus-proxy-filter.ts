import { z } from 'zod';
import { isPttChatId, parseCallChatId } from '@ptt/contracts';
import type { JanusJson } from './janus-client';

// What a browser may ask the AudioBridge through the /janus proxy (ADR 010). Everything not named
// here is refused: a client may join the room of a chat it belongs to, muted and under the name
// the server gives it, renegotiate, leave, and list its own room; moderation and room management
// belong to the server (who also unmutes: the floor holder, or both parties of a call).

/** Janus error codes the proxy answers with (the same numbers Janus itself uses). */
export const RefusalCode = {
  Unauthorized: 403,
  UnauthorizedPlugin: 405,
  MissingElement: 456,
  SessionNotFound: 458,
  HandleNotFound: 459,
  InvalidElement: 467,
} as const;

/** A request the proxy will not forward: answered as `{ janus: 'error', error: { code, reason } }`. */
export class ProxyRefusal extends Error {
  override name = 'ProxyRefusal';
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

// Harmless tuning of one's own stream; `display`, `id`, `muted: false`, `rtp`, `record`,
// `filename`, `volume`, `group`, `secret`, `pin`... are not in the list.
const tuning = {
  bitrate: z.number().int().min(0).max(512_000).optional(),
  quality: z.number().int().min(1).max(10).optional(),
  expected_loss: z.number().int().min(0).max(20).optional(),
};

const joinSchema = z.strictObject({
  request: z.literal('join'),
  chatId: z.string().refine((s) => isPttChatId(s) || parseCallChatId(s) !== null, { message: 'not a channel, temporary channel or call chat id' }),
  /** Tolerated when it names the same room as chatId. */
  room: z.string().optional(),
  muted: z.literal(true).optional(),
  codec: z.enum(['opus', 'pcma', 'pcmu']).optional(),
  ...tuning,
});
const configureSchema = z.strictObject({ request: z.literal('configure'), muted: z.literal(true).optional(), ...tuning });
const leaveSchema = z.strictObject({ request: z.literal('leave') });
const listSchema = z.strictObject({ request: z.literal('listparticipants'), room: z.string() });

const jsepSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(64 * 1024), trickle: z.boolean().optional() });

export type FilteredMessage =
  | { kind: 'join'; chatId: string; options: JanusJson }
  | { kind: 'forward'; body: JanusJson };

/** Parses a plugin message body; the first problem becomes the Janus-style refusal. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, request: string): z.output<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    throw new ProxyRefusal(RefusalCode.Unauthorized, `${request} may not carry ${issue.keys.join(', ')} through this server`);
  }
  const field = issue.path.join('.');
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    throw new ProxyRefusal(RefusalCode.MissingElement, `Missing mandatory element (${field})`);
  }
  throw new ProxyRefusal(RefusalCode.InvalidElement, `Invalid element (${field}: ${issue.message})`);
}

function refuseUnmuted(body: unknown): void {
  const muted = (body as { muted?: unknown }).muted;
  if (muted !== undefined && muted !== true) {
    const request = String((body as { request?: unknown }).request);
    throw new ProxyRefusal(RefusalCode.Unauthorized, `Only the floor holder is unmuted, by the server: ${request} may carry muted: true only`);
  }
}

/**
 * Checks one AudioBridge message body. `joinedRoom` is the room this handle joined through the
 * proxy (null before a join).
 */
export function filterAudioBridgeMessage(body: unknown, joinedRoom: string | null): FilteredMessage {
  const request = (body as { request?: unknown } | null)?.request;
  if (typeof request !== 'string') throw new ProxyRefusal(RefusalCode.MissingElement, 'Missing mandatory element (request)');
  switch (request) {
    case 'join': {
      refuseUnmuted(body);
      const { chatId, room, request: _r, muted: _m, ...options } = parseBody(joinSchema, body, request);
      if (room !== undefined && room !== chatId) throw new ProxyRefusal(RefusalCode.Unauthorized, 'room must be the chatId');
      return { kind: 'join', chatId, options };
    }
    case 'configure': {
      refuseUnmuted(body);
      return { kind: 'forward', body: parseBody(configureSchema, body, request) };
    }
    case 'leave':
      return { kind: 'forward', body: parseBody(leaveSchema, body, request) };
    case 'listparticipants': {
      const parsed = parseBody(listSchema, body, request);
      if (parsed.room !== joinedRoom) throw new ProxyRefusal(RefusalCode.Unauthorized, 'listparticipants is allowed for the room this handle joined only');
      return { kind: 'forward', body: parsed };
    }
    default:
      throw new ProxyRefusal(RefusalCode.Unauthorized, `The AudioBridge request '${request}' is not allowed through this server`);
  }
}

/** The JSEP fields Janus needs; anything else a client adds is dropped. */
export function filterJsep(jsep: unknown): JanusJson | undefined {
  if (jsep === undefined) return undefined;
  return parseBody(jsepSchema, jsep, 'jsep');
}

const SECRET_KEYS = new Set(['secret', 'new_secret', 'pin', 'new_pin', 'admin_key', 'apisecret', 'token']);

/** A copy of a Janus answer without any secret, pin or key, whatever the event. */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_KEYS.has(k)).map(([k, v]) => [k, scrub(v)]));
}
