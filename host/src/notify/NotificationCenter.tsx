import { useEffect, useRef } from 'react';
import { Button, Link, Toast, ToastFooter, ToastTitle, ToastTrigger, Toaster, makeStyles, useId, useToastController } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MAX } from '@ptt/contracts';
import type { Notification } from '@ptt/contracts';
import { useServices } from '../app/services';
import { clearNoticeAction, noticeActionFor, type NoticeAction } from './noticeActions';
import { noticeKey } from './noticeText';

/** Notifications without a timeout of their own stay this long. */
export const NOTIFICATION_TIMEOUT_MS = 5_000;

/** Translated at render time, so a shown notification follows a language switch. */
function NoticeToast({ notification, action, onAction }: { notification: Notification; action?: NoticeAction; onAction: (a: NoticeAction) => void }) {
  const { t } = useTranslation('common');
  return (
    <Toast>
      <ToastTitle
        action={
          // Every notification can be closed by hand, which matters for those that stay (-1).
          <ToastTrigger>
            <Button appearance="transparent" size="small" icon={<DismissRegular />} aria-label={t('notify.close')} />
          </ToastTrigger>
        }
      >
        {t(noticeKey(notification), notification.values)}
      </ToastTitle>
      {action ? (
        <ToastFooter>
          {/* Following the link closes the notification: it has done its job. */}
          <ToastTrigger>
            <Link as="button" onClick={() => onAction(action)}>
              {t(action.labelKey)}
            </Link>
          </ToastTrigger>
        </ToastFooter>
      ) : null}
    </Toast>
  );
}

const useStyles = makeStyles({
  // Above every other floating layer (Leaflet's controls use up to 1000; Fluent's portals stack in
  // the order they mount): the toaster's portal mounts with its first toast, so a dialog opened
  // after that (the dispatch SOS alert) used to cover later toasts, buttons and all (ADR 025).
  layer: { zIndex: 1_000_000 },
});

/**
 * The page's one toaster: shows what the bus's `notify` topic carries, at most NOTIFICATION_MAX
 * at once (spec 9); more wait in Fluent's queue until one closes.
 */
export function NotificationCenter() {
  const { bus } = useServices();
  const styles = useStyles();
  const toasterId = useId('notifications');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const counter = useRef(0);
  /** Toasts shown or queued, oldest first, with their intent (until Fluent unmounts them). */
  const live = useRef(new Map<string, Notification['intent']>());

  useEffect(() => {
    const shown = bus.on('notify').subscribe((notification) => {
      counter.current += 1;
      const id = notification.id ?? `auto-${counter.current}`;
      // An error does not wait behind others (spec 9 allows three at once): with the toaster full,
      // the oldest notice that is not an error closes to make room. Three patrol "checkpoint
      // missed" warnings, which stay until closed, once held an admin's SOS escalation back.
      if (notification.intent === 'error' && !live.current.has(id) && live.current.size >= NOTIFICATION_MAX) {
        const oldest = [...live.current].find(([, intent]) => intent !== 'error');
        if (oldest) dismissToast(oldest[0]);
      }
      if (!live.current.has(id)) live.current.set(id, notification.intent);
      const action = noticeActionFor(bus, notification.id);
      const onAction = (a: NoticeAction) => bus.publish('nav/go', { to: a.to });
      dispatchToast(<NoticeToast notification={notification} action={action} onAction={onAction} />, {
        // Fluent ignores a toast whose id is still showing or queued: that is the dedupe.
        toastId: id,
        intent: notification.intent,
        timeout: notification.timeoutMs ?? NOTIFICATION_TIMEOUT_MS,
        // Errors are announced at once; the rest wait for the screen reader to finish.
        politeness: notification.intent === 'error' ? 'assertive' : 'polite',
        onStatusChange: (_e, { status }) => {
          if (status !== 'unmounted') return;
          live.current.delete(id);
          if (action) clearNoticeAction(bus, id, action);
        },
      });
    });
    const dismissed = bus.on('notify/dismiss').subscribe(({ id }) => dismissToast(id));
    return () => {
      shown.unsubscribe();
      dismissed.unsubscribe();
    };
  }, [bus, dispatchToast, dismissToast]);

  // Bottom right: the top right is where the dispatch console's SOS alert stands (ADR 025), and a
  // notice about that SOS must not hide its title.
  return <Toaster toasterId={toasterId} className={styles.layer} limit={NOTIFICATION_MAX} position="bottom-end" pauseOnHover />;
}
