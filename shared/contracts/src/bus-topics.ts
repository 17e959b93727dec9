import { z } from 'zod';
import { text } from './text';
import { ServerCode } from './codes';
import { localeSchema } from './enums';
import { sessionSchema } from './session';
import { pttStatsSchema } from './ptt-stats';
import { pttFloorFrameSchema } from './realtime/ptt';
import { localSettingsSchema } from './settings';
import {
  wsChannelEnvelopeSchema,
  wsChannelEventSchema,
  wsDispatchEnvelopeSchema,
  wsDispatchEventSchema,
  wsEntEnvelopeSchema,
  wsEntEventSchema,
  wsPttEnvelopeSchema,
  wsFenceEnvelopeSchema,
  wsFenceEventSchema,
  wsPatrolEnvelopeSchema,
  wsPatrolEventSchema,
  wsScreenEnvelopeSchema,
  wsScreenEventSchema,
  wsUserEnvelopeSchema,
  wsUserEventSchema,
} from './ws-bus-events';

// The event bus is the only runtime channel between host and remotes; this table is its contract.
// State topics replay their last value to late subscribers, event topics do not.

export const SOCKET_STATES = ['idle', 'connecting', 'open', 'closed'] as const;
export type SocketState = (typeof SOCKET_STATES)[number];

export const socketStatusSchema = z.object({
  state: z.enum(SOCKET_STATES),
  failures: z.number().int().nonnegative(),
});
export type SocketStatus = z.infer<typeof socketStatusSchema>;

/** Why the server ended a session (the `reason` of its `sys/auth` frame): 'accountChanged' when an
 *  admin locked, deleted, re-roled or reset the account or its password changed elsewhere. */
export const SESSION_END_REASONS = ['logout', 'loginElsewhere', 'accountChanged'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const sessionExpiredSchema = z.object({
  code: z.union([z.literal(ServerCode.AuthorizationFailed), z.literal(ServerCode.LoggedInElsewhere)]),
  reason: z.enum(SESSION_END_REASONS).optional(),
});

export const NOTIFY_INTENTS = ['info', 'success', 'warning', 'error'] as const;
export type NotifyIntent = (typeof NOTIFY_INTENTS)[number];

/**
 * A notification for the host's toaster (at most NOTIFICATION_MAX at once). The text is an i18n
 * key (`ns:key` for a remote's namespace) or a server code, whose catalogue text is shown.
 */
export const notifySchema = z
  .object({
    intent: z.enum(NOTIFY_INTENTS),
    key: text().min(1).optional(),
    code: z.number().int().optional(),
    values: z.record(text(), z.union([text(), z.number()])).optional(),
    /** While a notification with this id shows, another with the same id is dropped. */
    id: text().min(1).optional(),
    /** How long it stays, in ms; -1 keeps it until dismissed (or replaced through `id`). */
    timeoutMs: z.number().int().min(-1).optional(),
  })
  .refine((n) => n.key !== undefined || n.code !== undefined, { error: 'a notification needs a key or a code' });
export type Notification = z.infer<typeof notifySchema>;
/** Takes back a notification raised with an id. */
export const notifyDismissSchema = z.object({ id: text().min(1) });
export const navGoSchema = z.object({ to: text().min(1) });

export const BUS_TOPICS = {
  session: { kind: 'state', schema: sessionSchema.nullable() },
  'socket/status': { kind: 'state', schema: socketStatusSchema },
  locale: { kind: 'state', schema: localeSchema },
  settings: { kind: 'state', schema: localSettingsSchema },
  /** PTT access time and media latency measured by the dispatch console (diagnostics shows them). */
  'ptt/stats': { kind: 'state', schema: pttStatsSchema },
  // /ws2 frames, published by the socket bridge only: `schema` is the payload subscribers get (its
  // data parsed once, by the adapter); `envelope` is all `publish` checks (ws-bus-events.ts).
  'ws/ent': { kind: 'event', schema: wsEntEventSchema, envelope: wsEntEnvelopeSchema },
  'ws/user': { kind: 'event', schema: wsUserEventSchema, envelope: wsUserEnvelopeSchema },
  'ws/channel': { kind: 'event', schema: wsChannelEventSchema, envelope: wsChannelEnvelopeSchema },
  'ws/dispatch': { kind: 'event', schema: wsDispatchEventSchema, envelope: wsDispatchEnvelopeSchema },
  /** PttFloor frames from the channel topic or (temporary channels) the user topic. */
  'ws/ptt': { kind: 'event', schema: pttFloorFrameSchema, envelope: wsPttEnvelopeSchema },
  /** The large screen's frames (`screen/{entId}`, ADR 026). */
  'ws/screen': { kind: 'event', schema: wsScreenEventSchema, envelope: wsScreenEnvelopeSchema },
  /** Geofence alerts and fence changes from `dispatch/{entId}` (ADR 027). */
  'ws/fence': { kind: 'event', schema: wsFenceEventSchema, envelope: wsFenceEnvelopeSchema },
  /** Missed checkpoints and patrol changes from `dispatch/{entId}` (ADR 029). */
  'ws/patrol': { kind: 'event', schema: wsPatrolEventSchema, envelope: wsPatrolEnvelopeSchema },
  'session/expired': { kind: 'event', schema: sessionExpiredSchema },
  'nav/go': { kind: 'event', schema: navGoSchema },
  notify: { kind: 'event', schema: notifySchema },
  'notify/dismiss': { kind: 'event', schema: notifyDismissSchema },
} as const satisfies Record<string, { kind: 'state' | 'event'; schema: z.ZodType; envelope?: z.ZodType }>;

type Table = typeof BUS_TOPICS;
export type BusTopicName = keyof Table;
export type BusPayload<K extends BusTopicName> = z.output<Table[K]['schema']>;
export type StateTopicName = { [K in BusTopicName]: Table[K]['kind'] extends 'state' ? K : never }[BusTopicName];
export type EventTopicName = Exclude<BusTopicName, StateTopicName>;

export const BUS_TOPIC_NAMES = Object.keys(BUS_TOPICS) as BusTopicName[];

export function isStateTopic(name: BusTopicName): name is StateTopicName {
  return BUS_TOPICS[name].kind === 'state';
}
