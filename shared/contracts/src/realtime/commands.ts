import { z } from 'zod';
import { storableJson, text } from '../text';
import { deviceCommandSchema, type DeviceCommand } from '../enums';
import { idSchema } from '../ids';
import { listQuerySchema } from '../list';
import { monitorInfoSchema } from '../rest/monitor';

// Device remote commands: the spec's numbered commands (front camera 0 ... wall close 8) plus the
// remote stun, awaken and kill actions that dispatch products send to lost or misused handsets.

/** Named actions besides the numbered DeviceCommand values. Kill needs `confirm: true`. */
export const REMOTE_ACTIONS = ['stun', 'awaken', 'kill'] as const;
export type RemoteAction = (typeof REMOTE_ACTIONS)[number];

/** A command on the wire: a DeviceCommand number 0-8 or one of the remote actions. */
export const commandSchema = z.union([deviceCommandSchema, z.enum(REMOTE_ACTIONS)]);
export type Command = DeviceCommand | RemoteAction;

/** Commands that disable a handset (kill for good, stun until awakened): only sent with `confirm: true`. */
export const CONFIRMED_COMMANDS: readonly Command[] = ['kill', 'stun'];

/** Body of `POST /api/devices/:id/commands`. */
export const sendCommandSchema = z.object({
  command: commandSchema,
  confirm: z.boolean().optional(),
});
export type SendCommandRequest = z.input<typeof sendCommandSchema>;

/**
 * Lifecycle: sent -> delivered -> executed | failed; sent | delivered -> expired. A device may skip
 * `delivered` and answer the final state at once. Nothing moves backwards or out of a final state.
 */
export const COMMAND_STATES = ['sent', 'delivered', 'executed', 'failed', 'expired'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const commandStateSchema = z.enum(COMMAND_STATES);

const STATE_RANK: Record<CommandState, number> = { sent: 0, delivered: 1, executed: 2, failed: 2, expired: 2 };

export function isFinalCommandState(state: CommandState): boolean {
  return STATE_RANK[state] === 2;
}

/** Whether a command in state `from` may move to `to` (forward only). */
export function canMoveCommand(from: CommandState, to: CommandState): boolean {
  return STATE_RANK[to] > STATE_RANK[from];
}

/** Detail a device may attach to its reply: a short text (why it failed) or a small object. */
export const commandDetailSchema = z.union([text().max(1000), z.record(text(), z.unknown()).check(storableJson)]);

// --- /ws2 frames ---

/** `t` of the frame on `msg/listen/user/{entId}/{userId}` that hands a command to the device. */
export const DEVICE_COMMAND_KIND = 'DeviceCommand';
export const deviceCommandFrameSchema = z.object({
  commandId: idSchema,
  command: commandSchema,
  deviceId: idSchema,
  /** ISO time after which the command counts as expired. */
  expiresAt: text(),
  /** Listen and monitor commands: the session to publish into (docs/protocol.md). */
  monitor: monitorInfoSchema.optional(),
});
export type DeviceCommandFrame = z.infer<typeof deviceCommandFrameSchema>;

/** `t` of the device's answer on `icoTest/json/device/command/{entId}/{userId}` (topics.commandReply). */
export const COMMAND_REPLY_KIND = 'CommandReply';
export const commandReplySchema = z.object({
  // Bounded like a path id: the database column is int4.
  commandId: idSchema.max(2_147_483_647),
  state: z.enum(['delivered', 'executed', 'failed']),
  detail: commandDetailSchema.optional(),
});
export type CommandReply = z.infer<typeof commandReplySchema>;

/** `t` of the frame on `dispatch/{entId}` for every state a command enters (sent included). */
export const COMMAND_STATUS_KIND = 'CommandStatus';
export const commandStatusSchema = z.object({
  commandId: idSchema,
  deviceId: idSchema,
  command: commandSchema,
  state: commandStateSchema,
  /** ISO time of the change. */
  at: text(),
  detail: z.unknown().optional(),
});
export type CommandStatus = z.infer<typeof commandStatusSchema>;

// --- REST ---

export const deviceCommandRecordSchema = z.object({
  id: idSchema,
  deviceId: idSchema,
  command: commandSchema,
  state: commandStateSchema,
  /** The account the command was sent to (null once that account was deleted). */
  user: z.object({ uid: idSchema, account: text(), nickname: text() }).nullable(),
  /** Who sent it (null once that account was deleted). */
  issuedBy: z.object({ id: idSchema, account: text() }).nullable(),
  detail: z.unknown(),
  createdAt: text(),
  updatedAt: text(),
  expiresAt: text(),
  /** The answer to sending a listen or monitor command (not stored): the session it opened. */
  monitor: monitorInfoSchema.optional(),
});
export type DeviceCommandRecord = z.infer<typeof deviceCommandRecordSchema>;

export const COMMAND_SORTS = ['createdAt'] as const;
export const commandListQuerySchema = listQuerySchema(COMMAND_SORTS, 'createdAt').extend({
  state: z.preprocess((v) => (v === '' ? undefined : v), commandStateSchema.optional()),
});
export type CommandListQuery = z.infer<typeof commandListQuerySchema>;

/** Path parameter `:commandId`. */
export const commandIdPathSchema = z.object({ commandId: z.coerce.number().int().positive().max(2_147_483_647) });
