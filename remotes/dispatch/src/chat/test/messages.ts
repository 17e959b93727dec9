import { MessageType } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';

// Messages for the chat tests (not part of the bundle: only *.test files import it).

export const ENT = 100001;
export const CHANNEL = 7;
export const CHAT = `${ENT}-1-${CHANNEL}`;
export const ME = { uid: 11, nickname: 'Dispatcher One' };
export const PEER = { uid: 21, nickname: 'Member One' };

export function textMessage(id: number, text: string, from = PEER, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    chatId: CHAT,
    kind: 'group',
    channelId: CHANNEL,
    toUserId: null,
    from,
    clientMsgId: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 8, 0, id % 60)).toISOString(),
    type: MessageType.Text,
    content: { text },
    ...extra,
  } as ChatMessage;
}

export function messages(fromId: number, count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) => textMessage(fromId + i, `message ${fromId + i}`));
}
