import { z } from 'zod';
import { text } from '../text';
import { roleSchema } from '../enums';
import { idSchema } from '../ids';
import { boolParam, idParam, listQuerySchema, PAGE_SIZE_MAX } from '../list';
import { channelNameSchema, levelSchema, remarkSchema, uidSchema } from './fields';

// Channels of spec section 3: id, name, creation time, state, members with role, level and remark.

/** A member's role inside one channel uses the account role numbers (user 0 ... super admin 99). */
const memberRoleInput = z.union([z.literal(0), z.literal(1), z.literal(50), z.literal(99)], { error: 'validation.roleInvalid' });

export const channelSchema = z.object({
  id: idSchema,
  name: text(),
  createdAt: text(),
  /** The state: false while suspended. */
  enabled: z.boolean(),
  /** A disbanded channel keeps its row (and id) but has no members and frees its name. */
  disbanded: z.boolean(),
  disbandedAt: text().nullable(),
  /** The enterprise channel holds everyone and can be neither deleted nor disbanded (2017). */
  isEnterprise: z.boolean(),
  memberCount: z.number().int().nonnegative(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelMemberSchema = z.object({
  userId: idSchema,
  account: text(),
  nickname: text(),
  role: roleSchema,
  level: z.number().int(),
  remark: text().nullable(),
  /** false: still on the channel but muted by a dispatcher. */
  enabled: z.boolean(),
  joinedAt: text(),
});
export type ChannelMember = z.infer<typeof channelMemberSchema>;

/** At most this many members travel with one channel; the rest via the paged member list. */
export const CHANNEL_DETAIL_MEMBERS_MAX = PAGE_SIZE_MAX;

export const channelDetailSchema = channelSchema.extend({
  /** The first CHANNEL_DETAIL_MEMBERS_MAX members (highest role, then level, then user id). */
  members: z.array(channelMemberSchema),
});
export type ChannelDetail = z.infer<typeof channelDetailSchema>;

export const CHANNEL_SORTS = ['id', 'name', 'createdAt', 'memberCount'] as const;
export const channelListQuerySchema = listQuerySchema(CHANNEL_SORTS, 'id').extend({
  enabled: boolParam,
  /** Omitted: live channels only; true: only disbanded ones; false: live ones. */
  disbanded: boolParam,
  /** Only channels this user is a member of. */
  userId: idParam,
});
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;

export const CHANNEL_MEMBER_SORTS = ['userId', 'account', 'nickname', 'role', 'level', 'joinedAt'] as const;
export const channelMemberListQuerySchema = listQuerySchema(CHANNEL_MEMBER_SORTS, 'userId').extend({
  role: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(memberRoleInput).optional()),
  enabled: boolParam,
});
export type ChannelMemberListQuery = z.infer<typeof channelMemberListQuerySchema>;

/** Members added in one request (and initial members of a new channel). */
export const CHANNEL_ADD_MEMBERS_MAX = 200;

export const createChannelSchema = z.object({
  name: channelNameSchema,
  /** Users of the same enterprise who join at once. */
  memberIds: z.array(uidSchema).max(CHANNEL_ADD_MEMBERS_MAX).optional(),
});
export type CreateChannelRequest = z.input<typeof createChannelSchema>;

export const updateChannelSchema = z.object({ name: channelNameSchema });
export type UpdateChannelRequest = z.input<typeof updateChannelSchema>;

export const addChannelMemberSchema = z.object({
  userId: uidSchema,
  /** Default: the account's own role. */
  role: memberRoleInput.optional(),
  /** Default: 1 for staff, 0 for users. */
  level: levelSchema.optional(),
  remark: remarkSchema.nullable().optional(),
});

export const addChannelMembersSchema = z.object({
  members: z
    .array(addChannelMemberSchema, { error: 'validation.userRequired' })
    .min(1, { error: 'validation.userRequired' })
    .max(CHANNEL_ADD_MEMBERS_MAX),
});
export type AddChannelMembersRequest = z.input<typeof addChannelMembersSchema>;

export const updateChannelMemberSchema = z
  .object({
    role: memberRoleInput,
    level: levelSchema,
    remark: remarkSchema.nullable(),
    enabled: z.boolean(),
  })
  .partial();
export type UpdateChannelMemberRequest = z.input<typeof updateChannelMemberSchema>;

/** Path `/api/channels/:id/members/:userId`. */
export const channelMemberPathSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
