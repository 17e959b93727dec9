import { useEffect } from 'react';
import { NOTICE_KIND, PERSONAL_KIND } from '@ptt/contracts';
import { addRemoteStrings } from '@ptt/ui';
import { useServices } from '../app/services';
import { notifierFor } from '../notify/useNotify';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/**
 * A notice sent to this user pops up wherever they are in the console. It arrives on the user
 * topic as a personal message (spec 7: any kind but the four named ones) with `t` Notice.
 */
export function NoticeAlerts(): null {
  const { bus } = useServices();
  useEffect(() => {
    const notifier = notifierFor(bus);
    const sub = bus.on('ws/user').subscribe((event) => {
      if (event.kind !== PERSONAL_KIND || event.t !== NOTICE_KIND) return;
      const notice = event.data;
      notifier.notify({
        intent: 'info',
        key: `${NS}:received`,
        values: { from: notice.from.nickname, title: notice.title },
        id: `notice-${notice.noticeId}`,
        // A notice is meant to be read: it stays until closed.
        timeoutMs: -1,
      });
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return null;
}
