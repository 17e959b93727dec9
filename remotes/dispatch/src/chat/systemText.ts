import type { TFunction } from 'i18next';
import { MessageType } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';

export const SYSTEM_TYPES: readonly number[] = [
  MessageType.ChannelAddUser,
  MessageType.ChannelRemoveUser,
  MessageType.ChannelDisbandment,
  MessageType.ChannelSuspend,
];

export type SystemMessage = Extract<ChatMessage, { type: 200 | 201 | 202 | 203 }>;

export function isSystemMessage(m: ChatMessage): m is SystemMessage {
  return SYSTEM_TYPES.includes(m.type);
}

const KEY = {
  [MessageType.ChannelAddUser]: 'chat.system.added',
  [MessageType.ChannelRemoveUser]: 'chat.system.removed',
  [MessageType.ChannelDisbandment]: 'chat.system.disbanded',
  [MessageType.ChannelSuspend]: 'chat.system.suspended',
} as const;

/** "Alice added Bob, Carol to the channel": names from the cache, else "user #id". */
export function systemText(t: TFunction, m: SystemMessage, names: Record<number, string>): string {
  const name = (id: number) => names[id] ?? t('chat.userFallback', { id });
  const by = names[m.content.byUserId] ?? (m.from.uid === m.content.byUserId ? m.from.nickname : name(m.content.byUserId));
  const users = m.content.userIds.map(name).join(t('chat.listSeparator'));
  return t(KEY[m.type], { by, users, count: m.content.userIds.length });
}
