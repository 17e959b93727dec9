import { Role, ServerCode, parseChatId, parseTempChannelChatId } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import type { ActiveSession } from '../auth/session.repository';
import { channelState } from '../chat/chat.repository';
import { AppError } from '../http/app-error';
import { forbidden, notFound, ruleError } from '../http/caller';

// Who may be in a chat id's room and hold its floor: members of an enabled channel, or members of
// an open temporary channel. Shared by floor control and the Janus proxy's join check. The rules
// are the chat's send rules (server/src/chat/chat.service.ts): staff talk only in channels they
// are members of, like they chat only there; one query per check.
export type PttActor = Pick<ActiveSession, 'entId' | 'userId' | 'role'>;

/** Where a floor lives: a channel, or a temporary channel with its fixed member list. */
export type PttPlace =
  | { kind: 'channel'; chatId: string; entId: number; channelId: number }
  | { kind: 'temp'; chatId: string; entId: number; tempChannelId: number; createdBy: number; memberIds: number[] };

export function chatIdError(): AppError {
  return new AppError(ServerCode.ChatIdError, { field: 'chatId' });
}

export function channelNotFound(): AppError {
  return new AppError(ServerCode.ChannelNotFound, { reason: 'rule.notFound', what: 'channel' });
}

/** Members of a channel, as the chat decides it: a member (role 0) is told another channel does not
 *  exist (they cannot see it), staff who are not on it get 'Insufficient permissions'. */
export function requireChannelMember(actor: PttActor, member: boolean): void {
  if (member) return;
  throw actor.role === Role.User ? channelNotFound() : forbidden();
}

interface TempRow {
  open: boolean;
  createdBy: number;
  memberIds: number[];
}

/** The place a chat id names, if the actor may talk there; throws the refusal otherwise. */
export async function pttAccess(q: Queryable, actor: PttActor, chatId: string): Promise<PttPlace> {
  const channel = parseChatId(chatId);
  if (channel) {
    if (channel.entId !== actor.entId) throw chatIdError();
    const state = await channelState(q, actor.entId, channel.channelId, actor.userId);
    if (!state) throw channelNotFound();
    if (state.disbanded) throw ruleError(ServerCode.ChannelAbnormal, 'channelDisbanded');
    requireChannelMember(actor, state.member);
    if (!state.enabled) throw ruleError(ServerCode.ChannelAbnormal, 'channelSuspended');
    return { kind: 'channel', chatId, entId: channel.entId, channelId: channel.channelId };
  }
  const temp = parseTempChannelChatId(chatId);
  if (!temp || temp.entId !== actor.entId) throw chatIdError();
  const r = await q.query<TempRow>(
    `select t.closed_at is null as open, t.created_by as "createdBy",
            coalesce((select json_agg(m.user_id order by m.user_id) from temp_channel_members m where m.temp_channel_id = t.id), '[]'::json) as "memberIds"
       from temp_channels t where t.ent_id = $1 and t.id = $2`,
    [actor.entId, temp.tempChannelId],
  );
  const row = r.rows[0];
  // Closed, someone else's or unknown: there is no room to be in, whoever asks.
  if (!row || !row.open || !row.memberIds.map(Number).includes(actor.userId)) throw notFound('tempChannel');
  return { kind: 'temp', chatId, entId: temp.entId, tempChannelId: temp.tempChannelId, createdBy: Number(row.createdBy), memberIds: row.memberIds.map(Number) };
}

/** The Janus proxy's join check: resolves when the actor may be in the chat id's room. */
export async function checkPttAccess(q: Queryable, actor: PttActor, chatId: string): Promise<void> {
  await pttAccess(q, actor, chatId);
}
