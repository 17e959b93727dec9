import { MessageType, PAGE_SIZE_MAX, channelSchema, chatId, chatMessageSchema, pageSchema } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

const channelPage = pageSchema(channelSchema);

/**
 * The chat id of the enterprise channel, which everyone belongs to; null if it is not among the
 * caller's channels. Channels come by id, and the enterprise's is created with the enterprise, so
 * it is on the first page.
 */
export async function enterpriseChatId(api: ApiClient, entId: number, signal?: AbortSignal): Promise<string | null> {
  const page = await api.get('/api/channels', { schema: channelPage, query: { size: PAGE_SIZE_MAX, sort: 'id' }, signal });
  const channel = page.items.find((c) => c.isEnterprise);
  return channel ? chatId(entId, channel.id) : null;
}

export function sendText(api: ApiClient, chat: string, text: string, clientMsgId: string): Promise<ChatMessage> {
  return api.post(
    `/api/chats/${encodeURIComponent(chat)}/messages`,
    { type: MessageType.Text, content: { text }, clientMsgId },
    { schema: chatMessageSchema },
  );
}
