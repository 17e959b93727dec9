import { PTT_RECENT_BURSTS, parseChatId, type ChatMessage } from '@ptt/contracts';
import { channelState, messagesByIds } from '../chat/chat.repository';
import type { Db } from '../db/db';
import { channelNotFound, chatIdError, requireChannelMember, type PttActor } from './ptt-access';
import { recentBurstIds } from './ptt.repository';

/**
 * A channel's last PTT messages (type 8), newest first, so the console can replay the latest
 * transmissions. Reading as the chat reads: members of the channel, suspended or disbanded too
 * (the history stays); temporary channels keep no bursts, so their chat ids answer 2008.
 */
export class RecentBursts {
  constructor(private readonly db: Db) {}

  async list(actor: PttActor, chatId: string): Promise<ChatMessage[]> {
    const channel = parseChatId(chatId);
    if (!channel || channel.entId !== actor.entId) throw chatIdError();
    const state = await channelState(this.db, actor.entId, channel.channelId, actor.userId);
    if (!state) throw channelNotFound();
    requireChannelMember(actor, state.member);
    const ids = await recentBurstIds(this.db, chatId, PTT_RECENT_BURSTS);
    const byId = await messagesByIds(this.db, ids);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
