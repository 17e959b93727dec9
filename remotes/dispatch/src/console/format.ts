import { MessageType } from '@ptt/contracts';
import type { ChatMessage, UserStatus } from '@ptt/contracts';
import type { TFunction } from 'i18next';

/** One line for the channel list: the text itself or the kind of message, with its sender. */
export function messagePreview(message: ChatMessage, t: TFunction, withSender: boolean, peerId: number | null = null): string {
  const text =
    message.type === MessageType.Text
      ? message.content.text.replace(/\s+/g, ' ')
      : message.type === MessageType.AudioTalk && message.content.missed === true
        ? // A missed call: the peer called me (missed), or I called the peer (not answered).
          t(message.from.uid === peerId ? 'console.messageType.missedCall' : 'console.messageType.callNotAnswered')
        : t(`console.messageType.${message.type}`);
  return withSender ? t('console.channels.preview', { name: message.from.nickname, text }) : text;
}

export function statusKey(status: UserStatus): string {
  return `common:userStatus.${status}`;
}
