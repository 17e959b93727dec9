import { useMemo } from 'react';
import type { Notification } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import type { EventBus } from '@ptt/event-bus';
import { useServices } from '../app/services';
import { setNoticeAction, type NoticeAction } from './noticeActions';

export interface Notifier {
  /** `action` (host notifications only) adds a link; it needs the notification's `id`. */
  notify: (notification: Notification, action?: NoticeAction) => void;
  /** A failed call: its server code's text, or the network error for an answer that never came. */
  error: (e: unknown) => void;
  dismiss: (id: string) => void;
}

/** The one way to raise a notification: through the bus, which remotes publish to as well. */
export function notifierFor(bus: EventBus): Notifier {
  return {
    notify: (notification, action) => {
      if (action) {
        if (notification.id === undefined) throw new Error('a notification with an action needs an id');
        setNoticeAction(bus, notification.id, action);
      }
      bus.publish('notify', notification);
    },
    error: (e) => {
      if (isApiError(e)) bus.publish('notify', { intent: 'error', key: e.i18nKey });
      else bus.publish('notify', { intent: 'error', key: 'serverCode.500' });
    },
    dismiss: (id) => bus.publish('notify/dismiss', { id }),
  };
}

export function useNotify(): Notifier {
  const { bus } = useServices();
  return useMemo(() => notifierFor(bus), [bus]);
}
