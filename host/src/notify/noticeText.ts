import type { Notification } from '@ptt/contracts';
import { serverCodeI18nKey } from '@ptt/contracts';

/** The i18n key a notification shows: its own key, else its server code's catalogue text. */
export function noticeKey(n: Pick<Notification, 'key' | 'code'>): string {
  return n.key ?? serverCodeI18nKey(n.code ?? 500);
}
