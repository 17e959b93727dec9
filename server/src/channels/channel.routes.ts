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
import type { ModuleDeps } from '../modules';
import { ChannelService } from './channel.service';

// The matrix (contracts' PERMISSIONS) decides who may call; the service adds the finer rules:
// ordinary members read only their own channels, dispatchers suspend and manage members only on
// channels they are on.

const tag = 'channels';

export function channelRoutes({ db, hub, events }: ModuleDeps): RouteDef[] {
  const service = new ChannelService(db, hub, events);
  return [
    defineRoute({
      method: 'GET', url: '/api/channels', tag, auth: 'channel.read',
      summary: 'Channels of the enterprise (members: only their own), paged, sorted, searched and filtered',
      query: channelListQuerySchema,
      response: pageSchema(channelSchema),
      handler: ({ caller, query }) => service.list(caller, query),
    }),
    defineRoute({
      method: 'GET', url: '/api/channels/:id', tag, auth: 'channel.read',
      summary: 'One channel with its first members',
      params: idPathSchema,
      response: channelDetailSchema,
      handler: ({ caller, params }) => service.get(caller, params.id),
    }),
    defineRoute({
      method: 'POST', url: '/api/channels', tag, auth: 'channel.create',
      summary: 'Create a channel, optionally with initial members, within the channel quota',
      body: createChannelSchema,
      response: channelDetailSchema,
      audits: [OperationType.ChannelAdd],
      handler: ({ caller, body }) => service.create(caller, body),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/channels/:id', tag, auth: 'channel.update',
      summary: 'Rename a channel',
      params: idPathSchema,
      body: updateChannelSchema,
      response: channelSchema,
      audits: [OperationType.ChannelUpdate],
      handler: ({ caller, params, body }) => service.rename(caller, params.id, body.name),
    }),
    defineRoute({
      method: 'POST', url: '/api/channels/:id/suspend', tag, auth: 'channel.suspend',
      summary: 'Suspend a channel (dispatchers: only channels they are on)',
      params: idPathSchema,
      response: channelSchema,
      audits: [OperationType.ChannelSuspend],
      handler: ({ caller, params }) => service.setEnabled(caller, params.id, false),
    }),
    defineRoute({
      method: 'POST', url: '/api/channels/:id/resume', tag, auth: 'channel.suspend',
      summary: 'Resume a suspended channel (dispatchers: only channels they are on)',
      params: idPathSchema,
      response: channelSchema,
      audits: [OperationType.ChannelResume],
      handler: ({ caller, params }) => service.setEnabled(caller, params.id, true),
    }),
    defineRoute({
      method: 'POST', url: '/api/channels/:id/disband', tag, auth: 'channel.disband',
      summary: 'Disband a channel: every member leaves and the name is freed; the record stays',
      params: idPathSchema,
      response: channelSchema,
      audits: [OperationType.ChannelDisband],
      handler: ({ caller, params }) => service.disband(caller, params.id),
    }),
    defineRoute({
      method: 'DELETE', url: '/api/channels/:id', tag, auth: 'channel.delete',
      summary: 'Delete a channel for good (not the enterprise channel)',
      params: idPathSchema,
      response: z.null(),
      audits: [OperationType.ChannelDelete],
      handler: async ({ caller, params }) => {
        await service.remove(caller, params.id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/channels/:id/members', tag, auth: 'channel.read',
      summary: 'Members of a channel, paged, sorted, searched and filtered',
      params: idPathSchema,
      query: channelMemberListQuerySchema,
      response: pageSchema(channelMemberSchema),
      handler: ({ caller, params, query }) => service.listMembers(caller, params.id, query),
    }),
    defineRoute({
      method: 'POST', url: '/api/channels/:id/members', tag, auth: 'channel.members.manage',
      summary: 'Add users of the enterprise to a channel',
      params: idPathSchema,
      body: addChannelMembersSchema,
      response: z.array(channelMemberSchema),
      audits: [OperationType.ChannelMemberAdd],
      handler: ({ caller, params, body }) => service.addMembers(caller, params.id, body),
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
      handler: ({ caller, params, body }) => service.updateMember(caller, params.id, params.userId, body),
    }),
    defineRoute({
      method: 'DELETE', url: '/api/channels/:id/members/:userId', tag, auth: 'channel.members.manage',
      summary: 'Remove a member from a channel',
      params: channelMemberPathSchema,
      response: z.null(),
      audits: [OperationType.ChannelMemberRemove],
      handler: async ({ caller, params }) => {
        await service.removeMember(caller, params.id, params.userId);
        return null;
      },
    }),
  ];
}
