import { z } from 'zod';
import { text } from '../text';
import { roleSchema, userStatusSchema } from '../enums';
import { idSchema } from '../ids';

// Payloads of the enterprise, channel and user topics of spec section 7 that are not chat, SOS,
// locations or commands (those have their own files). The server publishes exactly these shapes;
// a test checks every frame it sees against them. See docs/protocol.md.

const who = { uid: idSchema, account: text(), nickname: text() };

/** Login on `msg/listen/ent/{entId}`: someone logged in (any platform). */
export const loginFrameSchema = z.object({ ...who, role: roleSchema });

/** OnLine and Logout on `msg/listen/ent/{entId}`: presence changed (Logout: the offline
 *  heartbeat or the logout call; OnLine with status offline: the connection went away). */
export const presenceFrameSchema = z.object({ ...who, status: userStatusSchema });

/** UserAdd, UserUp and UserLock on `msg/listen/ent/{entId}`: the user as it is now. */
export const userFrameSchema = z.object({
  ...who,
  role: roleSchema,
  locked: z.boolean(),
  avatar: text().nullable(),
});

/** UserDel on `msg/listen/ent/{entId}`. */
export const userDelFrameSchema = z.object(who);

/** `members`: people joined or left (added, removed, imported), so member counts in lists change. */
export const CHANNEL_CHANGE_ACTIONS = ['create', 'update', 'suspend', 'resume', 'disband', 'delete', 'members'] as const;
/** ChannelChange on `msg/listen/ent/{entId}`. */
export const channelChangeFrameSchema = z.object({
  action: z.enum(CHANNEL_CHANGE_ACTIONS),
  channelId: idSchema,
  name: text(),
  enabled: z.boolean(),
});

/** ChannelStatus on `msg/listen/channel/{entId}/{channelId}`: the channel was suspended or resumed. */
export const channelStatusFrameSchema = z.object({ channelId: idSchema, enabled: z.boolean() });

/** ChannelUserAdd on `msg/listen/channel/{entId}/{channelId}`. */
export const channelUserAddFrameSchema = z.object({ channelId: idSchema, userIds: z.array(idSchema).min(1) });

/** ChannelStatus on `msg/listen/user/{entId}/{userId}`: this member's standing in a channel. */
export const memberStatusFrameSchema = z.object({
  channelId: idSchema,
  userId: idSchema,
  role: roleSchema,
  level: z.number().int(),
  enabled: z.boolean(),
});

/** ChannelUserDel on `msg/listen/user/{entId}/{userId}`: this user is no longer on the channel. */
export const channelUserDelFrameSchema = z.object({
  channelId: idSchema,
  reason: z.enum(['removed', 'disband', 'delete']),
});

export type LoginFrame = z.infer<typeof loginFrameSchema>;
export type PresenceFrame = z.infer<typeof presenceFrameSchema>;
export type UserFrame = z.infer<typeof userFrameSchema>;
export type ChannelChangeFrame = z.infer<typeof channelChangeFrameSchema>;
export type MemberStatusFrame = z.infer<typeof memberStatusFrameSchema>;
export type ChannelUserDelFrame = z.infer<typeof channelUserDelFrameSchema>;
