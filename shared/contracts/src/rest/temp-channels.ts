import { z } from 'zod';
import { text } from '../text';
import { idSchema, parseIdText } from '../ids';
import { callPartySchema } from './calls';

// Temporary channels (spec sections 2 and 4, issue 6): a staff member picks users on the map
// (circle or polygon) and talks to them as a group until someone hangs up. They are not channels:
// they live in their own table, never appear in channel lists, quotas or imports, and have their
// own chat id form `{entId}-2-{tempChannelId}`. The room (media, floor control) comes with the
// PTT and media issue, keyed on that chat id. See docs/protocol.md "Temporary channels" and
// docs/decisions.md "Issue 6: temporary channels". The /ws2 frame is in realtime/temp-channels.ts.

/** Users one start may name besides the caller (the caller is always added). */
export const TEMP_CHANNEL_MAX_USERS = 200;

/** The chat id of a temporary channel: `{entId}-2-{tempChannelId}` (2 = temporary; channels use 1,
 *  personal chats 0), so it can never be mistaken for a channel's chat id. */
export function tempChannelChatId(entId: number, tempChannelId: number): string {
  return `${entId}-2-${tempChannelId}`;
}

export interface TempChannelChatIdParts {
  entId: number;
  tempChannelId: number;
}

/** Reads `{entId}-2-{tempChannelId}` (canonical ids only); null for anything else. */
export function parseTempChannelChatId(s: string): TempChannelChatIdParts | null {
  const parts = s.split('-');
  if (parts.length !== 3 || parts[1] !== '2') return null;
  const entId = parseIdText(parts[0]);
  const tempChannelId = parseIdText(parts[2]);
  return entId === null || tempChannelId === null ? null : { entId, tempChannelId };
}

/** Body of `POST /api/temp-channels`: the users picked on the map. The same id twice counts once;
 *  the caller's own id is ignored (they are added anyway). */
export const startTempChannelSchema = z.object({
  userIds: z
    .array(idSchema.max(2_147_483_647), { error: 'validation.userRequired' })
    .min(1, { error: 'validation.userRequired', abort: true })
    // No key of its own yet: the notices' "too many channels or members chosen" says the same.
    .max(TEMP_CHANNEL_MAX_USERS, { error: 'validation.tempChannelUsersTooMany', abort: true })
    .transform((ids) => [...new Set(ids)]),
});
export type StartTempChannelRequest = z.input<typeof startTempChannelSchema>;

export const TEMP_CHANNEL_STATES = ['open', 'closed'] as const;
export type TempChannelState = (typeof TEMP_CHANNEL_STATES)[number];
export const tempChannelStateSchema = z.enum(TEMP_CHANNEL_STATES);

/** A member: `{ uid, account, nickname }` (the same shape as a call's party). */
export const tempChannelMemberSchema = callPartySchema;
export type TempChannelMember = z.infer<typeof tempChannelMemberSchema>;

/** A temporary channel as REST answers it. Times are ISO text. */
export const tempChannelSchema = z.object({
  id: idSchema,
  /** `{entId}-2-{id}` (`tempChannelChatId`): what floor control and the room will key on. */
  chatId: text(),
  /** The staff member who started it (also in `members`). */
  createdBy: idSchema,
  /** Everyone in it, the creator included, ordered by uid. */
  members: z.array(tempChannelMemberSchema),
  state: tempChannelStateSchema,
  createdAt: text(),
  closedAt: text().nullable(),
  /** Who hung up: the creator, another staff member, or (when a new start replaced it) the
   *  creator again; null while open. */
  closedBy: idSchema.nullable(),
});
export type TempChannel = z.infer<typeof tempChannelSchema>;

/** Answer of `POST /api/temp-channels`: the new channel, plus who was left out. */
export const startedTempChannelSchema = tempChannelSchema.extend({
  /** Picked users who are locked and were left out (they could not log in to take part). */
  skippedUserIds: z.array(idSchema),
  /** The caller's previous open temporary channel, closed by this start; null if there was none. */
  replacedId: idSchema.nullable(),
});
export type StartedTempChannel = z.infer<typeof startedTempChannelSchema>;
