import { z } from 'zod';
import { text } from './text';
import { ServerCode } from './codes';
import { idSchema } from './ids';
import type { Session } from './session';
import { topics } from './topics';
import type { Ws2Frame } from './ws2';

export const HeartbeatMethod = { Presence: 1, Chat: 2 } as const;
export type HeartbeatMethod = (typeof HeartbeatMethod)[keyof typeof HeartbeatMethod];
export const heartbeatMethodSchema = z.enum(HeartbeatMethod);

export const HeartbeatEvent = { Online: 0, EnterChat: 1, Offline: 9 } as const;
export type HeartbeatEvent = (typeof HeartbeatEvent)[keyof typeof HeartbeatEvent];
export const heartbeatEventSchema = z.enum(HeartbeatEvent);

/** The `platform` value web clients send; devices send their own platform name. */
export const PLATFORM_WEB = 'Web';
/** Message kind `t` of a heartbeat frame. */
export const HEARTBEAT_KIND = 'Heartbeat';

/** Full heartbeat (spec section 3). `chat_id` is '' unless method is Chat; timestamp in ms since epoch. */
export const heartbeatSchema = z.object({
  eid: idSchema,
  timestamp: z.number().int().nonnegative(),
  method: heartbeatMethodSchema,
  uid: idSchema,
  event: heartbeatEventSchema,
  chat_id: text(),
  platform: text().min(1),
  cid: text(),
  device: text(),
  /** Our addition: the status the user chose (busy, away, dnd, invisible); online when absent. */
  status: z.enum(['online', 'busy', 'away', 'dnd', 'invisible']).optional(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;
export type ChosenStatus = NonNullable<Heartbeat['status']>;

/** Simple heartbeat: t = timestamp in ms, p = platform, cid = client id. */
export const simpleHeartbeatSchema = z.object({
  t: z.number().int().nonnegative(),
  p: text().min(1),
  cid: text(),
});
export type SimpleHeartbeat = z.infer<typeof simpleHeartbeatSchema>;

export interface BuildHeartbeatInput {
  session: Session;
  method: HeartbeatMethod;
  event: HeartbeatEvent;
  chatId?: string;
  /** Free-form description of the sending device (for web: the user agent). */
  device?: string;
  /** Epoch milliseconds. */
  now: number;
}

export function buildHeartbeat({ session, method, event, chatId = '', device = '', now }: BuildHeartbeatInput): Heartbeat {
  return {
    eid: session.ent.id,
    timestamp: now,
    method,
    uid: session.id,
    event,
    chat_id: chatId,
    platform: PLATFORM_WEB,
    cid: session.client_id,
    device,
  };
}

/** Wraps a heartbeat in the frame clients send on `icoTest/json/device/heartbeat/{entId}/{userId}`. */
export function heartbeatFrame(session: Session, heartbeat: Heartbeat | SimpleHeartbeat): Ws2Frame {
  return {
    code: ServerCode.Ok,
    topic: topics.heartbeat(session.ent.id, session.id),
    data: heartbeat,
    t: HEARTBEAT_KIND,
  };
}
