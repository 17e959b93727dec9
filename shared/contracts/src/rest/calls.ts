import { z } from 'zod';
import { text } from '../text';
import { callResultStateSchema, singleCallReceiveStateSchema } from '../enums';
import { idSchema, parseIdText } from '../ids';
import { idParam, intParam, listQuerySchema } from '../list';

// 1V1 calls (spec sections 3, 4, 8): REST bodies and records. The /ws2 frame is in
// realtime/calls.ts; the lifecycle is described in docs/protocol.md ("Calls (MsgComm)").
//
// state (SingleCallReceiveState) / result (CallResultState):
// - ringing:    Waiting 1 / Wait 0 (the callee's console shows it as "receive")
// - accepted:   Connecting 3 / Accept 1 until both parties' audio is up in the call's room, then
//               Talking 2 / Accept 1
// - ended:      the state it had reached / Hangup 2 with a reason
// - media lost: Exception 4 / Exception 3, reason `mediaFailed` (the room could not be set up, or
//               a party's audio did not come up, or stayed away, for CALL_MEDIA_TIMEOUT_MS)

/** How long a call rings before it ends as not answered (CALL_RING_TIMEOUT_MS on the server). */
export const CALL_RING_TIMEOUT_MS = 30_000;

/** How long an accepted call waits for both parties' audio in its room, and how long a party's
 *  audio may be gone from it while talking, before the call ends as an exception (mediaFailed). */
export const CALL_MEDIA_TIMEOUT_MS = 15_000;

/** Why a call ended: the callee declined, the caller gave up while it rang, a party hung up an
 *  accepted call, nobody answered within the ring time, the call's audio failed, or the callee
 *  declined it as busy (a handset occupied with something else: the caller hears 'other party
 *  busy', as when the callee is in another call). */
export const CALL_END_REASONS = ['rejected', 'cancelled', 'hangup', 'notAnswered', 'mediaFailed', 'busy'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];
export const callEndReasonSchema = z.enum(CALL_END_REASONS);

/** The chat id of an accepted call's audio room: `{entId}-3-{callId}` (3 = 1V1 call; channels use
 *  1, temporary channels 2). Calls have no floor: `isPttChatId` is false for it. */
export function callChatId(entId: number, callId: number): string {
  return `${entId}-3-${callId}`;
}

export interface CallChatIdParts {
  entId: number;
  callId: number;
}

/** Reads `{entId}-3-{callId}` (canonical ids only); null for anything else. */
export function parseCallChatId(s: string): CallChatIdParts | null {
  const parts = s.split('-');
  if (parts.length !== 3 || parts[1] !== '3') return null;
  const entId = parseIdText(parts[0]);
  const callId = parseIdText(parts[2]);
  return entId === null || callId === null ? null : { entId, callId };
}

export const callPartySchema = z.object({ uid: idSchema, account: text(), nickname: text() });
export type CallParty = z.infer<typeof callPartySchema>;

/** Body of `POST /api/calls`. */
export const startCallSchema = z.object({ calleeId: idSchema.max(2_147_483_647) });
export type StartCallRequest = z.input<typeof startCallSchema>;

/** Body of `POST /api/calls/:id/reject` (optional): `busy` declines as busy (reason `busy`). */
export const rejectCallSchema = z.object({ busy: z.boolean().optional() });
export type RejectCallRequest = z.input<typeof rejectCallSchema>;

/** A call as REST answers it (also the call record). Times are ISO text. */
export const callRecordSchema = z.object({
  id: idSchema,
  caller: callPartySchema,
  callee: callPartySchema,
  state: singleCallReceiveStateSchema,
  result: callResultStateSchema,
  reason: callEndReasonSchema.nullable(),
  createdAt: text(),
  answeredAt: text().nullable(),
  endedAt: text().nullable(),
  /** Who ended it; null while active and when the server ended it (not answered). */
  endedBy: idSchema.nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

/**
 * A call the callee missed: it ended without being answered because nobody answered in time or
 * the caller gave up while it rang (not one the callee declined, or whose audio failed). The
 * server writes a missed-call entry (type 9, `{ callId, missed: true }`) into the personal chat.
 */
export function isMissedCall(call: Pick<CallRecord, 'answeredAt' | 'endedAt' | 'reason'>): boolean {
  return call.endedAt !== null && call.answeredAt === null && (call.reason === 'notAnswered' || call.reason === 'cancelled');
}

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
