import {
  OperationType,
  addChannelMembersSchema,
  channelDetailSchema,
  channelListQuerySchema,
  channelMemberListQuerySchema,
  channelMemberPathSchema,
  channelMemberSchema,
  channelSchema,
  createChannelSchema,
  idPathSchema,
  pageSchema,
  updateChannelMemberSchema,
  updateChannelSchema,
} from '@ptt/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route';

// The matrix (contracts' PERMISSIONS) decides who may call; the service adds the finer rules:
// ordinary members read only their own channels, dispatchers suspend and manage members only on
// channels they are on.

const tag = 'channels';

export const channelRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/channels', tag, auth: 'channel.read',
    summary: 'Channels of the enterprise (members: only their own), paged, sorted, searched and filtered',
    query: channelListQuerySchema,
    response: pageSchema(channelSchema),
    handler: ({ caller, query, deps }) => deps.channels.list(caller, query),
  }),
  defineRoute({
    method: 'GET', url: '/api/channels/:id', tag, auth: 'channel.read',
    summary: 'One channel with its first members',
    params: idPathSchema,
    response: channelDetailSchema,
    handler: ({ caller, params, deps }) => deps.channels.get(caller, params.id),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels', tag, auth: 'channel.create',
    summary: 'Create a channel, optionally with initial members, within the channel quota',
    body: createChannelSchema,
    response: channelDetailSchema,
    audits: [OperationType.ChannelAdd],
    handler: ({ caller, body, deps }) => deps.channels.create(caller, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/channels/:id', tag, auth: 'channel.update',
    summary: 'Rename a channel',
    params: idPathSchema,
    body: updateChannelSchema,
    response: channelSchema,
    audits: [OperationType.ChannelUpdate],
    handler: ({ caller, params, body, deps }) => deps.channels.rename(caller, params.id, body.name),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/:id/suspend', tag, auth: 'channel.suspend',
    summary: 'Suspend a channel (dispatchers: only channels they are on)',
    params: idPathSchema,
    response: channelSchema,
    audits: [OperationType.ChannelSuspend],
    handler: ({ caller, params, deps }) => deps.channels.setEnabled(caller, params.id, false),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/:id/resume', tag, auth: 'channel.suspend',
    summary: 'Resume a suspended channel (dispatchers: only channels they are on)',
    params: idPathSchema,
    response: channelSchema,
    audits: [OperationType.ChannelResume],
    handler: ({ caller, params, deps }) => deps.channels.setEnabled(caller, params.id, true),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/:id/disband', tag, auth: 'channel.disband',
    summary: 'Disband a channel: every member leaves and the name is freed; the record stays',
    params: idPathSchema,
    response: channelSchema,
    audits: [OperationType.ChannelDisband],
    handler: ({ caller, params, deps }) => deps.channels.disband(caller, params.id),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/channels/:id', tag, auth: 'channel.delete',
    summary: 'Delete a channel for good (not the enterprise channel)',
    params: idPathSchema,
    response: z.null(),
    audits: [OperationType.ChannelDelete],
    handler: async ({ caller, params, deps }) => {
      await deps.channels.remove(caller, params.id);
      return null;
    },
  }),
  defineRoute({
    method: 'GET', url: '/api/channels/:id/members', tag, auth: 'channel.read',
    summary: 'Members of a channel, paged, sorted, searched and filtered',
    params: idPathSchema,
    query: channelMemberListQuerySchema,
    response: pageSchema(channelMemberSchema),
    handler: ({ caller, params, query, deps }) => deps.channels.listMembers(caller, params.id, query),
  }),
  defineRoute({
    method: 'POST', url: '/api/channels/:id/members', tag, auth: 'channel.members.manage',
    summary: 'Add users of the enterprise to a channel',
    params: idPathSchema,
    body: addChannelMembersSchema,
    response: z.array(channelMemberSchema),
    audits: [OperationType.ChannelMemberAdd],
    handler: ({ caller, params, body, deps }) => deps.channels.addMembers(caller, params.id, body),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/channels/:id/members/:userId', tag, auth: 'channel.members.manage',
    summary: "Change a member's role, level, remark or enabled state",
    params: channelMemberPathSchema,
    body: updateChannelMemberSchema,
    response: channelMemberSchema,
    audits: [
      OperationType.ChannelMemberRole,
      OperationType.ChannelMemberLevel,
      OperationType.ChannelMemberRemark,
      OperationType.ChannelMemberStatus,
    ],
    handler: ({ caller, params, body, deps }) => deps.channels.updateMember(caller, params.id, params.userId, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/channels/:id/members/:userId', tag, auth: 'channel.members.manage',
    summary: 'Remove a member from a channel',
    params: channelMemberPathSchema,
    response: z.null(),
    audits: [OperationType.ChannelMemberRemove],
    handler: async ({ caller, params, deps }) => {
      await deps.channels.removeMember(caller, params.id, params.userId);
      return null;
    },
  }),
];
