import { z } from 'zod';
import {
  OperationType,
  blacklistAddSchema,
  blacklistEntrySchema,
  createUserSchema,
  idPathSchema,
  pageSchema,
  resetPasswordSchema,
  setTagsSchema,
  updateMeSchema,
  updateUserSchema,
  userDetailSchema,
  userListQuerySchema,
  userSummarySchema,
} from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

const blockedPathSchema = idPathSchema.extend({ blockedId: idPathSchema.shape.id });

export const userRoutes: RouteDef[] = [
  defineRoute({
    method: 'GET', url: '/api/users', summary: 'Users of the enterprise: paged, sorted, searched and filtered',
    tag: 'users', auth: 'user.read', query: userListQuerySchema, response: pageSchema(userSummarySchema),
    handler: async ({ caller, query, deps }) =>
      deps.users.list(caller, query, query.online === undefined ? undefined : (await deps.presence.statuses(caller.entId)).map((s) => s.uid)),
  }),
  defineRoute({
    method: 'POST', url: '/api/users', summary: 'Add a user (joins the enterprise channel); admin roles need a super admin',
    tag: 'users', auth: 'user.create', body: createUserSchema, response: userDetailSchema, audits: [OperationType.UserAdd],
    handler: ({ caller, body, deps }) => deps.users.create(caller, body),
  }),
  defineRoute({
    method: 'GET', url: '/api/users/:id', summary: 'One user with channels and devices',
    tag: 'users', auth: 'user.read', params: idPathSchema, response: userDetailSchema,
    handler: ({ caller, params, deps }) => deps.users.get(caller, params.id),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/users/:id', summary: 'Edit nickname, role, dispatcher or channel remark',
    tag: 'users', auth: 'user.update', params: idPathSchema, body: updateUserSchema, response: userDetailSchema,
    audits: [OperationType.UserUpdate],
    handler: ({ caller, params, body, deps }) => deps.users.update(caller, params.id, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/users/:id', summary: 'Delete a user (not a dispatcher: 2029)',
    tag: 'users', auth: 'user.delete', params: idPathSchema, audits: [OperationType.UserDelete],
    handler: async ({ caller, params, deps }) => {
      await deps.users.remove(caller, params.id);
      return null;
    },
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/lock', summary: 'Lock a user (not a dispatcher: 2029); their sessions end',
    tag: 'users', auth: 'user.lock', params: idPathSchema, response: userSummarySchema, audits: [OperationType.UserLock],
    handler: ({ caller, params, deps }) => deps.users.setLocked(caller, params.id, true),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/unlock', summary: 'Unlock a user',
    tag: 'users', auth: 'user.lock', params: idPathSchema, response: userSummarySchema, audits: [OperationType.UserUnlock],
    handler: ({ caller, params, deps }) => deps.users.setLocked(caller, params.id, false),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/password', summary: "Reset a user's password; their sessions end",
    tag: 'users', auth: 'user.resetPassword', params: idPathSchema, body: resetPasswordSchema,
    audits: [OperationType.UserPasswordReset],
    handler: async ({ caller, params, body, deps }) => {
      await deps.users.resetPassword(caller, params.id, body.password);
      return null;
    },
  }),
  defineRoute({
    method: 'PUT', url: '/api/users/:id/tags', summary: "Replace a user's tags",
    tag: 'users', auth: 'user.tag', params: idPathSchema, body: setTagsSchema, response: userSummarySchema,
    audits: [OperationType.UserTag],
    handler: ({ caller, params, body, deps }) => deps.users.setTags(caller, params.id, body.tags),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/avatar', summary: "Upload a user's avatar (png, jpeg, gif, webp; at most 2 MiB and 4096 px a side, else 1005)",
    tag: 'users', auth: 'user.update', params: idPathSchema, upload: true, response: userSummarySchema,
    audits: [OperationType.UserAvatar],
    handler: ({ caller, params, req, deps }) => deps.users.uploadAvatar(caller, params.id, req),
  }),
  defineRoute({
    method: 'GET', url: '/api/users/:id/blacklist', summary: "A user's blacklist (one's own, or anyone's with user.blacklist)",
    tag: 'users', auth: 'session', params: idPathSchema, response: z.array(blacklistEntrySchema),
    handler: ({ caller, params, deps }) => deps.users.blacklist(caller, params.id),
  }),
  defineRoute({
    method: 'POST', url: '/api/users/:id/blacklist', summary: "Add someone to a user's blacklist",
    tag: 'users', auth: 'session', params: idPathSchema, body: blacklistAddSchema, response: z.array(blacklistEntrySchema),
    audits: [OperationType.UserBlacklistAdd],
    handler: ({ caller, params, body, deps }) => deps.users.blacklistAdd(caller, params.id, body.userId),
  }),
  defineRoute({
    method: 'DELETE', url: '/api/users/:id/blacklist/:blockedId', summary: "Remove someone from a user's blacklist",
    tag: 'users', auth: 'session', params: blockedPathSchema, response: z.array(blacklistEntrySchema),
    audits: [OperationType.UserBlacklistRemove],
    handler: ({ caller, params, deps }) => deps.users.blacklistRemove(caller, params.id, params.blockedId),
  }),
  defineRoute({
    method: 'GET', url: '/api/me', summary: 'The caller as a user, with channels and devices',
    tag: 'me', auth: 'session', response: userDetailSchema,
    handler: ({ caller, deps }) => deps.users.get(caller, caller.userId),
  }),
  defineRoute({
    method: 'PATCH', url: '/api/me', summary: 'Change the own nickname',
    tag: 'me', auth: 'self.update', body: updateMeSchema, response: userSummarySchema, audits: [OperationType.UserNickname],
    handler: ({ caller, body, deps }) => deps.users.setOwnNickname(caller, body.nickname),
  }),
  defineRoute({
    method: 'POST', url: '/api/me/avatar', summary: 'Upload the own avatar (png, jpeg, gif, webp; at most 2 MiB and 4096 px a side, else 1005)',
    tag: 'me', auth: 'self.update', upload: true, response: userSummarySchema, audits: [OperationType.UserAvatar],
    handler: ({ caller, req, deps }) => deps.users.uploadAvatar(caller, caller.userId, req),
  }),
];
