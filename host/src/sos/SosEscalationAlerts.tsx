import { useEffect } from 'react';
import { PERSONAL_KIND, SOS_ESCALATION_KIND } from '@ptt/contracts';
import { addRemoteStrings } from '@ptt/ui';
import { useServices } from '../app/services';
import { notifierFor } from '../notify/useNotify';
import { NS, en, zh } from './strings';

addRemoteStrings(NS, en, zh);

/** Where the escalation notice leads. */
export const SOS_PAGE_PATH = '/sosManagement';

/**
 * An SOS nobody acknowledged in time (ADR 025): the server sends a `SosEscalation` personal
 * message to each online member with `sos.escalation` (admins), and it stays on whatever screen
 * they are on until closed or followed to the SOS page. One per SOS: a repeat does not stack.
 */
export function SosEscalationAlerts(): null {
  const { bus } = useServices();
  useEffect(() => {
    const notifier = notifierFor(bus);
    const sub = bus.on('ws/user').subscribe((event) => {
      if (event.kind !== PERSONAL_KIND || event.t !== SOS_ESCALATION_KIND) return;
      const frame = event.data;
      notifier.notify(
        {
          intent: 'error',
          key: `${NS}:escalated`,
          values: { name: frame.nickname || frame.account, seconds: frame.afterS },
          id: `sos-escalation-${frame.sosId}`,
          timeoutMs: -1,
        },
        { labelKey: `${NS}:openPage`, to: SOS_PAGE_PATH },
      );
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return null;
}
