import { z } from 'zod';
import { text } from './text';
import { ServerCode } from './codes';

/** Path of the real-time socket on the message host; the token goes in the `at` query. */
export const WS2_PATH = '/ws2';
export const WS2_TOKEN_QUERY = 'at';

/** Every /ws2 message: JSON `{ code, topic, data, t }`, `t` being the message kind. */
export const ws2FrameSchema = z.object({
  code: z.number().int(),
  topic: text().min(1),
  data: z.unknown(),
  t: text(),
});
export type Ws2Frame = z.infer<typeof ws2FrameSchema>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Reads one incoming message. Text is parsed as JSON; an already-parsed plain object is checked
 * as is. Binary data (ArrayBuffer, Blob, Buffer, typed arrays), non-JSON text and anything that is
 * not a frame give null: the spec says such messages are ignored, so callers never need a try.
 */
export function parseWs2Frame(raw: unknown): Ws2Frame | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isPlainObject(value)) return null;
  const result = ws2FrameSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** Application-level keep-alive: browsers cannot send protocol pings (ADR 003). */
export const PING_TOPIC = 'sys/ping';
export const PING_KIND = 'Ping';
export const PONG_KIND = 'Pong';

export function pingFrame(): Ws2Frame {
  return { code: ServerCode.Ok, topic: PING_TOPIC, data: null, t: PING_KIND };
}
export function pongFrame(): Ws2Frame {
  return { code: ServerCode.Ok, topic: PING_TOPIC, data: null, t: PONG_KIND };
}

/** Frame the server sends before closing a socket whose token it refuses (ADR 003). */
export const AUTH_TOPIC = 'sys/auth';
export const AUTH_FAILED_KIND = 'AuthFailed';
export const LOGGED_IN_ELSEWHERE_KIND = 'LoggedInElsewhere';

/**
 * Close codes. WebSocket close codes stop at 4999 (4000-4999 are for applications), so the
 * server codes 10000/10001 travel as 4000/4001 and map back with `serverCodeForClose`.
 */
export const WS_CLOSE = {
  Normal: 1000,
  AuthFailed: 4000,
  LoggedInElsewhere: 4001,
} as const;
export type WsCloseCode = (typeof WS_CLOSE)[keyof typeof WS_CLOSE];

/** The server code a close code carries, or null when the close is not a session failure. */
export type SessionEndCode = typeof ServerCode.AuthorizationFailed | typeof ServerCode.LoggedInElsewhere;

export function serverCodeForClose(closeCode: number): SessionEndCode | null {
  switch (closeCode) {
    case WS_CLOSE.AuthFailed:
      return ServerCode.AuthorizationFailed;
    case WS_CLOSE.LoggedInElsewhere:
      return ServerCode.LoggedInElsewhere;
    default:
      return null;
  }
}
