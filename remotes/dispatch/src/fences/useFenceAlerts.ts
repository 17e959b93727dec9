import { useEffect } from 'react';
import { WALL_ALERT_KIND, can } from '@ptt/contracts';
import type { Session } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { NS, useAppDispatch } from '../core';
import { fenceAlertEntry, fenceAlertHeard } from './slice';

/** A fence alert's notification stays this long; the alert list keeps it after. */
export const FENCE_NOTICE_MS = 10_000;

/**
 * Cross-border alerts for staff (ADR 027): each WallAlert on `ws/fence` is listed (with "Show on
 * map") and raised as a notification naming the member, the fence and the rule. The bus's
 * notifications carry text only, so the way to the map is the list's.
 */
export function useFenceAlerts(bus: EventBus, session: Session | null | undefined): void {
  const dispatch = useAppDispatch();
  const staff = session ? can(session.role, 'fence.read') : false;

  useEffect(() => {
    if (!staff) return;
    const sub = bus.on('ws/fence').subscribe((event) => {
      if (event.kind !== WALL_ALERT_KIND) return;
      const entry = fenceAlertEntry(event.data);
      dispatch(fenceAlertHeard(entry));
      bus.publish('notify', {
        intent: 'warning',
        key: `${NS}:fences.alert.${entry.type}`,
        values: { name: entry.name, fence: entry.fenceName },
        id: `fence-alert-${entry.alertId}`,
        timeoutMs: FENCE_NOTICE_MS,
      });
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch, staff]);
}
