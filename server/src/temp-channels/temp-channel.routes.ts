import { OperationType, idPathSchema, startTempChannelSchema, startedTempChannelSchema, tempChannelSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/** Temporary channels: start with users picked on the map, hang up, the caller's open ones. */
const tag = 'temp-channels';

export const tempChannelRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/temp-channels',
    summary:
      'Start a temporary channel with 1-200 users of the enterprise (the caller is added; the same id twice counts once). ' +
      "Closes the caller's previous open one (replacedId). Locked users are left out (skippedUserIds); " +
      "404 for a user of another enterprise, 400/2004 'cannotCallSelf' when only the caller is named, 409/2040 when every named user is locked",
    tag,
    auth: 'tempChannel.manage',
    body: startTempChannelSchema,
    response: startedTempChannelSchema,
    audits: [OperationType.TempChannelCreate],
    handler: ({ body, caller, deps }) => deps.tempChannels.start(caller, body.userIds),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/temp-channels/:id',
    summary: "Hang up: closes the temporary channel for every member (the creator or any staff of the enterprise). 409/2038 'callAlreadyUsed' when it is already closed",
    tag,
    auth: 'tempChannel.manage',
    params: idPathSchema,
    response: tempChannelSchema,
    audits: [OperationType.TempChannelCreate],
    handler: ({ params, caller, deps }) => deps.tempChannels.hangup(caller, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/temp-channels/current',
    summary: 'The open temporary channels the caller is in (as creator or member), newest first',
    tag,
    auth: 'tempChannel.read',
    response: tempChannelSchema.array(),
    handler: ({ caller, deps }) => deps.tempChannels.current(caller),
  }),
];
