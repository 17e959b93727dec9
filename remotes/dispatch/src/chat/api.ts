import {
  CHAT_HISTORY_SIZE_MAX,
  PAGE_SIZE_MAX,
  channelMemberSchema,
  chatHistorySchema,
  chatMessageSchema,
  chatReadSchema,
  enterpriseSchema,
  fileMetaSchema,
  pageSchema,
  userSummarySchema,
} from '@ptt/contracts';
import type { ChatHistory, ChatMessage, ChatRead, FileMeta, SendMessageRequest } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';

// Every REST call of the chat feature (docs/protocol.md "Chat", server/src/files).

const chatPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`;

/** The `size` messages before message `before` (or the newest), oldest first. */
export function fetchHistory(
  api: ApiClient,
  chatId: string,
  opts: { before?: number; size: number; signal?: AbortSignal },
): Promise<ChatHistory> {
  return api.get(`${chatPath(chatId)}/messages`, {
    schema: chatHistorySchema,
    query: { before: opts.before, size: Math.min(opts.size, CHAT_HISTORY_SIZE_MAX) },
    signal: opts.signal,
  });
}

/** Sends one message; the same `clientMsgId` again answers the first stored copy. */
export function sendMessage(api: ApiClient, chatId: string, body: SendMessageRequest): Promise<ChatMessage> {
  return api.post(`${chatPath(chatId)}/messages`, body, { schema: chatMessageSchema });
}

export function markRead(api: ApiClient, chatId: string, messageId: number): Promise<ChatRead> {
  return api.post(`${chatPath(chatId)}/read`, { messageId }, { schema: chatReadSchema });
}

/** Uploads one file (multipart field `file`) within the enterprise's size quota. */
export function uploadFile(api: ApiClient, file: Blob, name: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<FileMeta> {
  const form = new FormData();
  form.append('file', file, name);
  return api.upload('/api/files', form, { schema: fileMetaSchema, onProgress, signal });
}

/** Largest file one upload may be (the server checks again). */
export async function maxFileBytes(api: ApiClient): Promise<number> {
  return (await api.get('/api/enterprise', { schema: enterpriseSchema })).maxFileBytes;
}

/** A user's nickname (staff only: `user.read`). */
export async function fetchUserName(api: ApiClient, userId: number): Promise<string> {
  return (await api.get(`/api/users/${userId}`, { schema: userSummarySchema })).nickname;
}

const memberPage = pageSchema(channelMemberSchema);

/** The first page of a channel's members, by user id: every member may read it. */
export async function fetchChannelMemberNames(api: ApiClient, channelId: number): Promise<Record<number, string>> {
  const page = await api.get(`/api/channels/${channelId}/members`, { schema: memberPage, query: { size: PAGE_SIZE_MAX } });
  return Object.fromEntries(page.items.map((m) => [m.userId, m.nickname]));
}
