import { MessageType } from '@ptt/contracts';
import type { ChatMessage, Command, UserStatus } from '@ptt/contracts';
import type { TFunction } from 'i18next';

/** Longest command detail shown inline; the rest is cut with an ellipsis. */
const DETAIL_MAX_CHARS = 160;

export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

/** Date and time of day, e.g. a call log entry. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A device's reply detail as plain text (a reason, or a small object such as a position). */
export function detailText(detail: unknown): string | null {
  if (detail === undefined || detail === null || detail === '') return null;
  const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
  return text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text;
}

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

/** i18n key of a command's name. */
export function commandKey(command: Command): string {
  const names: Record<Command, string> = {
    0: 'front',
    1: 'rear',
    2: 'voice',
    3: 'location',
    4: 'permission',
    5: 'appInfo',
    6: 'deviceInfo',
    7: 'wallOpen',
    8: 'wallClose',
    stun: 'stun',
    awaken: 'awaken',
    kill: 'kill',
  };
  return `console.commands.${names[command]}`;
}

export function statusKey(status: UserStatus): string {
  return `common:userStatus.${status}`;
}
