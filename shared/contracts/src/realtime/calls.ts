import { z } from 'zod';
import { text } from '../text';
import { ServerCode } from '../codes';
import { CallResultState, callResultStateSchema, singleCallReceiveStateSchema } from '../enums';
import { idSchema } from '../ids';
import { callChatId, callEndReasonSchema, callPartySchema, type CallRecord } from '../rest/calls';

// The MsgComm frame ("incoming talk", spec section 7) on `msg/listen/user/{entId}/{userId}` of
// both parties of a 1V1 call, once per state change (ringing, accepted = connecting, talking,
// ended). See
// docs/protocol.md "Calls (MsgComm)".

export const MSG_COMM_KIND = 'MsgComm';

export const msgCommSchema = z.object({
  callId: idSchema,
  callerId: idSchema,
  calleeId: idSchema,
  caller: callPartySchema,
  callee: callPartySchema,
  state: singleCallReceiveStateSchema,
  result: callResultStateSchema,
  /** The call's audio room (`callChatId`) while it is accepted: what both parties join. */
  chatId: text().optional(),
  /** Set once the call ended. */
  reason: callEndReasonSchema.optional(),
  /** 2039 'other party hung up' in the frame to the party whose peer ended the call (rejected,
   *  cancelled or hung up), 2037 'other party busy' when the peer declined it as busy; absent
   *  otherwise. */
  code: z.union([z.literal(ServerCode.OtherPartyHungUp), z.literal(ServerCode.OtherPartyBusy)]).optional(),
  /** ISO time of the change (rang, answered, ended). */
  at: text(),
});
export type MsgComm = z.infer<typeof msgCommSchema>;

/** The frame one party receives for the call as it is now; `entId` names the room of an accepted call. */
export function msgCommFor(call: CallRecord, recipientId: number, entId?: number): MsgComm {
  const frame: MsgComm = {
    callId: call.id,
    callerId: call.caller.uid,
    calleeId: call.callee.uid,
    caller: call.caller,
    callee: call.callee,
    state: call.state,
    result: call.result,
    at: call.endedAt ?? call.answeredAt ?? call.createdAt,
  };
  if (entId !== undefined && call.result === CallResultState.Accept) frame.chatId = callChatId(entId, call.id);
  if (call.reason !== null) frame.reason = call.reason;
  if (call.endedBy !== null && call.endedBy !== recipientId) frame.code = call.reason === 'busy' ? ServerCode.OtherPartyBusy : ServerCode.OtherPartyHungUp;
  return frame;
}
