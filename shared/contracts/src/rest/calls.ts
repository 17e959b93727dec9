import { z } from 'zod';
import { callResultStateSchema, singleCallReceiveStateSchema } from '../enums';
import { idSchema } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';

// 1V1 calls (spec sections 3, 4, 8): REST bodies and records. The /ws2 frame is in
// realtime/calls.ts; the lifecycle is described in docs/protocol.md ("Calls (MsgComm)").
//
// state (SingleCallReceiveState) / result (CallResultState):
// - ringing:  Waiting 1 / Wait 0 (the callee's console shows it as "receive")
// - accepted: Talking 2 / Accept 1 (the media issue attaches a Janus room to such a call)
// - ended:    the state it had reached / Hangup 2 with a reason
// Connecting 3 and the two Exception values are reserved for the media issue (room set-up).

/** How long a call rings before it ends as not answered (CALL_RING_TIMEOUT_MS on the server). */
export const CALL_RING_TIMEOUT_MS = 30_000;

/** Why a call ended: the callee declined, the caller gave up while it rang, a party hung up a
 *  talking call, or nobody answered within the ring time. */
export const CALL_END_REASONS = ['rejected', 'cancelled', 'hangup', 'notAnswered'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];
export const callEndReasonSchema = z.enum(CALL_END_REASONS);

export const callPartySchema = z.object({ uid: idSchema, account: z.string(), nickname: z.string() });
export type CallParty = z.infer<typeof callPartySchema>;

/** Body of `POST /api/calls`. */
export const startCallSchema = z.object({ calleeId: idSchema.max(2_147_483_647) });
export type StartCallRequest = z.input<typeof startCallSchema>;

/** A call as REST answers it (also the call record). Times are ISO text. */
export const callRecordSchema = z.object({
  id: idSchema,
  caller: callPartySchema,
  callee: callPartySchema,
  state: singleCallReceiveStateSchema,
  result: callResultStateSchema,
  reason: callEndReasonSchema.nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Who ended it; null while active and when the server ended it (not answered). */
  endedBy: idSchema.nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/** Whether a call still rings or talks (result wait or accept). */
export function isActiveCall(call: Pick<CallRecord, 'endedAt'>): boolean {
  return call.endedAt === null;
}

export const CALL_SORTS = ['createdAt'] as const;
/**
 * `GET /api/records/calls`: newest first unless `order=asc`. Staff read the enterprise's calls
 * (optionally one user's, on either side); a member reads only calls they took part in and
 * `userId` is ignored. `from`/`to` bound the start in ms (from inclusive, to exclusive).
 */
export const callListQuerySchema = listQuerySchema(CALL_SORTS, 'createdAt').extend({
  order: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc']).default('desc')),
  userId: idParam,
  result: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(callResultStateSchema).optional()),
  from: intParam,
  to: intParam,
});
export type CallListQuery = z.infer<typeof callListQuerySchema>;
