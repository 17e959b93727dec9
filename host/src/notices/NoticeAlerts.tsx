import { useEffect } from 'react';
import { PERSONAL_KIND, noticeFrameSchema } from '@ptt/contracts';
import { addRemoteStrings } from '@ptt/ui';
import { useServices } from '../app/services';
import { notifierFor } from '../notify/useNotify';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/**
 * A notice sent to this user pops up wherever they are in the console. It arrives on the user
 * topic as a personal message (spec 7: any kind but the four named ones), recognised by its shape.
 */
export function NoticeAlerts(): null {
  const { bus } = useServices();
  useEffect(() => {
    const notifier = notifierFor(bus);
    const sub = bus.on('ws/user').subscribe(({ kind, data }) => {
      if (kind !== PERSONAL_KIND) return;
      const notice = noticeFrameSchema.safeParse(data);
      if (!notice.success) return;
      notifier.notify({
        intent: 'info',
        key: `${NS}:received`,
        values: { from: notice.data.from.nickname, title: notice.data.title },
        id: `notice-${notice.data.noticeId}`,
        // A notice is meant to be read: it stays until closed.
        timeoutMs: -1,
      });
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return null;
}
