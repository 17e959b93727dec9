import {
  OperationType,
  createFenceSchema,
  fenceAlertListQuerySchema,
  fenceAlertSchema,
  fenceChannelPathSchema,
  fenceDetailSchema,
  fenceLinkUpdateSchema,
  fenceListQuerySchema,
  fenceSchema,
  fenceUserPathSchema,
  idPathSchema,
  linkFenceChannelsSchema,
  linkFenceUsersSchema,
  pageSchema,
  updateFenceSchema,
} from '@ptt/contracts';
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route';
import type { ModuleDeps } from '../modules';
import { fenceModuleFor } from './fence-module';

const tag = 'fences';

/** Geofences (routes /main/fenceManagement of the console) and their cross-border alert records. */
export function fenceRoutes(deps: ModuleDeps): RouteDef[] {
  // Built on first use: the route catalog is made without working dependencies.
  const service = () => fenceModuleFor(deps).service;
  return [
    defineRoute({
      method: 'GET', url: '/api/fences', tag, auth: 'fence.read',
      summary: 'Fences of the enterprise, paged, sorted, searched (name or id) and filtered (enabled, rule, userId, channelId)',
      query: fenceListQuerySchema,
      response: pageSchema(fenceSchema),
      handler: ({ caller, query }) => service().list(caller, query),
    }),
    defineRoute({
      method: 'GET', url: '/api/fences/:id', tag, auth: 'fence.read',
      summary: 'One fence with its member users and linked channels',
      params: idPathSchema,
      response: fenceDetailSchema,
      handler: ({ caller, params }) => service().get(caller, params.id),
    }),
    defineRoute({
      method: 'POST', url: '/api/fences', tag, auth: 'fence.manage',
      summary: "Create an enabled fence: a polygon or circle (coord 1: drawn on GCJ-02, stored as WGS-84), rule 'leave' or 'stay', optional users and channels",
      body: createFenceSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceCreate],
      handler: ({ caller, body }) => service().create(caller, body),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/fences/:id', tag, auth: 'fence.manage',
      summary: "Change name, rule or shape; nothing different is 2004 'rule.fenceNotModified'",
      params: idPathSchema,
      body: updateFenceSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceUpdate],
      handler: ({ caller, params, body }) => service().update(caller, params.id, body),
    }),
    defineRoute({
      method: 'POST', url: '/api/fences/:id/start', tag, auth: 'fence.manage',
      summary: 'Enable a fence (every covered member is evaluated afresh)',
      params: idPathSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceStart],
      handler: ({ caller, params }) => service().setEnabled(caller, params.id, true),
    }),
    defineRoute({
      method: 'POST', url: '/api/fences/:id/stop', tag, auth: 'fence.manage',
      summary: 'Disable a fence: no alerts until it is started again',
      params: idPathSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceStop],
      handler: ({ caller, params }) => service().setEnabled(caller, params.id, false),
    }),
    defineRoute({
      method: 'DELETE', url: '/api/fences/:id', tag, auth: 'fence.manage',
      summary: 'Delete a fence (its alert records stay); the name is freed',
      params: idPathSchema,
      response: z.null(),
      audits: [OperationType.FenceDelete],
      handler: async ({ caller, params }) => {
        await service().remove(caller, params.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST', url: '/api/fences/:id/users', tag, auth: 'fence.manage',
      summary: "Link member users (the fence must be enabled: 2042 'rule.fenceNotEnabled')",
      params: idPathSchema,
      body: linkFenceUsersSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceLinkUser],
      handler: ({ caller, params, body }) => service().link(caller, params.id, 'user', body.userIds),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/fences/:id/users/:userId', tag, auth: 'fence.manage',
      summary: 'Enable or disable the fence for one user (disabled exempts them from linked channels too)',
      params: fenceUserPathSchema,
      body: fenceLinkUpdateSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceStart, OperationType.FenceStop],
      handler: ({ caller, params, body }) => service().setLinkEnabled(caller, params.id, 'user', params.userId, body.enabled),
    }),
    defineRoute({
      method: 'DELETE', url: '/api/fences/:id/users/:userId', tag, auth: 'fence.manage',
      summary: 'Unlink a member user',
      params: fenceUserPathSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceUnlink],
      handler: ({ caller, params }) => service().unlink(caller, params.id, 'user', params.userId),
    }),
    defineRoute({
      method: 'POST', url: '/api/fences/:id/channels', tag, auth: 'fence.manage',
      summary: "Link channels: their members are covered (the fence must be enabled: 2042 'rule.fenceNotEnabled')",
      params: idPathSchema,
      body: linkFenceChannelsSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceLinkChannel],
      handler: ({ caller, params, body }) => service().link(caller, params.id, 'channel', body.channelIds),
    }),
    defineRoute({
      method: 'PATCH', url: '/api/fences/:id/channels/:channelId', tag, auth: 'fence.manage',
      summary: 'Enable or disable the fence for the members of one linked channel',
      params: fenceChannelPathSchema,
      body: fenceLinkUpdateSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceStart, OperationType.FenceStop],
      handler: ({ caller, params, body }) => service().setLinkEnabled(caller, params.id, 'channel', params.channelId, body.enabled),
    }),
    defineRoute({
      method: 'DELETE', url: '/api/fences/:id/channels/:channelId', tag, auth: 'fence.manage',
      summary: 'Unlink a channel',
      params: fenceChannelPathSchema,
      response: fenceDetailSchema,
      audits: [OperationType.FenceUnlink],
      handler: ({ caller, params }) => service().unlink(caller, params.id, 'channel', params.channelId),
    }),
    defineRoute({
      method: 'GET', url: '/api/records/fence-alerts', tag: 'records', auth: 'record.fenceAlert.read',
      summary: 'Cross-border alert records (user, dispatcher, fence, type, time, ip, lng, lat), filtered by fence, user, type and time (ms)',
      query: fenceAlertListQuerySchema,
      response: pageSchema(fenceAlertSchema),
      handler: ({ caller, query }) => service().alerts(caller, query),
    }),
  ];
}
