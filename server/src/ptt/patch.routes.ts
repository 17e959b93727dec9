import { z } from 'zod';
import { OperationType, allCallReleaseSchema, allCallRequestSchema, allCallSchema, createPatchSchema, floorListSchema, patchListSchema, patchSchema, text } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

// Patch and all-call (ADR 024, docs/protocol.md "Patch and all-call"). A patch is an administrative
// cross-connect: its start and end are operation records (type 14, detail.action patchStart and
// patchEnd). An all-call is a press: conversation, like the floor, with no operation record.
const tag = 'ptt';

const patchPathSchema = z.object({ id: text().min(1).max(64) });

export const patchRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/ptt/patches',
    summary:
      'Patch 2..8 channels into one talkgroup (staff, member of each by the PTT room rule): a press in any of them is granted only when all are free, and is heard in all. ' +
      "409/2026 'channelAlreadyPatched' (data.chatId) when one is in a live patch; 409/600 'patchNeedsForwarding' on the mixing media path. " +
      "Ends with DELETE, the creator's last /ws2 connection closing, or a patched channel suspended, disbanded or deleted (PttPatch frames on each channel)",
    tag,
    auth: 'ptt.force',
    body: createPatchSchema,
    response: patchSchema,
    audits: [OperationType.TempChannelCreate],
    handler: ({ caller, body, deps }) => deps.patches.create(caller, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/ptt/patches',
    summary: 'The live patches that hold a channel the caller is a member of',
    tag,
    auth: 'ptt.talk',
    response: patchListSchema,
    handler: ({ caller, deps }) => deps.patches.list(caller),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api/ptt/patches/:id',
    summary: "End a patch (any staff of its enterprise); a press it carries ends with it ('closed'). 404 for an unknown or ended patch",
    tag,
    auth: 'ptt.force',
    params: patchPathSchema,
    response: patchSchema,
    audits: [OperationType.TempChannelCreate],
    handler: ({ caller, params, deps }) => deps.patches.end(caller, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ptt/allcall',
    summary:
      'All-call: one press into 2..20 channels (staff; `force` takes each floor from its speaker). Each channel is answered in results[]: granted (a bridged floor, via.kind allcall) ' +
      "or refused with its code and rule key (2026 'pttChannelOccupied' with the floor, 'channelAlreadyPatched', 'channelSuspended', 'notFound'...). " +
      'Always 200 when the request is valid; callId null when no channel was granted. The console publishes in originChatId, unmuted while the call is on air. ' +
      "409/600 'patchNeedsForwarding' on the mixing media path",
    tag,
    auth: 'ptt.force',
    body: allCallRequestSchema,
    response: allCallSchema,
    handler: ({ caller, body, deps }) => deps.allCalls.call(caller, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ptt/allcall/release',
    summary: "End the caller's all-call: answers the floors it held, now free; an unknown, another's or an already ended call answers []",
    tag,
    auth: 'ptt.force',
    body: allCallReleaseSchema,
    response: floorListSchema,
    handler: ({ caller, body, deps }) => deps.allCalls.release(caller, body),
  }),
];
