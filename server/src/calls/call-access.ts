import { CallResultState, parseCallChatId } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { notFound } from '../http/caller';
import { checkPttAccess, chatIdError, type PttActor } from '../ptt/ptt-access';

// Who may be in a 1V1 call's room (`{entId}-3-{callId}`): its two parties, while the call is
// accepted and not ended. Nobody else, staff included: a call is private (listening in is the
// environment listen of the monitoring issue, not a call room).

/** Resolves when the actor is a party of the accepted, active call the chat id names. */
export async function checkCallRoomAccess(q: Queryable, actor: PttActor, chatId: string): Promise<void> {
  const call = parseCallChatId(chatId);
  if (!call || call.entId !== actor.entId) throw chatIdError();
  const r = await q.query(
    `select 1 from calls where ent_id = $1 and id = $2 and ended_at is null and result = $3 and (caller_id = $4 or callee_id = $4)`,
    [actor.entId, call.callId, CallResultState.Accept, actor.userId],
  );
  // Ringing, ended, someone else's or unknown: there is no room to be in.
  if (r.rows.length === 0) throw notFound('call');
}

/** The Janus proxy's join check: a call's room for its parties, else floor control's rule. */
export function checkMediaRoomAccess(q: Queryable, actor: PttActor, chatId: string): Promise<void> {
  return parseCallChatId(chatId) ? checkCallRoomAccess(q, actor, chatId) : checkPttAccess(q, actor, chatId);
}
