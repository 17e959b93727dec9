import { callListQuerySchema, callRecordSchema, idPathSchema, pageSchema, rejectCallSchema, startCallSchema } from '@ptt/contracts';
import { defineRoute, type RouteDef } from '../http/route';

/**
 * 1V1 calls: place, accept (the call's audio room follows), reject, hang up, the caller's active call
 * and call records.
 * Calls are conversation, not administration: no operation type of the 0-55 table fits them, and
 * the calls row itself records who ended each call and why.
 */
const tag = 'calls';

export const callRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    url: '/api/calls',
    summary:
      'Call a user of the enterprise (rings for 30 s, then ends as notAnswered). 404 for an unknown user, 409/2040 when the callee is locked, ' +
      "409/2037 'otherPartyBusy' when the callee is in a call, 409/2028 'callNotSupported' when the caller is, 400/2004 'cannotCallSelf'",
    tag,
    auth: 'call.make',
    body: startCallSchema,
    response: callRecordSchema,
    handler: ({ body, caller, deps }) => deps.calls.start(caller, body.calleeId),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calls/:id/accept',
    summary:
      "The callee answers a ringing call: state connecting 3, result accept 1, and both parties join its audio room {entId}-3-{id}; talking 2 once both parties' audio is up, " +
      "exception 4/3 (reason mediaFailed) when the room cannot be set up or the audio does not come up within 15 s. 409/2038 'callAlreadyUsed' when it no longer rings, 409/2039 when the caller hung up",
    tag,
    auth: 'call.make',
    params: idPathSchema,
    response: callRecordSchema,
    handler: ({ params, caller, deps }) => deps.calls.accept(caller, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calls/:id/reject',
    summary:
      "The callee declines a ringing call (result hangup 2, reason rejected; with { busy: true } reason busy, and the caller's MsgComm carries 2037 'other party busy'). 409/2038 or 2039 as for accept",
    tag,
    auth: 'call.make',
    params: idPathSchema,
    body: rejectCallSchema,
    response: callRecordSchema,
    handler: ({ params, body, caller, deps }) => deps.calls.reject(caller, params.id, body.busy === true),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calls/:id/hangup',
    summary:
      'Either party ends an active call: reason cancelled (caller, ringing), rejected (callee, ringing) or hangup (accepted); ' +
      "the other party's MsgComm carries code 2039. 409/2038 or 2039 once it has ended",
    tag,
    auth: 'call.make',
    params: idPathSchema,
    response: callRecordSchema,
    handler: ({ params, caller, deps }) => deps.calls.hangup(caller, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/calls/current',
    summary: "The caller's active call (ringing, connecting or talking), or null",
    tag,
    auth: 'call.make',
    response: callRecordSchema.nullable(),
    handler: ({ caller, deps }) => deps.calls.current(caller),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/records/calls',
    summary: 'Call records, newest first: staff read the enterprise (filter userId, either side), a member only their own calls; filters result, from/to (ms)',
    tag: 'records',
    auth: 'record.call.read',
    query: callListQuerySchema,
    response: pageSchema(callRecordSchema),
    handler: ({ query, caller, deps }) => deps.calls.list(caller, query),
  }),
];
